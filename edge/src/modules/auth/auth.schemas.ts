import { z } from 'zod';

const trimmed = z.string().trim();

export const loginSchema = z.object({
  userid: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.usernameRequired')),
  password: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.passwordRequired')),
});

export const sessionUserSchema = z.object({
  userID: z.string(),
  roleID: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  token: z.string(),
  /** True when the password was set for the user (setup, reset-admin): every other call answers 403 until changed. */
  mustChangePassword: z.boolean(),
});

/** The username and password a signed action carries (SPEC.md section 6), trimmed (section 5, signing form). */
export const signatureFields = {
  username: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.usernameRequired')),
  password: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.passwordRequired')),
};

/**
 * A password someone sets (users grid, change of password; issue 15): 8 to 50 characters (SPEC.md section 5: max 50),
 * with no blank at either end — sign-in trims what is typed, so such a password could never be used, and a password
 * of blanks only has them at both ends. One message for every case.
 */
export function newPasswordField() {
  return z
    .string()
    .max(50)
    .refine((password) => password.length >= 8 && password.trim() === password, 'password.rules');
}

/** `POST /api/users/changePassword`: the user's own password, signed with the current one. */
export const changePasswordSchema = z.object({
  currentPassword: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.passwordRequired')),
  newPassword: newPasswordField(),
});
