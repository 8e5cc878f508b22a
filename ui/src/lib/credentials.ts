/** A username and password as the server takes them (login, and the signature of signed actions). */
export interface Credentials {
  userid: string;
  password: string;
}

export type CredentialErrorKey = 'login.usernameRequired' | 'login.passwordRequired';

/** The login and signing forms' own checks (SPEC.md section 5): both fields required, input trimmed. */
export function validateCredentials(username: string, password: string): { credentials: Credentials; errors: CredentialErrorKey[] } {
  const credentials = { userid: username.trim(), password: password.trim() };
  const errors: CredentialErrorKey[] = [];
  if (!credentials.userid) errors.push('login.usernameRequired');
  if (!credentials.password) errors.push('login.passwordRequired');
  return { credentials, errors };
}
