import type { z } from 'zod';
import type { PortalRoleId, portalUserRowSchema } from '../../../../../portal/portal.schemas';

/** A portal user as the users grid and its writes answer it (never a password). */
export type PortalUserRow = z.infer<typeof portalUserRowSchema>;

/** The portal's users grid resource (GET/POST/PUT/DELETE, administrators only). */
export const PORTAL_USERS_PATH = '/api/portal/users';

/** The portal's roles (portal/portal.schemas.ts): the administrator manages users, the analyst reads. */
export const PORTAL_ROLE = { ADMINISTRATOR: 1, ANALYST: 2 } as const satisfies Record<string, PortalRoleId>;

export const isPortalAdministrator = (roleID: number | null | undefined) => roleID === PORTAL_ROLE.ADMINISTRATOR;
