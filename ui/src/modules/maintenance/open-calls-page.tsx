import { Box, Button, Card, Flex, Heading, HStack, Spacer, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/feedback/toaster';
import { useDocumentTitle } from '../../components/use-document-title';
import { useNow } from '../../components/use-now';
import { errorMessage } from '../../lib/api-client';
import { useGridRefreshMs } from '../../lib/parameters';
import { formatPlantDateTime } from '../../lib/plant-time';
import { hasRole } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';
import { SectorSelect } from './sector-select';
import { useCallAction, useOpenCalls, type CallAction, type MaintenanceCallRow } from './api';
import CallDialog from './call-dialog';
import { CallStatus } from './call-status';
import { MAINTENANCE_CALL_ROLES, MAINTENANCE_CLOSE_ROLES } from '../../../../edge/src/domain/roles';

const DONE = { start: 'maintenanceManager.started', finish: 'maintenanceManager.finished', close: 'maintenanceManager.closed' } as const;

/**
 * The open calls for maintenance staff: Waiting and Started calls of a sector (or all), oldest first, refreshed every
 * gridRefreshTime; 'Iniciar' and 'Finalizar' in one click, 'Sin mantenimiento' for the supervisor; a new call too.
 */
export default function OpenCallsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('maintenanceManager.openCalls'));
  const user = useSessionUser();
  const [sectorID, setSectorID] = useState<number | null>(null);
  const [calling, setCalling] = useState(false);
  const calls = useOpenCalls(sectorID, useGridRefreshMs());
  const now = useNow(15_000);
  const action = useCallAction();
  const act = (kind: CallAction, callID: number) =>
    action.mutate(
      { action: kind, callID },
      {
        onSuccess: () => notify.success(t(DONE[kind])),
        onError: (error) => notify.error(t('maintenanceManager.failed'), errorMessage(error, t('common.unknownError'))),
      },
    );
  const canAct = hasRole(user?.roleID, MAINTENANCE_CALL_ROLES);
  const canClose = hasRole(user?.roleID, MAINTENANCE_CLOSE_ROLES);
  return (
    <Stack gap="4" data-testid="maintenance-open-calls">
      <Flex gap="3" align="end" wrap="wrap">
        <Heading size="lg">{t('maintenanceManager.openCalls')}</Heading>
        <Spacer />
        <SectorSelect value={sectorID} onChange={setSectorID} />
        {canAct && (
          <Button colorPalette="orange" size="sm" onClick={() => setCalling(true)} data-testid="maintenance-new-call">
            {t('maintenanceManager.call')}
          </Button>
        )}
      </Flex>
      {calls.isError && <Text color="fg.error">{errorMessage(calls.error, t('common.unknownError'))}</Text>}
      {calls.data?.length === 0 && <Text color="fg.muted">{t('maintenanceManager.none')}</Text>}
      {(calls.data ?? []).map((call) => (
        <OpenCall key={call.callID} call={call} nowMs={now} canAct={canAct} canClose={canClose} busy={action.isPending} onAct={act} />
      ))}
      {calling && <CallDialog onClose={() => setCalling(false)} />}
    </Stack>
  );
}

interface OpenCallProps {
  call: MaintenanceCallRow;
  nowMs: number;
  canAct: boolean;
  canClose: boolean;
  busy: boolean;
  onAct: (action: CallAction, callID: number) => void;
}

function OpenCall({ call, nowMs, canAct, canClose, busy, onAct }: OpenCallProps) {
  const { t } = useTranslation();
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(call.callDate)) / 60_000));
  return (
    <Card.Root
      size="sm"
      borderLeftWidth="6px"
      borderLeftColor={call.status === 0 ? 'red.500' : 'orange.400'}
      data-testid={`maintenance-call-${call.callID}`}
    >
      <Card.Body>
        <Flex gap="4" align="center" wrap="wrap">
          <Stack gap="1" flex="1" minW="60">
            <HStack gap="2">
              <Text fontWeight="semibold">{t('dashboard.lineHeading', { n: call.resourceLineID, description: call.lineDescription })}</Text>
              <CallStatus status={call.status} />
              {call.sectorName && (
                <Text fontSize="sm" color="fg.muted">
                  {call.sectorName}
                </Text>
              )}
            </HStack>
            <Text data-testid="call-reason">
              {call.callReason}
              {call.equipmentName ? ` · ${call.equipmentName}` : ''}
            </Text>
            {call.message && <Text color="fg.muted">{call.message}</Text>}
            <Text fontSize="sm" color="fg.muted">
              {t('maintenanceManager.calledAt', { time: formatPlantDateTime(call.callDate), user: call.calledBy ?? '—' })} ·{' '}
              {t('maintenanceManager.minutesAgo', { minutes })}
            </Text>
            {call.startDate && (
              <Text fontSize="sm" color="fg.muted">
                {t('maintenanceManager.startedAt', { time: formatPlantDateTime(call.startDate), user: call.startedBy ?? '—' })}
              </Text>
            )}
          </Stack>
          <Box>
            <HStack gap="2">
              {canAct && call.status === 0 && (
                <Button colorPalette="orange" onClick={() => onAct('start', call.callID)} disabled={busy} data-testid="call-start">
                  {t('maintenanceManager.start')}
                </Button>
              )}
              {canAct && call.status === 1 && (
                <Button colorPalette="green" onClick={() => onAct('finish', call.callID)} disabled={busy} data-testid="call-finish">
                  {t('maintenanceManager.finish')}
                </Button>
              )}
              {canClose && (
                <Button variant="outline" onClick={() => onAct('close', call.callID)} disabled={busy} data-testid="call-close">
                  {t('maintenanceManager.close')}
                </Button>
              )}
            </HStack>
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
