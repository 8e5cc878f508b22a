import { z } from 'zod';
import { newPasswordField } from '../auth/auth.schemas';
import { flag, optionalEmail, optionalId, requiredInt, requiredText } from '../grid/fields';

/** SPEC.md section 3, User, as the API shows it: the password is write-only and never returned (nor its hash). */
export const USER_COLUMNS = {
  userID: 'string',
  groupID: 'number',
  firstName: 'string',
  lastName: 'string',
  email: 'string',
  roleID: 'number',
  active: 'boolean',
  language: 'string',
  /** Read-only: the password was set for the user (by an administrator, setup or reset-admin) and is changed at the next sign-in. */
  mustChangePassword: 'boolean',
  updatedBy: 'string',
  updateDate: 'date',
} as const;

const USER_ID_REQUIRED = 'user.userIDRequired';

/** SPEC.md section 5, User. */
export const userSchema = z.object({
  userID: requiredText(12, USER_ID_REQUIRED),
  groupID: optionalId(),
  firstName: requiredText(40),
  lastName: requiredText(40),
  email: optionalEmail(),
  // Required on insert; on update an absent or empty password keeps the stored one (the grid makes it optional).
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), newPasswordField()),
  roleID: requiredInt({ min: 1, max: 4 }),
  active: flag(true),
  // The language of the alerts the user receives (issue 17): Spanish unless English.
  language: z.enum(['es', 'en'], { error: 'validation.invalid' }).default('es'),
});
