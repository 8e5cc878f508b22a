import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField } from '../../../components/data-grid/grid-types';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { AUDIT_FIELDS } from '../../../components/data-grid/shared-fields';

const FIELDS: readonly GridField[] = [
  { name: 'userID', label: 'fields.userID', key: true, required: true, width: 130 },
  { name: 'firstName', label: 'fields.firstName', required: true },
  { name: 'lastName', label: 'fields.lastName', required: true },
  { name: 'email', label: 'fields.email' },
  { name: 'password', label: 'fields.password', kind: 'password', writeOnly: true },
  {
    name: 'roleID',
    label: 'fields.roleID',
    kind: 'select',
    required: true,
    width: 140,
    options: {
      kind: 'static',
      options: [
        { value: 1, label: 'roles.1' },
        { value: 2, label: 'roles.2' },
        { value: 3, label: 'roles.3' },
        { value: 4, label: 'roles.4' },
      ],
    },
  },
  { name: 'groupID', label: 'fields.groupID', kind: 'select', options: { kind: 'lookup', path: '/api/notifications/groups/lookup' } },
  { name: 'active', label: 'fields.active', kind: 'boolean', defaultValue: true, width: 100 },
  // Set by the server when an administrator gives a user a password; the user's own change clears it.
  { name: 'mustChangePassword', label: 'fields.mustChangePassword', kind: 'boolean', readOnly: true, width: 160 },
  ...AUDIT_FIELDS,
];

/**
 * Users (administrator). The user name is the key: typed once, never changed. A password the administrator sets is
 * temporary: the user changes it at the next sign-in ('Contraseña temporal' until then).
 */
export default function UsersTab({ canWrite }: ConfigurationPageProps) {
  return <DataGrid path="/api/users" keyFields={['userID']} fields={FIELDS} canWrite={canWrite} exportName="usuarios" testId="users-grid" />;
}
