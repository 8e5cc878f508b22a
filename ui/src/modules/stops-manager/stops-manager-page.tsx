import { Button, Checkbox, Field, HStack, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../components/compact-table';
import { notify } from '../../components/feedback/toaster';
import { RecognizeSelectedButton, StopDialogsProvider } from '../../components/stops/stop-dialogs';
import { useStopSelection } from '../../components/stops/stop-selection';
import type { Stop } from '../../components/stops/stop';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { minutesLabel } from '../../lib/indicator-format';
import { useParameters } from '../../lib/parameters';
import { formatPlantDateTime } from '../../lib/plant-time';
import { usePendingStops, type MicrostopFilter, type PendingStopsFilter } from './api/get-pending-stops';
import { useStopsManagerLines, type StopsManagerLine } from './api/get-stops-manager-lines';
import { useWriteStop } from './api/write-stops';
import { EquipmentOptions } from './equipment-options';
import { OptionSelect } from '../../components/option-select';

/** How often the list refreshes when the plant's gridRefreshTime is not known. */
const DEFAULT_REFRESH_MS = 30_000;

const numberOrNull = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? null : Number(text));

/**
 * The stops manager (/paradas/gestor): the unrecognized stops of every line with the module, filtered by sector, line,
 * length and microstops, recognized in bulk with one reason and one signature (one call, all or nothing), and an
 * equipment assigned per stop.
 */
export default function StopsManagerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('stopsManager.managerTitle'));
  return (
    <StopDialogsProvider lineID={null}>
      <PendingStopsView />
    </StopDialogsProvider>
  );
}

