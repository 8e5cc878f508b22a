import { Field, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../components/compact-table';
import { DataGrid } from '../../components/data-grid/data-grid';
import type { GridField } from '../../components/data-grid/grid-types';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { minutesLabel } from '../../lib/indicator-format';
import { addPlantDays } from '../../lib/plant-time';
import { usePlantNow } from '../../lib/plant-now';
import { useMttr, type MttrRow } from './api';
import { SectorSelect } from './sector-select';
import { DateInput } from '../../components/date-input/date-input';

const STATUS_OPTIONS = [0, 1, 2, 4].map((status) => ({ value: status, label: `maintenanceManager.status${status}` as const }));

const FIELDS: readonly GridField[] = [
  { name: 'callID', label: 'maintenanceManager.callID', kind: 'number', identifier: true, width: 100 },
  { name: 'resourceLineID', label: 'fields.lineID', kind: 'number', identifier: true, width: 90 },
  { name: 'lineDescription', label: 'fields.description', width: 150 },
  { name: 'status', label: 'maintenanceManager.status', kind: 'select', options: { kind: 'static', options: STATUS_OPTIONS }, width: 140 },
  { name: 'callReason', label: 'maintenanceManager.reason', width: 170 },
  { name: 'equipmentName', label: 'fields.equipmentID', width: 140 },
  { name: 'callDate', label: 'maintenanceManager.callDate', kind: 'date', width: 170, initialSort: 'desc' },
  { name: 'startDate', label: 'fields.startDate', kind: 'date', width: 170 },
  { name: 'endDate', label: 'fields.endDate', kind: 'date', width: 170 },
  { name: 'waitingMinutes', label: 'maintenanceManager.waitingMinutes', kind: 'minutes', width: 120 },
  { name: 'maintenanceMinutes', label: 'maintenanceManager.maintenanceMinutes', kind: 'minutes', width: 150 },
  { name: 'message', label: 'fields.observation', flex: 1 },
  { name: 'calledBy', label: 'maintenanceManager.calledBy', width: 110 },
  { name: 'startedBy', label: 'maintenanceManager.startedBy', width: 110 },
  { name: 'finishedBy', label: 'maintenanceManager.finishedBy', width: 110 },
  { name: 'stopID', label: 'fields.stopID', kind: 'number', identifier: true, width: 100 },
];

/** The history of maintenance calls (every status, newest first) and MTTR per line and per equipment over a range. */
export default function HistoryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('maintenanceManager.history'));
  const now = usePlantNow();
  return (
    <Stack gap="5" data-testid="maintenance-history">
      <Heading size="lg">{t('maintenanceManager.history')}</Heading>
      {now.data ? <MttrSection today={now.data.plantDate} /> : <Spinner />}
      <DataGrid
        path="/api/maintenance"
        keyFields={['callID']}
        fields={FIELDS}
        canWrite={false}
        exportName="llamados-mantenimiento"
        height={460}
        testId="maintenance-history-grid"
      />
    </Stack>
  );
}

function MttrSection({ today }: { today: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(addPlantDays(today, -29));
  const [to, setTo] = useState(today);
  const [sectorID, setSectorID] = useState<number | null>(null);
  const valid = from !== '' && to !== '' && from <= to;
  // Production days (06:00 to 06:00), both included, as the index pages filter.
  const mttr = useMttr({ from: valid ? from : today, to: valid ? to : today, sectorID });
  return (
    <Stack gap="3">
      <Flex gap="3" align="end" wrap="wrap">
        <Field.Root w="auto" invalid={!valid}>
          <Field.Label>{t('maintenanceManager.from')}</Field.Label>
          <DateInput size="sm" name="from" value={from} onChange={setFrom} />
        </Field.Root>
        <Field.Root w="auto" invalid={!valid}>
          <Field.Label>{t('maintenanceManager.to')}</Field.Label>
          <DateInput size="sm" name="to" value={to} onChange={setTo} />
        </Field.Root>
        <SectorSelect value={sectorID} onChange={setSectorID} />
      </Flex>
      {mttr.isError && <Text color="fg.error">{errorMessage(mttr.error, t('common.unknownError'))}</Text>}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <MttrTable
          title={t('maintenanceManager.mttrByLine')}
          rows={mttr.data?.lines}
          name={(row) => t('dashboard.lineHeading', { n: row.lineID, description: row.description })}
          testId="mttr-lines"
        />
        <MttrTable
          title={t('maintenanceManager.mttrByEquipment')}
          rows={mttr.data?.equipment}
          name={(row) => row.equipmentName ?? t('maintenanceManager.withoutEquipment')}
          testId="mttr-equipment"
        />
      </SimpleGrid>
    </Stack>
  );
}

function MttrTable<R extends MttrRow>({
  title,
  rows,
  name,
  testId,
}: {
  title: string;
  rows: readonly R[] | undefined;
  name: (row: R) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const columns = [
    { label: title },
    { label: t('maintenanceManager.finishedCalls'), end: true },
    { label: t('maintenanceManager.maintenanceMinutes'), end: true },
    { label: t('maintenanceManager.mttr'), end: true },
    { label: t('maintenanceManager.meanWaiting'), end: true },
  ];
  return (
    <Stack gap="1">
      <CompactTable columns={columns} testId={testId}>
        {(rows ?? []).map((row) => (
          <tr key={'lineID' in row ? `line:${row.lineID}` : `equipment:${row.equipmentID ?? ''}`}>
            <td>{name(row)}</td>
            <td className="end">{row.finishedCalls}</td>
            <td className="end">{minutesLabel(row.maintenanceMinutes)}</td>
            <td className="end">{minutesLabel(row.mttr)}</td>
            <td className="end">{minutesLabel(row.meanWaiting)}</td>
          </tr>
        ))}
      </CompactTable>
      {rows?.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('maintenanceManager.noFinished')}
        </Text>
      )}
    </Stack>
  );
}
