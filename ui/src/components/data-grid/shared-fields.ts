import type { FetchedOptions, GridField, OptionSource } from './grid-types';

/** Who changed a record and when (read-only columns). */
export const AUDIT_FIELDS: readonly GridField[] = [
  { name: 'updatedBy', label: 'fields.updatedBy', readOnly: true, width: 130 },
  { name: 'updateDate', label: 'fields.updateDate', kind: 'date', readOnly: true, width: 170 },
];

/**
 * The columns every users grid has, the edge's and the central portal's: the name (the key, typed once), the person's
 * names, a password the administrator sets (write-only, temporary: 'Contraseña temporal' until its owner changes it at
 * the next sign-in), the role (each app's own), whether the user may sign in.
 */
export function userFields(roles: OptionSource, { lastNameRequired }: { lastNameRequired: boolean }) {
  return {
    names: [
      { name: 'userID', label: 'fields.userID', key: true, required: true, width: 130 },
      { name: 'firstName', label: 'fields.firstName', required: true },
      { name: 'lastName', label: 'fields.lastName', required: lastNameRequired },
    ] satisfies GridField[],
    password: { name: 'password', label: 'fields.password', kind: 'password', writeOnly: true } satisfies GridField,
    role: { name: 'roleID', label: 'fields.roleID', kind: 'select', required: true, width: 140, options: roles } satisfies GridField,
    active: { name: 'active', label: 'fields.active', kind: 'boolean', defaultValue: true, width: 100 } satisfies GridField,
    // Set by the server when an administrator gives a user a password; the user's own change clears it.
    temporaryPassword: {
      name: 'mustChangePassword',
      label: 'fields.mustChangePassword',
      kind: 'boolean',
      readOnly: true,
      width: 160,
    } satisfies GridField,
  };
}

export const LINE_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/Resources/LookupResources' };
export const SECTOR_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/sectors/lookup' };
export const BUILDING_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/buildings/lookup' };
export const PRODUCT_OPTIONS: FetchedOptions = { kind: 'lookup', path: '/api/products/lookup' };
