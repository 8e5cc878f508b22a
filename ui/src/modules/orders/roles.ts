import { ROLE, type Roles } from '../../lib/roles';

/** Who starts and finishes orders on a line (the server's ORDER_RUN_ROLES). */
export const ORDER_RUN_ROLES: Roles = [ROLE.SUPERVISOR, ROLE.OPERATOR];
/** Who creates, edits and deletes orders (the server's ORDER_PLAN_ROLES). */
export const ORDER_PLAN_ROLES: Roles = [ROLE.SUPERVISOR];
