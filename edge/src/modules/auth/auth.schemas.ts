import { z } from 'zod';

const trimmed = z.string().trim();

/**
 * The longest name a sign-in or a signature may carry: a user id (the edge's have at most 12 characters, the portal's
 * 40) or a directory account (64 characters at most, directory-names.ts) written with its domain (user@planta.local,
 * PLANTA\user). Refused before anything is looked up or remembered: 60 sign-ins with 4 MB names once held 244 MB as
 * keys of the per-name throttle (issue 26).
 */
export const SIGN_IN_NAME_MAX = 128;
/** The longest password a sign-in or a signature may carry: a directory's own limit (Active Directory: 256). */
export const SIGN_IN_PASSWORD_MAX = 256;

const signInName = () => z.preprocess((v) => v ?? '', trimmed.min(1, 'login.usernameRequired').max(SIGN_IN_NAME_MAX));
const signInPassword = () => z.preprocess((v) => v ?? '', trimmed.min(1, 'login.passwordRequired').max(SIGN_IN_PASSWORD_MAX));

export const loginSchema = z.object({
  userid: signInName(),
  password: signInPassword(),
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

/** POST /api/users/isvalid: the session lives (an expired one is 401); the portal's sessions never carry mustChangePassword. */
export const sessionCheckSchema = z.object({
  valid: z.literal(true),
  userID: z.string(),
  roleID: z.number().int(),
  mustChangePassword: z.boolean().optional(),
});

/** The username and password a signed action carries (SPEC.md section 6), trimmed (section 5, signing form). */
export const signatureFields = {
  username: signInName(),
  password: signInPassword(),
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
  currentPassword: signInPassword(),
  newPassword: newPasswordField(),
});
