import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { RecognizeButton, SplitButton, StopDialogsProvider } from '../../components/stops/stop-dialogs';
import { canHandleStops, SPLIT_COLUMN_ROLES, type Stop } from '../../components/stops/stop';
import { useDocumentTitle } from '../../components/use-document-title';
import { hasRole } from '../../lib/roles';
import { useGridRefreshMs } from '../../lib/parameters';
import { useSessionUser } from '../../lib/session';
import { stopsListFilter, stopsListParams } from './stops-filter';

// Widths that show a whole date ('2026-11-27 09:41:12'), a reason path and each header at 1366 px; the columns
// beyond scroll sideways while the actions stay pinned in view.
const FIELDS: readonly GridField<Stop>[] = [
  { name: 'stopID', label: 'fields.stopID', kind: 'number', identifier: true, width: 100 },
  { name: 'lineID', label: 'fields.lineID', kind: 'number', identifier: true, width: 80 },
  { name: 'order', label: 'fields.order', width: 130 },
  { name: 'startDate', label: 'fields.startDate', kind: 'date', width: 185 },
  { name: 'endDate', label: 'fields.endDate', kind: 'date', width: 185 },
  { name: 'duration', label: 'fields.duration', kind: 'number', width: 130 },
  { name: 'path', label: 'fields.path', width: 260 },
  { name: 'recognized', label: 'fields.recognized', kind: 'boolean', width: 120 },
  { name: 'split', label: 'fields.split', kind: 'boolean', width: 90 },
  { name: 'observation', label: 'fields.observation', width: 180 },
  // A maintenance call made during the stop: its reason and the three times of the rings (maintenance manager).
  { name: 'maintenanceReason', label: 'maintenanceManager.reason', width: 160 },
  { name: 'declaringTime', label: 'maintenanceManager.declaringMinutes', kind: 'minutes', width: 130 },
  { name: 'waitingTime', label: 'maintenanceManager.waitingMinutes', kind: 'minutes', width: 120 },
  { name: 'maintenanceTime', label: 'maintenanceManager.maintenanceMinutes', kind: 'minutes', width: 150 },
  { name: 'updatedBy', label: 'fields.updatedBy', width: 130 },
];

/**
 * /paradas/listado (SPEC.md section 2): the stops grid, prefiltered by ?line=, ?order= and ?stopId= (where a click
 * on a stop of the dashboard leads), with 'Reconocer' (red) / 'Modificar' for supervisor and operator and the split
 * button for the supervisor.
 */
export default function StopsListPage() {
  const { t } = useTranslation();
  const refreshMs = useGridRefreshMs();
  useDocumentTitle(t('stopsList.title'));
  const [params, setParams] = useSearchParams();
  const user = useSessionUser();
  const prefilter = stopsListParams(params);
  const filter = stopsListFilter(prefilter);
  const handles = canHandleStops(user?.roleID);
  const splits = hasRole(user?.roleID, SPLIT_COLUMN_ROLES);
  const render = useCallback(
    (stop: Stop) => (
      <HStack gap="1" h="full">
        {handles && <RecognizeButton stop={stop} />}
        {splits && <SplitButton stop={stop} />}
      </HStack>
    ),
    [handles, splits],
  );
  const shown = [
    prefilter.lineID !== null && `${t('fields.lineID')} ${prefilter.lineID}`,
    prefilter.order !== null && `${t('fields.order')} ${prefilter.order}`,
    prefilter.stopID !== null && `${t('fields.stopID')} ${prefilter.stopID}`,
  ].filter(Boolean);
  return (
    <StopDialogsProvider lineID={prefilter.lineID}>
      <Stack gap="3">
        {shown.length > 0 && (
          <HStack gap="2" data-testid="stops-prefilter">
            <Badge colorPalette="teal">{t('stopsList.filteredBy', { filter: shown.join(' · ') })}</Badge>
            <Button size="xs" variant="ghost" onClick={() => setParams({})}>
              {t('stopsList.clearFilter')}
            </Button>
          </HStack>
        )}
        <DataGrid<Stop>
          path="/api/stops"
          keyFields={['stopID']}
          fields={FIELDS}
          canWrite={false}
          filter={filter}
          exportName="paradas"
          title={t('stopsList.title')}
          height={560}
          rowActions={handles || splits ? { header: t('stopsList.actions'), width: splits ? 190 : 120, render } : undefined}
          refreshMs={refreshMs}
          testId="stops-grid"
        />
      </Stack>
    </StopDialogsProvider>
  );
}
