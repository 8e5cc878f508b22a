import { Alert, Button, Card, Flex, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../components/use-document-title';
import { usePlantNow } from '../../lib/plant-now';
import { useStopSummary } from './api/get-stop-summary';
import { useAppliedRange, usePrefetchSummary } from './applied-range';
import { RangeOrdersGrid } from './components/range-orders-grid';
import { PathSummary } from './components/path-table';
import { ReasonSummary } from './components/reason-table';
import { useSectorLines } from './components/sector-lines';
import { StepDate, StepSelect } from './components/step-fields';
import { useFetchFailureToast } from './components/summary-feedback';
import { SummaryRehearsal } from './components/summary-rehearsal';
import { periodOptions, useCalendarDays } from '../../lib/shift-range';
import { isCompleteFilter, ORDER_PERIOD, summaryFilterOf, summaryParams, type Period, type SummaryFilter } from './summary-filter';

/** The results rehearsed before the first 'Aplicar' (SummaryRehearsal). */
const REHEARSED = [ReasonSummary, PathSummary];

/**
 * /paradas/resumen (SPEC.md sections 2, 5): a line's stops over a shift, its plant day or its current order. The
 * filter (sector, line, date, period) is applied with 'Aplicar' into the query string, so ?line=&date=&period= (a link
 * from the second summary) opens it applied. Then the orders of the range and the stops by reason under their Pareto.
 */
export default function StopSummaryPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('stopSummary.title'));
  const [params, setParams] = useSearchParams();
  const urlFilter = summaryFilterOf(params);
  const applied = isCompleteFilter(urlFilter) ? urlFilter : null;
  // The date is the plant's production day until the user changes it (null: untouched).
  const [chosen, setChosen] = useState<Omit<SummaryFilter, 'date'> & { date: string | null; sectorID: number | null }>(() => ({
    ...urlFilter,
    date: urlFilter.date || null,
    sectorID: null,
  }));
  const plantDay = usePlantNow().data?.plantDate ?? '';
  const form = { ...chosen, date: chosen.date ?? plantDay };
  const update = (changes: Partial<typeof chosen>) => setChosen((current) => ({ ...current, ...changes }));
  const [incomplete, setIncomplete] = useState(false);
  const [appliedAt, setAppliedAt] = useState(() => Date.now());
  const { sectorID, sectors, lines } = useSectorLines(form.sectorID, form.lineID);

  // The periods of the chosen date as the chosen line's calendar (or, before a line is chosen, the plant's) has them.
  const [formDay] = useCalendarDays(form.lineID, [form.date]);
  const periods = [
    ...(formDay ? periodOptions(formDay, t, i18n.language, 'period', false) : []),
    { value: ORDER_PERIOD, text: t('stopSummary.periods.order') },
  ];
  const { range, query, caption, pending, noOrder, noPeriod, failedAt } = useAppliedRange(applied, appliedAt);
  const summary = useStopSummary(query, appliedAt);
  const prefetch = usePrefetchSummary();
  useFetchFailureToast(Math.max(failedAt, summary.isError ? summary.errorUpdatedAt : 0));

  const apply = () => {
    if (!isCompleteFilter(form)) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    const at = Date.now();
    prefetch(form, at);
    setAppliedAt(at);
    setParams(summaryParams(form));
  };

  return (
    <Stack gap="4" data-testid="stop-summary">
      <Heading size="lg">{t('stopSummary.title')}</Heading>
      <Card.Root variant="outline" data-testid="summary-filter">
        <Card.Body>
          <Flex gap="3" align="end" wrap="wrap">
            <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" flex="1" minW="280px">
              <StepSelect
                name="sector"
                label={t('stopSummary.sector')}
                options={sectors}
                value={sectorID}
                onChange={(value) => update({ sectorID: value, lineID: null })}
              />
              <StepSelect
                name="line"
                label={t('stopSummary.line')}
                options={lines}
                value={form.lineID}
                onChange={(value) => update({ sectorID, lineID: value })}
              />
              <StepDate
                name="date"
                label={t('stopSummary.date')}
                value={form.date || null}
                onChange={(value) => update({ date: value ?? '' })}
              />
              <StepSelect<Period>
                name="period"
                label={t('stopSummary.period')}
                options={periods}
                value={form.period}
                onChange={(value) => update({ period: value })}
              />
            </SimpleGrid>
            <Button colorPalette="teal" size="sm" onClick={apply} data-testid="summary-apply">
              {t('stopSummary.apply')}
            </Button>
          </Flex>
          {incomplete && (
            <Alert.Root status="warning" mt="3" data-testid="summary-filter-required">
              <Alert.Indicator />
              <Alert.Title>{t('stopSummary.filterRequired')}</Alert.Title>
            </Alert.Root>
          )}
        </Card.Body>
      </Card.Root>

      {applied && noOrder && (
        <Text color="fg.muted" data-testid="summary-no-order">
          {t('stopSummary.noReadyOrder', { n: applied.lineID })}
        </Text>
      )}
      {applied && noPeriod && (
        <Text color="fg.muted" data-testid="summary-no-period">
          {t('stopSummary.noPeriod')}
        </Text>
      )}
      {applied && range && (
        <Stack gap="5" data-testid="summary-results">
          <Text fontWeight="semibold" data-testid="summary-range">
            {caption}
          </Text>
          <RangeOrdersGrid key={appliedAt} lineID={applied.lineID} range={range} testId="summary-orders" />
          {summary.data ? <ReasonSummary summary={summary.data} /> : summary.isPending && <Spinner />}
        </Stack>
      )}
      {applied && pending && <Spinner />}
      {!applied && <SummaryRehearsal results={REHEARSED} />}
    </Stack>
  );
}
