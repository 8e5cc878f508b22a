import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../../components/compact-table';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { useNotificationDiagnostics } from '../api/get-notifications';
import { ViewPanel } from './view-panel';

/** Telegram and email alerts (issue 17): whether each channel is on, the last day's counts, the latest sends and failures. */
export function NotificationsView() {
  const { t } = useTranslation();
  const diagnostics = useNotificationDiagnostics();
  const onOff = (on: boolean) => t(on ? 'diagnostics.notifications.on' : 'diagnostics.notifications.off');
  return (
    <ViewPanel title={t('diagnostics.views.notifications')} query={diagnostics} isEmpty={() => false} testId="view-notifications">
      {(data) => (
        <Stack gap="2">
          <Text fontSize="sm">
            {t('diagnostics.notifications.channels', {
              telegram: onOff(data.telegram.enabled),
              email: onOff(data.email.enabled),
              polling: onOff(data.telegram.polling),
            })}
          </Text>
          <Text fontSize="sm" data-testid="notifications-counts">
            {t('diagnostics.notifications.counts', data.last24h)}
          </Text>
          {data.telegram.lastPollError && (
            <Text fontSize="sm" color="fg.error">
              {t('diagnostics.notifications.pollError', { error: data.telegram.lastPollError })}
            </Text>
          )}
          {data.recent.length === 0 ? (
            <Text color="fg.muted">{t('diagnostics.noData')}</Text>
          ) : (
            <CompactTable
              columns={[
                { label: t('diagnostics.notifications.due') },
                { label: t('diagnostics.notifications.event') },
                { label: t('diagnostics.line') },
                { label: t('diagnostics.notifications.group') },
                { label: t('diagnostics.notifications.channel') },
                { label: t('diagnostics.notifications.recipient') },
                { label: t('diagnostics.notifications.round'), end: true },
                { label: t('diagnostics.notifications.status') },
                { label: t('diagnostics.notifications.attempts'), end: true },
                { label: t('diagnostics.notifications.detail') },
              ]}
            >
              {data.recent.map((send) => (
                <tr key={send.sendID}>
                  <td className="nowrap">{formatPlantDateTime(send.dueAt)}</td>
                  <td>{t(`diagnostics.notifications.kind.${send.eventKind}`, { id: send.eventID })}</td>
                  <td>{send.lineID}</td>
                  <td>{send.groupName ?? send.groupID}</td>
                  <td>{t(send.channel === 2 ? 'diagnostics.notifications.email' : 'diagnostics.notifications.telegram')}</td>
                  <td>{send.recipient}</td>
                  <td className="end">{send.round}</td>
                  <td style={send.status === 'failed' ? { color: 'var(--chakra-colors-fg-error)' } : undefined}>
                    {t(`diagnostics.notifications.statuses.${send.status}`)}
                  </td>
                  <td className="end">{send.attempts}</td>
                  <td>
                    {send.status === 'sent'
                      ? formatPlantDateTime(send.sentAt)
                      : [
                          send.lastError,
                          send.nextAttemptAt
                            ? t('diagnostics.notifications.retryAt', { at: formatPlantDateTime(send.nextAttemptAt) })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                  </td>
                </tr>
              ))}
            </CompactTable>
          )}
        </Stack>
      )}
    </ViewPanel>
  );
}
