import { Badge, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/data-grid/data-grid';
import type { GridField, GridRow } from '../../../components/data-grid/grid-types';
import { notify } from '../../../components/feedback/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { AUDIT_FIELDS, userFields } from '../../../components/data-grid/shared-fields';
import { useSendTelegramLink, useTelegramUsers, type TelegramRegistration } from '../api/telegram-users';

const USER = userFields(
  {
    kind: 'static',
    options: [
      { value: 1, label: 'roles.1' },
      { value: 2, label: 'roles.2' },
      { value: 3, label: 'roles.3' },
      { value: 4, label: 'roles.4' },
    ],
  },
  { lastNameRequired: true },
);

const FIELDS: readonly GridField[] = [
  ...USER.names,
  { name: 'email', label: 'fields.email' },
  USER.password,
  USER.role,
  { name: 'groupID', label: 'fields.groupID', kind: 'select', options: { kind: 'lookup', path: '/api/notifications/groups/lookup' } },
  USER.active,
  {
    name: 'language',
    label: 'fields.language',
    kind: 'select',
    defaultValue: 'es',
    width: 130,
    options: {
      kind: 'static',
      options: [
        { value: 'es', label: 'options.language.es' },
        { value: 'en', label: 'options.language.en' },
      ],
    },
  },
  USER.temporaryPassword,
  ...AUDIT_FIELDS,
];

function registrationBadge(state: TelegramRegistration | undefined) {
  if (state?.registered) return { palette: 'green', key: 'telegramUsers.registered' } as const;
  if (state?.linkPending) return { palette: 'orange', key: 'telegramUsers.linkPending' } as const;
  return { palette: 'gray', key: 'telegramUsers.notRegistered' } as const;
}

/**
 * Users (administrator). The user name is the key: typed once, never changed. A password the administrator sets is
 * temporary: the user changes it at the next sign-in ('Contraseña temporal' until then). Telegram registration (SPEC.md
 * sections 7, 8): each row says whether the user is registered with the bot and emails them their link; the toolbar
 * emails every active user with an address.
 */
export default function UsersTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  const registrations = useTelegramUsers(canWrite);
  const send = useSendTelegramLink();
  const byUser = new Map((registrations.data ?? []).map((state) => [state.userID.toLowerCase(), state]));

  const sendLink = (userID: string | null) =>
    send.mutate(userID, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        if (answer.failed?.length)
          notify.warning(t('telegramUsers.failed'), t('telegramUsers.someFailed', { users: answer.failed.join(', ') }));
      },
      // A user who needs an email first is information (SPEC.md section 5); a failed mail is an error: the server's words.
      onError: (error) =>
        (error instanceof ApiError && error.status === 400 ? notify.info : notify.error)(errorMessage(error, t('telegramUsers.failed'))),
    });

  return (
    <DataGrid
      path="/api/users"
      keyFields={['userID']}
      fields={FIELDS}
      canWrite={canWrite}
      exportName="usuarios"
      testId="users-grid"
      toolbar={
        canWrite ? (
          <Button
            size="sm"
            variant="outline"
            loading={send.isPending && send.variables === null}
            onClick={() => sendLink(null)}
            data-testid="telegram-send-all"
          >
            {t('telegramUsers.sendAll')}
          </Button>
        ) : undefined
      }
      rowActions={
        canWrite
          ? {
              header: t('telegramUsers.column'),
              width: 250,
              render: (row: GridRow) => {
                const userID = String(row.userID);
                const badge = registrationBadge(byUser.get(userID.toLowerCase()));
                return (
                  <HStack gap="2">
                    <Badge colorPalette={badge.palette} data-testid={`telegram-state-${userID}`}>
                      {t(badge.key)}
                    </Badge>
                    <Button
                      size="xs"
                      variant="outline"
                      loading={send.isPending && send.variables === userID}
                      onClick={() => sendLink(userID)}
                      data-testid={`telegram-send-${userID}`}
                    >
                      {t('telegramUsers.sendLink')}
                    </Button>
                  </HStack>
                );
              },
            }
          : undefined
      }
    />
  );
}
