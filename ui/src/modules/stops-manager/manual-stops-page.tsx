import { Alert, Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/lazy-confirm-dialog';
import { LineSelect } from '../../components/line-picker/line-select';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { notify } from '../../components/feedback/toaster';
import { RecognizeButton, StopDialogsProvider } from '../../components/stops/stop-dialogs';
import type { Stop } from '../../components/stops/stop';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { formatPlantDateTime } from '../../lib/plant-time';
import { STOP_DELETE_ROLES } from '../../../../edge/src/domain/roles';
import { lazyComponent } from '../../lib/lazy-component';
import { hasRole } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';
import { useStopsManagerLines, type StopsManagerLine } from './api/get-stops-manager-lines';
import { useWriteStop } from './api/write-stops';

// Fetched when first opened: the page shows its stops first.
const ManualStopDialog = lazyComponent(() => import('./manual-stop-dialog').then((module) => module.ManualStopDialog));

const FIELDS: readonly GridField<Stop>[] = [
  { name: 'stopID', label: 'fields.stopID', kind: 'number', identifier: true, width: 80 },
  { name: 'startDate', label: 'fields.startDate', kind: 'date', width: 185 },
  { name: 'endDate', label: 'fields.endDate', kind: 'date', width: 185 },
  { name: 'duration', label: 'fields.duration', kind: 'number', width: 100 },
  { name: 'path', label: 'fields.path', width: 270 },
  { name: 'equipmentName', label: 'stopsManager.equipment', width: 140 },
  // Entered by hand or acquired shows in the actions column (edit and delete only for the former).
  { name: 'observation', label: 'fields.observation' },
];

type Editing = { stop: Stop | null } | null;

/**
 * The manual stops manager (/paradas/manuales): the stops of a line with no beacon signal, entered, edited and
 * deleted by hand. Lines with a beacon script are not offered: their stops come from the acquisition, and a stop
 * entered there would contradict what the line reported (the server refuses it). A stop the acquisition recorded
 * shows without edit or delete.
 */
export default function ManualStopsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('stopsManager.manualTitle'));
  const lines = useStopsManagerLines();
  const [params, setParams] = useSearchParams();
  const user = useSessionUser();
  const write = useWriteStop();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Stop | null>(null);
  // Deleting a stop entered by hand is the supervisor's: the server's own rule, imported.
  const canDelete = hasRole(user?.roleID, STOP_DELETE_ROLES);
  const render = useCallback(
    (stop: Stop) => {
      return (
        <HStack gap="1" h="full">
          <RecognizeButton stop={stop} />
          {stop.manual ? (
            <>
              <Button size="xs" variant="outline" onClick={() => setEditing({ stop })} data-testid={`edit-stop-${stop.stopID}`}>
                {t('common.edit')}
              </Button>
              {canDelete && stop.endDate !== null && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setDeleting(stop)}
                  data-testid={`delete-stop-${stop.stopID}`}
                >
                  {t('common.delete')}
                </Button>
              )}
            </>
          ) : (
            <Badge>{t('stopsManager.acquired')}</Badge>
          )}
        </HStack>
      );
    },
    [canDelete, t],
  );

  if (lines.isPending) return <Spinner />;
  if (lines.isError) return <Text color="fg.error">{errorMessage(lines.error, t('common.unknownError'))}</Text>;
  const manualLines = lines.data.filter((line) => !line.beacon);
  const beaconLines = lines.data.filter((line) => line.beacon);
  const wanted = Number(params.get('line'));
  const line: StopsManagerLine | undefined = manualLines.find((candidate) => candidate.lineID === wanted) ?? manualLines[0];

  return (
    <StopDialogsProvider lineID={line?.lineID ?? null}>
      <Stack gap="3" data-testid="manual-stops-page">
        <HStack gap="3" wrap="wrap" align="end">
          <Text fontSize="xl" fontWeight="semibold" flex="1">
            {t('stopsManager.manualTitle')}
          </Text>
          {line && (
            <LineSelect
              lines={manualLines}
              value={line.lineID}
              onChange={(lineID) => lineID !== null && setParams({ line: String(lineID) })}
              width="auto"
              testId="manual-stops-line"
            />
          )}
        </HStack>
        {beaconLines.length > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="manual-stops-beacon-note">
            {t('stopsManager.beaconLines', { lines: beaconLines.map((candidate) => candidate.lineID).join(', ') })}
          </Text>
        )}
        {line ? (
          <DataGrid<Stop>
            key={line.lineID}
            path="/api/stops"
            keyFields={['stopID']}
            fields={FIELDS}
            // Not the grid's own form: stops are entered through the engine with the reason tree (ManualStopDialog).
            canWrite
            operations={{ insert: false, update: false, delete: false }}
            toolbar={
              <Button size="sm" colorPalette="teal" onClick={() => setEditing({ stop: null })} data-testid="manual-stop-new">
                {t('stopsManager.newStop')}
              </Button>
            }
            filter={['lineID', '=', line.lineID]}
            exportName="paradas-manuales"
            height={520}
            rowActions={{ header: t('stopsList.actions'), width: 250, render }}
            testId="manual-stops-grid"
          />
        ) : (
          <Alert.Root status="info" data-testid="manual-stops-none">
            <Alert.Indicator />
            <Alert.Title>{t('stopsManager.noManualLines')}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
      {editing && line && <ManualStopDialog line={line} stop={editing.stop} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('stopsManager.deleteTitle')}
          text={t('stopsManager.deleteText', {
            start: formatPlantDateTime(deleting.startDate),
            end: formatPlantDateTime(deleting.endDate),
          })}
          confirmLabel={t('common.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            try {
              await write.mutateAsync({ kind: 'delete', stopID: deleting.stopID });
              notify.success(t('stopsManager.deleted'));
            } catch (error) {
              notify.error(t('stopsManager.deleteFailed'), errorMessage(error, t('common.unknownError')));
            }
            setDeleting(null);
          }}
        />
      )}
    </StopDialogsProvider>
  );
}
