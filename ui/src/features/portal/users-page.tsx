import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { AUDIT_FIELDS, userFields } from '../../components/data-grid/shared-fields';
import { useDocumentTitle } from '../../components/use-document-title';
import { PORTAL_ROLE, PORTAL_USERS_PATH, type PortalUserRow } from './api/portal-users';

const USER = userFields(
  {
    kind: 'static',
    options: [
      { value: PORTAL_ROLE.ADMINISTRATOR, label: 'portal.users.roles.1' },
      { value: PORTAL_ROLE.ANALYST, label: 'portal.users.roles.2' },
    ],
  },
  { lastNameRequired: false },
);

/** The portal's users: the edge's users columns but its e-mail, alert group and language (the portal sends nothing). */
const FIELDS: readonly GridField[] = [...USER.names, USER.password, USER.role, USER.active, USER.temporaryPassword, ...AUDIT_FIELDS];

/**
 * The portal's users (administrators; the router refuses anyone else): add, change and delete in the app's grid, as
 * the edge's Users tab. A password the administrator gives is temporary ('Contraseña temporal': Sí) until its owner
 * changes it at sign-in; the server's refusals (the last active administrator) show as the edge shows them.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('portal.users.title'));
  return (
    <Stack gap="3" p="4" data-testid="portal-users">
      <Heading size="lg">{t('portal.users.title')}</Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('portal.users.hint')}
      </Text>
      <DataGrid<PortalUserRow>
        path={PORTAL_USERS_PATH}
        keyFields={['userID']}
        fields={FIELDS}
        canWrite
        exportName="usuarios-portal"
        height={420}
        testId="portal-users-grid"
      />
    </Stack>
  );
}
