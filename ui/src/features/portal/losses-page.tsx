import { Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { CompactTable } from '../../components/compact-table';
import { useDocumentTitle } from '../../components/use-document-title';
import { minutesLabel, percentLabel, quantityLabel, roundToTenth } from '../../lib/indicator-format';
import { LOSSES_PATH, lossesParams, useLosses, type LossesFilter } from './api/get-losses';
import { DateField, defaultRange, ExportButton, isValidRange, PlantsField, QueryProblems, SelectField } from './portal-controls';
import { WaterfallSection } from './waterfall-section';

const PATH_LEVELS = [1, 2, 3, 4, 5] as const;

/** A pareto: lost minutes per name as bars, the cumulative share as a line (0–100 %), and its table. */
function Pareto({
  title,
  rows,
  nameLabel,
  testId,
}: {
  title: string;
  rows: { name: string; stops: number; lostMinutes: number; share: number | null; cumulativeShare: number | null }[];
  nameLabel: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="2" data-testid={testId}>
      <Heading size="md">{title}</Heading>
      <Box h="260px">
        <BarChart
          labels={rows.map((row) => row.name)}
          series={[{ label: t('portal.losses.lostMinutes'), color: '#c53030', values: rows.map((row) => roundToTenth(row.lostMinutes)) }]}
          line={{
            label: t('portal.losses.cumulative'),
            color: '#2c7a7b',
            max: 100,
            unit: '%',
            values: rows.map((row) => (row.cumulativeShare === null ? null : Math.round(row.cumulativeShare * 1000) / 10)),
          }}
          unit="min"
        />
      </Box>
      <CompactTable
        maxH="300px"
        columns={[
          { label: nameLabel },
          { label: t('portal.losses.stops'), end: true },
          { label: t('portal.losses.lostMinutes'), end: true },
          { label: t('portal.losses.share'), end: true },
          { label: t('portal.losses.cumulative'), end: true },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.name}>
            <td>{row.name}</td>
            <td className="end">{quantityLabel(row.stops, i18n.language)}</td>
            <td className="end">{quantityLabel(row.lostMinutes, i18n.language, 1)}</td>
            <td className="end">{percentLabel(row.share)}</td>
            <td className="end">{percentLabel(row.cumulativeShare)}</td>
          </tr>
        ))}
      </CompactTable>
    </Stack>
  );
}

/**
 * Losses: where the time of a plant, a sector or a line went over the range (the waterfall), then the stop pareto by
 * reason and by path level across plants, and the biggest reasons by line.
 */
export default function LossesPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('portal.losses.title'));
  const [filter, setFilter] = useState<LossesFilter>(() => ({ ...defaultRange(), pathLevel: 2, plants: [] }));
  const valid = isValidRange(filter);
  const losses = useLosses(filter, valid);
  const set = (change: Partial<LossesFilter>) => setFilter((current) => ({ ...current, ...change }));
  const data = losses.data;
  const unrecognized = t('portal.losses.unrecognized');

  return (
    <Stack gap="4" p="4" data-testid="portal-losses">
      <Heading size="lg">{t('portal.losses.title')}</Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <DateField label={t('portal.compare.from')} value={filter.from} onChange={(from) => set({ from })} testId="losses-from" />
        <DateField label={t('portal.compare.to')} value={filter.to} onChange={(to) => set({ to })} testId="losses-to" />
        <SelectField
          label={t('portal.losses.pathLevel')}
          value={filter.pathLevel}
          options={PATH_LEVELS.map((level) => ({ value: level, label: String(level) }))}
          onChange={(pathLevel) => set({ pathLevel })}
          testId="losses-path-level"
        />
        <PlantsField value={filter.plants} onChange={(plants) => set({ plants })} testId="losses-plants" />
        <ExportButton request={{ path: LOSSES_PATH, query: lossesParams(filter), fileName: 'perdidas' }} testId="losses-export" />
      </Flex>
      <QueryProblems validRange={valid} failed={losses.isError} />
      <WaterfallSection from={filter.from} to={filter.to} validRange={valid} />
      {data && (
        <>
          <Text data-testid="losses-total">
            {t('portal.losses.total', { minutes: quantityLabel(data.totalMinutes, i18n.language, 1) })}
          </Text>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
            <Pareto
              title={t('portal.losses.byReason')}
              nameLabel={t('portal.losses.reason')}
              testId="losses-by-reason"
              rows={data.byReason.map((row) => ({ ...row, name: row.reason ?? unrecognized }))}
            />
            <Pareto
              title={t('portal.losses.byPath')}
              nameLabel={t('portal.losses.path')}
              testId="losses-by-path"
              rows={data.byPath.map((row) => ({ ...row, name: row.path ?? unrecognized }))}
            />
          </SimpleGrid>
          <Heading size="md">{t('portal.losses.biggest')}</Heading>
          <CompactTable
            testId="losses-biggest"
            columns={[
              { label: t('portal.compare.plant') },
              { label: t('portal.plants.line') },
              { label: t('portal.losses.reason') },
              { label: t('portal.losses.stops'), end: true },
              { label: t('portal.losses.lostMinutes'), end: true },
            ]}
          >
            {data.biggest.map((row, index) => (
              <tr key={index}>
                <td>{row.plantId}</td>
                <td>{row.line ?? row.lineID ?? ''}</td>
                <td>{row.reason ?? unrecognized}</td>
                <td className="end">{quantityLabel(row.stops, i18n.language)}</td>
                <td className="end">{minutesLabel(row.lostMinutes)}</td>
              </tr>
            ))}
          </CompactTable>
        </>
      )}
    </Stack>
  );
}
