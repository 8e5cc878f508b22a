import type { RoleId } from '../../../edge/src/domain/roles';

/**
 * Roles of SPEC.md section 3 and who may do what (section 6). The server enforces every rule again; these only decide
 * what the app shows, so a user never sees a link, tab or button that would be refused.
 */
export type { RoleId };

export const ROLE = { ADMINISTRATOR: 1, SUPERVISOR: 2, OPERATOR: 3, CONSULTANT: 4 } as const satisfies Record<string, RoleId>;

export type Roles = readonly RoleId[];

/** Administrator, supervisor, consultant and operator: the OEE line menu and the dashboard of a line. */
export const LINE_ROLES: Roles = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.OPERATOR];
/** Indexes, summary and reports. */
export const ANALYSIS_ROLES: Roles = [ROLE.SUPERVISOR, ROLE.CONSULTANT, ROLE.ADMINISTRATOR];
/** The Configuración link of the user menu. */
export const CONFIGURATION_ROLES: Roles = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR];
/** The configuration tabs only the administrator sees. */
export const ADMINISTRATOR_ONLY: Roles = [ROLE.ADMINISTRATOR];
/** Tabs the supervisor manages and the administrator only reads (equipment, targets, products, speeds, stop reasons). */
export const SUPERVISOR_WRITES: Roles = [ROLE.SUPERVISOR];
/** Roles that watch lines at a terminal; without a terminal they get the "not configured" page, not a line picker. */
export const OPERATIONAL_ROLES: Roles = [ROLE.OPERATOR];

export function hasRole(roleID: number | null | undefined, allowed: Roles | 'any'): boolean {
  if (roleID === null || roleID === undefined) return false;
  return allowed === 'any' || (allowed as readonly number[]).includes(roleID);
}
