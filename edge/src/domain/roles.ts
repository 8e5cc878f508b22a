/** Roles of SPEC.md section 3: 1 administrator, 2 supervisor, 3 operator, 4 consultant. */
export const ROLE = {
  ADMINISTRATOR: 1,
  SUPERVISOR: 2,
  OPERATOR: 3,
  CONSULTANT: 4,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ALL_ROLES: readonly RoleId[] = [ROLE.ADMINISTRATOR, ROLE.SUPERVISOR, ROLE.OPERATOR, ROLE.CONSULTANT];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ALL_ROLES as readonly number[]).includes(value);
}

/**
 * Who may do what on orders (SPEC.md section 6), here so the app imports the same constants it shows its buttons by
 * (the server enforces them on the routes).
 */
/** Creating and editing orders (the order manager's plan): the supervisor's, like the rest of production planning. */
export const ORDER_PLAN_ROLES = [ROLE.SUPERVISOR] as const;
/** Starting and finishing orders on a line. */
export const ORDER_RUN_ROLES = [ROLE.SUPERVISOR, ROLE.OPERATOR] as const;
