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
});

/** The username and password a signed action carries (SPEC.md section 6), trimmed (section 5, signing form). */
export const signatureFields = {
  username: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.usernameRequired')),
  password: z.preprocess((v) => v ?? '', trimmed.min(1, 'login.passwordRequired')),
};