function PendingStopsView() {
  const { t } = useTranslation();
  const lines = useStopsManagerLines();
  const parameters = useParameters();
  const [filter, setFilter] = useState<PendingStopsFilter>({
    sectorID: null,
    lineID: null,
    minDuration: null,
    maxDuration: null,
    microstops: 'all',
  });
  const refreshMs = (parameters.data?.gridRefreshTime ?? 0) > 0 ? parameters.data!.gridRefreshTime! * 1000 : DEFAULT_REFRESH_MS;
  const pending = usePendingStops(filter, refreshMs);
  const selection = useStopSelection(pending.data?.data ?? []);
  const change = (next: Partial<PendingStopsFilter>) => setFilter((current) => ({ ...current, ...next }));

  if (lines.isPending) return <Spinner />;
  if (lines.isError) return <Text color="fg.error">{errorMessage(lines.error, t('common.unknownError'))}</Text>;
  const sectors = [
    ...new Map(
      lines.data.filter((line) => line.sectorID !== null).map((line) => [line.sectorID!, line.sectorName ?? String(line.sectorID)]),
    ).entries(),
  ];
  const sectorLines = lines.data.filter((line) => filter.sectorID === null || line.sectorID === filter.sectorID);
  const stops = pending.data?.data ?? [];
  const lineOf = new Map(lines.data.map((line) => [line.lineID, line]));

  return (
    <Stack gap="3" data-testid="stops-manager-page">
      <Text fontSize="xl" fontWeight="semibold">
        {t('stopsManager.managerTitle')}
      </Text>
      <HStack gap="3" wrap="wrap" align="end" data-testid="stops-manager-filter">
        <FilterSelect
          label={t('fields.sectorID')}
          name="sectorID"
          value={filter.sectorID ?? ''}
          options={sectors.map(([value, text]) => ({ value, text }))}
          onChange={(value) => change({ sectorID: numberOrNull(value), lineID: null })}
        />
        <FilterSelect
          label={t('fields.lineID')}
          name="lineID"
          value={filter.lineID ?? ''}
          options={sectorLines.map((line) => ({
            value: line.lineID,
            text: t('stopsManager.lineOption', { line: line.lineID, description: line.description }),
          }))}
          onChange={(value) => change({ lineID: numberOrNull(value) })}
        />
        <Field.Root width="140px">
          <Field.Label>{t('stopsManager.minDuration')}</Field.Label>
          <Input
            name="minDuration"
            type="number"
            min={0}
            value={filter.minDuration ?? ''}
            onChange={(event) => change({ minDuration: numberOrNull(event.target.value) })}
          />
        </Field.Root>
        <Field.Root width="140px">
          <Field.Label>{t('stopsManager.maxDuration')}</Field.Label>
          <Input
            name="maxDuration"
            type="number"
            min={0}
            value={filter.maxDuration ?? ''}
            onChange={(event) => change({ maxDuration: numberOrNull(event.target.value) })}
          />
        </Field.Root>
        <FilterSelect
          label={t('stopsManager.microstops', { seconds: pending.data?.microStopTime ?? '…' })}
          name="microstops"
          value={filter.microstops}
          options={(['only', 'exclude'] as const).map((value) => ({ value, text: t(`stopsManager.microstops_${value}`) }))}
          allLabel={t('stopsManager.microstops_all')}
          onChange={(value) => change({ microstops: (value || 'all') as MicrostopFilter })}
        />
      </HStack>
      <HStack justify="space-between" wrap="wrap">
        <Text fontSize="sm" color={(pending.data?.totalCount ?? 0) > 0 ? 'red.600' : 'fg.muted'} data-testid="stops-manager-total">
          {t('stopsManager.pendingCount', { count: pending.data?.totalCount ?? 0, shown: stops.length })}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="ghost"
            onClick={selection.selectAll}
            disabled={stops.length === 0}
            data-testid="stops-manager-select-all"
          >
            {t('dashboard.selectAll')}
          </Button>
          <Button size="sm" variant="ghost" onClick={selection.clear} disabled={selection.chosen.length === 0}>
            {t('stopsManager.clearSelection')}
          </Button>
          <RecognizeSelectedButton
            selection={selection}
            size="sm"
            label={t('stopsManager.recognizeSelected', { count: selection.chosen.length })}
            testId="stops-manager-recognize"
          />
        </HStack>
      </HStack>
      {pending.isError && <Text color="fg.error">{errorMessage(pending.error, t('common.unknownError'))}</Text>}
      {pending.isPending ? (
        <Spinner />
      ) : (
        <CompactTable
          maxH="560px"
          testId="stops-manager-table"
          columns={[
            { label: '' },
            { label: t('fields.lineID') },
            { label: t('fields.startDate') },
            { label: t('fields.endDate') },
            { label: t('fields.duration'), end: true },
            { label: t('fields.order') },
            { label: t('stopsManager.equipment') },
            { label: t('fields.observation') },
          ]}
        >
          {stops.map((stop) => (
            <tr key={stop.stopID} data-testid={`pending-stop-${stop.stopID}`}>
              <td>
                <Checkbox.Root
                  size="sm"
                  checked={selection.selected.has(stop.stopID)}
                  onCheckedChange={() => selection.toggle(stop.stopID)}
                  aria-label={String(stop.stopID)}
                  data-testid={`select-stop-${stop.stopID}`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </td>
              <td className="nowrap">{lineOf.get(stop.lineID)?.description ?? stop.lineID}</td>
              <td className="nowrap">{formatPlantDateTime(stop.startDate)}</td>
              <td className="nowrap">{stop.endDate ? formatPlantDateTime(stop.endDate) : t('stopsManager.inProgress')}</td>
              <td className="end">{minutesLabel(stop.duration)}</td>
              <td className="nowrap">{stop.order ?? ''}</td>
              <td>
                <EquipmentSelect stop={stop} line={lineOf.get(stop.lineID)} />
              </td>
              <td>{stop.observation ?? ''}</td>
            </tr>
          ))}
        </CompactTable>
      )}
      {!pending.isPending && stops.length === 0 && (
        <Text color="fg.muted" data-testid="stops-manager-empty">
          {t('stopsManager.nothingPending')}
        </Text>
      )}
    </Stack>
  );
}

function FilterSelect({
  label,
  name,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  name: string;
  value: string | number;
  options: readonly { value: string | number; text: string }[];
  allLabel?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field.Root width="auto" minW="180px">
      <Field.Label>{label}</Field.Label>
      <OptionSelect name={name} value={value} options={options} onChange={onChange} emptyOption={allLabel ?? t('stopsManager.all')} />
    </Field.Root>
  );
}

/** The equipment of one stop, saved as soon as it is chosen (PUT /api/stops, equipmentName). */
function EquipmentSelect({ stop, line }: { stop: Stop; line: StopsManagerLine | undefined }) {
  const { t } = useTranslation();
  const write = useWriteStop();
  const current = stop.equipmentName ?? '';
  return (
    <NativeSelect.Root size="xs" minW="150px" disabled={write.isPending}>
      <NativeSelect.Field
        aria-label={t('stopsManager.equipment')}
        value={current}
        data-testid={`equipment-${stop.stopID}`}
        onChange={async (event) => {
          try {
            await write.mutateAsync({
              kind: 'update',
              stopID: stop.stopID,
              values: { equipmentName: event.target.value === '' ? null : event.target.value },
            });
            notify.success(t('stopsManager.equipmentSaved'));
          } catch (error) {
            notify.error(t('stopsManager.equipmentFailed'), errorMessage(error, t('common.unknownError')));
          }
        }}
      >
        <EquipmentOptions line={line} current={current} />
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
