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
