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

/** Recognizing, modifying and splitting stops, and signing those actions (SPEC.md section 6). */
export const STOP_EDIT_ROLES = [ROLE.SUPERVISOR, ROLE.OPERATOR] as const;
/** Deleting a stop entered by hand (the manual stops manager). */
export const STOP_DELETE_ROLES = [ROLE.SUPERVISOR] as const;
/** 'Ajustar' on an order's discount time (SPEC.md section 6). */
export const ORDER_ADJUST_ROLES = [ROLE.SUPERVISOR] as const;
/** Declaring production lots and discards by hand (the production manager): supervisors and operators. */
export const PRODUCTION_DECLARING_ROLES = [ROLE.SUPERVISOR, ROLE.OPERATOR] as const;

/**
 * Who does what with maintenance calls. There is no maintenance role in SPEC.md section 3: maintenance staff log in
 * on their terminals with the operator role, so operators and supervisors call, start and finish; closing a call as
 * not a maintenance matter (NoMtto) is the supervisor's decision. Every role that sees a line reads the calls.
 */
export const MAINTENANCE_CALL_ROLES = [ROLE.SUPERVISOR, ROLE.OPERATOR] as const;
export const MAINTENANCE_CLOSE_ROLES = [ROLE.SUPERVISOR] as const;
