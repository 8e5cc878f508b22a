import { ORDER_ADJUST_ROLES, ROLE, type RoleId } from '../../../edge/src/domain/roles';

/**
 * Roles of SPEC.md section 3 and who may do what (section 6). The server enforces every rule again; these only decide
 * what the app shows, so a user never sees a link, tab or button that would be refused. The role ids and the rules
 * the server names are the edge's own pure constants (`edge/src/domain/roles.ts`), imported, never copied.
 */
export type { RoleId };
export { ROLE };

export type Roles = readonly RoleId[];

/** Administrator, supervisor, consultant and operator: the OEE line menu and the dashboard of a line. */
export const LINE_ROLES: Roles = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.OPERATOR];
/** Indexes, summary and reports. */
export const ANALYSIS_ROLES: Roles = [ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.ADMINISTRATOR];
/** The Configuración link of the user menu. */
export const CONFIGURATION_ROLES: Roles = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR];
/** The preload of operation orders: the supervisor changes it, the administrator reads it. */
export const PRELOAD_ROLES: Roles = [ROLE.SUPERVISOR, ROLE.ADMINISTRATOR];
/** The configuration tabs only the administrator sees. */
export const ADMINISTRATOR_ONLY: Roles = [ROLE.ADMINISTRATOR];
/** What only the supervisor changes: equipment, targets, products, speeds, stop reasons, preload and validation orders. */
export const SUPERVISOR_WRITES: Roles = [ROLE.SUPERVISOR];
/** SPEC.md section 6: 'Ajustar' on an order's discount time (the dashboard's previous order, the order-index grid). */
export { ORDER_ADJUST_ROLES };
/** Roles that watch lines at a terminal; without a terminal they get the "not configured" page, not a line picker. */
export const OPERATIONAL_ROLES: Roles = [ROLE.OPERATOR];

export function hasRole(roleID: number | null | undefined, allowed: Roles | 'any'): boolean {
  if (roleID === null || roleID === undefined) return false;
  return allowed === 'any' || (allowed as readonly number[]).includes(roleID);
}
