import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/bar-chart';
import { CompactTable } from '../../components/compact-table';
import { useDocumentTitle } from '../../components/use-document-title';
import { percentLabel, quantityLabel, minutesLabel } from '../../lib/indicator-format';
import { COMPARE_PATH, compareParams, GRAINS, LEVELS, useCompare, type CompareFilter, type CompareRow } from './api/get-compare';
import { DateField, defaultRange, ExportButton, isValidRange, PlantsField, QueryProblems, SelectField } from './portal-controls';

/** What a row is about: its plant, then its sector or line. */
function subjectOf(row: CompareRow): string {
  if (row.lineID !== undefined) return `${row.plantId} · ${row.line ?? row.lineID}`;
  if (row.sectorID !== undefined) return `${row.plantId} · ${row.sectorName ?? row.sectorID ?? ''}`;
  return row.plantId;
}

const RATIOS = [
  { key: 'oee', color: '#2c7a7b' },
  { key: 'utilization', color: '#3182ce' },
  { key: 'throughput', color: '#d69e2e' },
  { key: 'acceptance', color: '#805ad5' },
] as const;

/** OEE and throughput carry the nominal speed: their cells are flagged on a row above it. */
const flagged = (row: CompareRow, key: (typeof RATIOS)[number]['key']) => row.aboveNominalSpeed && (key === 'oee' || key === 'throughput');

const percentValue = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 1000) / 10);

/**
 * Compare: OEE and its factors per plant, sector or line and per shift, day, week or month over a range of production
 * days; a bar chart of each subject's totals over the range, then the table of every period.
 */
export default function ComparePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('portal.compare.title'));
  const [filter, setFilter] = useState<CompareFilter>(() => ({ ...defaultRange(), grain: 'day', level: 'plant', plants: [] }));
  const valid = isValidRange(filter);
  const compare = useCompare(filter, valid);
  const set = (change: Partial<CompareFilter>) => setFilter((current) => ({ ...current, ...change }));
  const data = compare.data;
  const shifts = data?.grain === 'shift';
  const figureLabels = RATIOS.map((ratio) => t(`portal.figures.${ratio.key}`));

  return (
    <Stack gap="4" p="4" data-testid="portal-compare">
      <Heading size="lg">{t('portal.compare.title')}</Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <DateField label={t('portal.compare.from')} value={filter.from} onChange={(from) => set({ from })} testId="compare-from" />
        <DateField label={t('portal.compare.to')} value={filter.to} onChange={(to) => set({ to })} testId="compare-to" />
        <SelectField
          label={t('portal.compare.grain')}
          value={filter.grain}
          options={GRAINS.map((grain) => ({ value: grain, label: t(`portal.compare.grains.${grain}`) }))}
          onChange={(grain) => set({ grain })}
          testId="compare-grain"
        />
        <SelectField
          label={t('portal.compare.level')}
          value={filter.level}
          options={LEVELS.map((level) => ({ value: level, label: t(`portal.compare.levels.${level}`) }))}
          onChange={(level) => set({ level })}
          testId="compare-level"
        />
        <PlantsField value={filter.plants} onChange={(plants) => set({ plants })} testId="compare-plants" />
        <ExportButton request={{ path: COMPARE_PATH, query: compareParams(filter), fileName: 'comparacion' }} testId="compare-export" />
      </Flex>
      <QueryProblems validRange={valid} failed={compare.isError} />
      {data && data.rows.length === 0 && <Text data-testid="compare-empty">{t('portal.compare.empty')}</Text>}
      {data && data.totals.length > 0 && (
        <>
          <Heading size="md">{t('portal.compare.totals')}</Heading>
          <Box h="280px">
            <BarChart
              testId="compare-chart"
              unit="%"
              labels={data.totals.map(subjectOf)}
              series={RATIOS.map((ratio, index) => ({
                label: figureLabels[index]!,
                color: ratio.color,
                values: data.totals.map((row) => percentValue(row[ratio.key])),
              }))}
            />
          </Box>
        </>
      )}
      {data && data.truncated && <Text color="fg.warning">{t('portal.compare.truncated')}</Text>}
      {data && data.rows.length > 0 && (
        <CompactTable
          maxH="480px"
          testId="compare-table"
          columns={[
            { label: t(`portal.compare.levels.${data.level}`) },
            { label: t('portal.compare.period') },
            ...(shifts ? [{ label: t('portal.compare.shiftStart') }] : []),
            ...figureLabels.map((label) => ({ label, end: true })),
            { label: t('portal.figures.production'), end: true },
            { label: t('portal.figures.discard'), end: true },
            { label: t('portal.figures.stopTime'), end: true },
          ]}
        >
          {data.rows.map((row, index) => (
            <tr key={index}>
              <td>
                {subjectOf(row)}
                {row.lineCount !== undefined && row.coveredLines !== undefined && row.coveredLines < row.lineCount && (
                  <Text as="span" fontSize="xs" color="orange.fg" data-testid="compare-coverage">
                    {' '}
                    ({t('indicators.coverage', { covered: row.coveredLines, total: row.lineCount })})
                  </Text>
                )}
              </td>
              <td className="nowrap">{shifts ? `${row.period ?? ''} ${row.shift ?? ''}` : (row.period ?? '')}</td>
              {shifts && <td className="nowrap">{row.shiftStart ?? ''}</td>}
              {RATIOS.map((ratio) => (
                <td
                  key={ratio.key}
                  className="end"
                  title={
                    flagged(row, ratio.key)
                      ? row.lineID
                        ? t('indicators.aboveNominalSpeed', { n: row.lineID })
                        : t('indicators.aboveNominalSpeedOfLines')
                      : undefined
                  }
                >
                  {percentLabel(row[ratio.key])}
                  {flagged(row, ratio.key) && ' ⚠'}
                </td>
              ))}
              <td className="end">{quantityLabel(row.productionQuantity, i18n.language)}</td>
              <td className="end">{quantityLabel(row.discardQuantity, i18n.language)}</td>
              <td className="end">{minutesLabel(row.stopTime)}</td>
            </tr>
          ))}
        </CompactTable>
      )}
    </Stack>
  );
}
