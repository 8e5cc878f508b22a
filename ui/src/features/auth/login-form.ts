import type { Credentials } from './api/authenticate';

export type LoginErrorKey = 'login.usernameRequired' | 'login.passwordRequired';

/** The login form's own checks (SPEC.md section 5): both fields required, input trimmed. */
export function validateLogin(username: string, password: string): { credentials: Credentials; errors: LoginErrorKey[] } {
  const credentials = { userid: username.trim(), password: password.trim() };
  const errors: LoginErrorKey[] = [];
  if (!credentials.userid) errors.push('login.usernameRequired');
  if (!credentials.password) errors.push('login.passwordRequired');
  return { credentials, errors };
}
