import { ROLE, type Roles } from '../../lib/roles';

/**
 * Maintenance staff have no role of their own (SPEC.md section 3): they log in as operators. Operators and supervisors
 * call maintenance, start and finish calls; closing one as not a maintenance matter is the supervisor's.
 */
export const MAINTENANCE_CALL_ROLES: Roles = [ROLE.SUPERVISOR, ROLE.OPERATOR];
export const MAINTENANCE_CLOSE_ROLES: Roles = [ROLE.SUPERVISOR];
