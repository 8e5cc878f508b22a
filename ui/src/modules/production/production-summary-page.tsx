import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CompactTable } from '../../components/compact-table';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/api-client';
import { formatNumber } from '../../lib/indicator-format';
import { usePlantNow } from '../../lib/plant-now';
import { isPlantDate } from '../../lib/plant-time';
import { DAY_PERIOD, periodRange, useCalendarDays } from '../../lib/shift-range';
import { useProductionSummary, type Quantities } from './api/get-production-summary';
import { Figures, InfoNote } from './figures';
import { useProductionLines } from './production-lines';
import { LineSelect } from '../../components/line-picker/line-select';
import { DateInput } from '../../components/date-input/date-input';

/** Wrappers and packs are equivalents of the units (they may be fractions): at most two decimals. */
function amount(value: number | null, language: string): string {
  return value === null ? '-' : formatNumber(value, { maxDecimals: 2 }, language);
}

/**
 * The production summary (/produccion/resumen): for a line and production days (as its calendar has them; 06:00 to 06:00 by default), per product the
 * counted production against the lots declared, in units, wrappers and packs, and the difference (declared − counted).
 * On a line with no units counter the lots are the production, so the difference is zero.
 */
export default function ProductionSummaryPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('production.summaryTitle'));
  const { lines, pending } = useProductionLines();
  const [params, setParams] = useSearchParams();
  const plantNow = usePlantNow();
  const today = plantNow.data?.plantDate ?? null;
  const [dates, setDates] = useState<{ from: string; to: string } | null>(null);
  const from = dates?.from ?? today;
  const to = dates?.to ?? today;
  const lineID = lines.find((line) => line.lineID === Number(params.get('line')))?.lineID ?? lines[0]?.lineID ?? null;
  const valid = from !== null && to !== null && isPlantDate(from) && isPlantDate(to) && from <= to;
  // From the start of the first production day to the end of the last, as the line's calendar has them.
  const [fromDay, toDay] = useCalendarDays(lineID, valid ? [from, to] : [null, null]);
  const summary = useProductionSummary(lineID, fromDay && toDay ? periodRange(DAY_PERIOD, fromDay, toDay) : null);

  if (pending) return <Spinner />;
  if (lineID === null) {
    return <InfoNote text={t('production.noLines')} />;
  }
  const data = summary.data;
  const cells = (quantities: Quantities, unit: string | null, testId: string) => [
    <td key="units" className="end nowrap" data-testid={`${testId}-units`}>
      {amount(quantities.units, i18n.language)} {unit ?? ''}
    </td>,
    <td key="wrappers" className="end">
      {amount(quantities.wrappers, i18n.language)}
    </td>,
    <td key="packs" className="end">
      {amount(quantities.packs, i18n.language)}
    </td>,
  ];
  const totals = data && [
    { label: t('production.counted'), value: amount(data.units, i18n.language), testId: 'summary-counted' },
    { label: t('production.declared'), value: amount(data.declaredUnits, i18n.language), testId: 'summary-declared' },
    { label: t('production.difference'), value: amount(data.differenceUnits, i18n.language), testId: 'summary-difference' },
    {
      label: t('production.discards'),
      value: `${amount(data.discards, i18n.language)} (${t('production.byHand', { n: amount(data.declaredDiscards, i18n.language) })})`,
      testId: 'summary-discards',
    },
  ];

  return (
    <Stack gap="4" data-testid="production-summary-page">
      <HStack gap="3" wrap="wrap" align="end">
        <Text fontSize="xl" fontWeight="semibold" flex="1">
          {t('production.summaryTitle')}
        </Text>
        <LineSelect
          lines={lines}
          value={lineID}
          onChange={(line) => line !== null && setParams({ line: String(line) })}
          width="auto"
          testId="summary-line"
        />
        <DateInput
          aria-label={t('production.from')}
          value={from ?? ''}
          onChange={(date) => setDates({ from: date, to: to ?? date })}
          testId="summary-from"
        />
        <DateInput
          aria-label={t('production.to')}
          value={to ?? ''}
          onChange={(date) => setDates({ from: from ?? date, to: date })}
          testId="summary-to"
        />
      </HStack>
      {!valid && from !== null && <Text color="fg.error">{t('production.badRange')}</Text>}
      {summary.isError && <Text color="fg.error">{errorMessage(summary.error, t('common.unknownError'))}</Text>}
      {summary.isPending && valid && <Spinner />}
      {data && totals && (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="summary-mode">
            {data.unitsCounted ? t('production.lotsBeside') : t('production.lotsAreProduction')}
          </Text>
          <Figures figures={totals} columns={{ base: 2, md: 4 }} />
          <CompactTable
            testId="summary-products"
            maxH="480px"
            groups={[
              { label: '', span: 1 },
              { label: t('production.counted'), span: 3 },
              { label: t('production.declared'), span: 3 },
              { label: t('production.difference'), span: 3 },
            ]}
            columns={[
              { label: t('production.product') },
              ...[0, 1, 2].flatMap(() => [
                { label: t('production.units'), end: true },
                { label: t('production.wrappers'), end: true },
                { label: t('production.packs'), end: true },
              ]),
            ]}
          >
            {data.byProduct.map((row) => {
              const id = `summary-${row.productCode ?? 'none'}`;
              return (
                <tr key={row.productCode ?? ''} data-testid={id}>
                  <td>{row.productCode ? `${row.productCode} · ${row.productName ?? ''}` : t('production.noOrder')}</td>
                  {cells(row, row.unit, `${id}-counted`)}
                  {cells(row.declared, row.unit, `${id}-declared`)}
                  {cells(row.difference, row.unit, `${id}-difference`)}
                </tr>
              );
            })}
          </CompactTable>
          {data.byProduct.length === 0 && <Text color="fg.muted">{t('production.nothing')}</Text>}
        </>
      )}
    </Stack>
  );
}
