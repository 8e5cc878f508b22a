import { Button, Card, Collapsible, Flex, Heading, Link, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { SummaryLevel } from '../../components/stops/api/get-stop-summary';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatPlantDateTime } from '../../lib/plant-time';
import { periodOptions, periodRange, useCalendarDays, type PlantRange } from '../../lib/shift-range';
import { useRangeProducts } from './api/get-range-products';
import { stopSummaryQuery, useStopSummary } from './api/get-stop-summary';
import { useStopTypes } from './api/get-stop-types';
import { PathSummary } from './components/path-table';
import { prefetchRangeOrders, RangeOrdersGrid } from './components/range-orders-grid';
import { useSectorLines } from './components/sector-lines';
import { StepDate, StepSelect } from './components/step-fields';
import { useFetchFailureToast } from './components/summary-feedback';
import { SummaryRehearsal } from './components/summary-rehearsal';
import { summaryLink } from './summary-filter';
import {
  chooseStep,
  isComplete,
  LEVELS,
  NO_STEPS,
  stepEnabled,
  summaryQueryOf,
  toDateAccepted,
  type CompleteSteps,
  type StepName,
  type Summary2Steps,
} from './summary2-steps';

/** The results rehearsed before the first 'Aplicar' (SummaryRehearsal): the table by path, no chart. */
const REHEARSED = [PathSummary];

/**
 * /paradas/resumen2 (SPEC.md sections 2, 5): a collapsible panel of 8 dependent steps — sector, line, from date, to
 * date, shift, product (made on the line in that span), stop type, level — each enabled once the one before is
 * chosen; 'Aplicar' once all are. Then the orders of the span and its stops by reason path cut to the level, each with
 * a bullet bar of its share, and a link to the first summary of the line's first day.
 */
export default function StopSummary2Page() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('stopSummary.title2'));
  const [steps, setSteps] = useState<Summary2Steps>(NO_STEPS);
  const [toDateRefused, setToDateRefused] = useState(false);
  const [applied, setApplied] = useState<{ steps: CompleteSteps; range: PlantRange; at: number } | null>(null);
  const [open, setOpen] = useState(true);
  const { sectors, lines } = useSectorLines(steps.sectorID);
  // The shifts of the first day as the line's calendar has them, and the span from the chosen shift's start on the
  // first day to its end on the last.
  const [fromDay, toDay] = useCalendarDays(steps.lineID, [steps.fromDate, steps.toDate]);
  const shiftOptions = fromDay ? periodOptions(fromDay, t, i18n.language, 'code', true) : [];
  const span = steps.shift && fromDay && toDay ? periodRange(steps.shift, fromDay, toDay) : null;
  const products = useRangeProducts(steps.lineID, span);
  const stopTypes = useStopTypes();
  const summary = useStopSummary(applied ? summaryQueryOf(applied.steps, applied.range) : null, applied?.at ?? 0);
  useFetchFailureToast(
    Math.max(
      summary.isError ? summary.errorUpdatedAt : 0,
      products.isError ? products.errorUpdatedAt : 0,
      stopTypes.isError ? stopTypes.errorUpdatedAt : 0,
    ),
  );

  const choose = <K extends StepName>(name: K, value: Summary2Steps[K]) => {
    setToDateRefused(false);
    setSteps((current) => chooseStep(current, name, value));
  };
  const chooseToDate = (value: string | null) => {
    const refused = value !== null && steps.fromDate !== null && !toDateAccepted(steps.fromDate, value);
    setToDateRefused(refused);
    if (!refused) choose('toDate', value);
  };
  const queryClient = useQueryClient();
  const apply = () => {
    if (!isComplete(steps) || !span) return;
    const at = Date.now();
    // Read at the click, before the results render (the hooks below then find them under way).
    void queryClient.prefetchQuery(stopSummaryQuery(summaryQueryOf(steps, span), at));
    void prefetchRangeOrders(queryClient, { lineID: steps.lineID, range: span, productCode: steps.product || null });
    setApplied({ steps, range: span, at });
    setOpen(false);
  };
  const appliedRange = applied?.range ?? null;

  return (
    <Stack gap="4" data-testid="stop-summary2">
      <Heading size="lg">{t('stopSummary.title2')}</Heading>
      <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Card.Root variant="outline" data-testid="summary2-panel" data-open={open}>
          <Card.Header py="2">
            <Flex align="center" gap="3">
              <Collapsible.Trigger asChild>
                <Button size="sm" variant="ghost" data-testid="summary2-toggle">
                  {open ? '▾' : '▸'} {t('stopSummary.filter')}
                </Button>
              </Collapsible.Trigger>
              {!open && appliedRange && applied && (
                <Text fontSize="sm" color="fg.muted">
                  {t('stopSummary.range', {
                    n: applied.steps.lineID,
                    from: formatPlantDateTime(appliedRange.start),
                    to: formatPlantDateTime(appliedRange.end),
                  })}
                </Text>
              )}
            </Flex>
          </Card.Header>
          <Collapsible.Content>
            <Card.Body pt="0">
              <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" data-testid="summary2-steps">
                <StepSelect
                  name="sector"
                  label={t('stopSummary.sector')}
                  options={sectors}
                  value={steps.sectorID}
                  onChange={(value) => choose('sectorID', value)}
                />
                <StepSelect
                  name="line"
                  label={t('stopSummary.line')}
                  options={lines}
                  value={steps.lineID}
                  onChange={(value) => choose('lineID', value)}
                  disabled={!stepEnabled(steps, 'lineID')}
                />
                <StepDate
                  name="fromDate"
                  label={t('stopSummary.fromDate')}
                  value={steps.fromDate}
                  onChange={(value) => choose('fromDate', value)}
                  disabled={!stepEnabled(steps, 'fromDate')}
                />
                <StepDate
                  name="toDate"
                  label={t('stopSummary.toDate')}
                  value={steps.toDate}
                  min={steps.fromDate ?? undefined}
                  onChange={chooseToDate}
                  disabled={!stepEnabled(steps, 'toDate')}
                  error={toDateRefused ? t('stopSummary.toDateBeforeFrom') : null}
                />
                <StepSelect<string>
                  name="shift"
                  label={t('stopSummary.shift')}
                  options={shiftOptions}
                  value={steps.shift}
                  onChange={(value) => choose('shift', value)}
                  disabled={!stepEnabled(steps, 'shift')}
                />
                <StepSelect<string>
                  name="product"
                  label={t('stopSummary.product')}
                  options={(products.data ?? []).map((option) => ({ value: String(option.value), text: option.text }))}
                  value={steps.product}
                  onChange={(value) => choose('product', value)}
                  disabled={!stepEnabled(steps, 'product') || !products.isSuccess}
                />
                <StepSelect<number>
                  name="stopType"
                  label={t('stopSummary.stopType')}
                  options={(stopTypes.data ?? []).map((option) => ({ value: Number(option.value), text: option.text }))}
                  value={steps.root}
                  onChange={(value) => choose('root', value)}
                  disabled={!stepEnabled(steps, 'root') || !stopTypes.isSuccess}
                />
                <StepSelect<SummaryLevel>
                  name="level"
                  label={t('stopSummary.level')}
                  options={LEVELS.map((level) => ({ value: level, text: level === 'all' ? t('stopSummary.levelAll') : String(level) }))}
                  value={steps.level}
                  onChange={(value) => choose('level', value)}
                  disabled={!stepEnabled(steps, 'level')}
                />
              </SimpleGrid>
              <Flex justify="end" mt="3">
                <Button colorPalette="teal" size="sm" onClick={apply} disabled={!isComplete(steps) || !span} data-testid="summary2-apply">
                  {t('stopSummary.apply')}
                </Button>
              </Flex>
            </Card.Body>
          </Collapsible.Content>
        </Card.Root>
      </Collapsible.Root>

      {applied && appliedRange && (
        <Stack gap="5" data-testid="summary-results">
          <Flex gap="3" align="baseline" wrap="wrap">
            <Text fontWeight="semibold" data-testid="summary-range">
              {t('stopSummary.range', {
                n: applied.steps.lineID,
                from: formatPlantDateTime(appliedRange.start),
                to: formatPlantDateTime(appliedRange.end),
              })}
            </Text>
            <Link asChild colorPalette="teal" fontSize="sm">
              <RouterLink
                to={summaryLink({ lineID: applied.steps.lineID, date: applied.steps.fromDate, period: applied.steps.shift })}
                data-testid="summary2-shift-link"
              >
                {t('stopSummary.shiftSummaryLink', { n: applied.steps.lineID, date: applied.steps.fromDate })}
              </RouterLink>
            </Link>
          </Flex>
          <RangeOrdersGrid
            key={applied.at}
            lineID={applied.steps.lineID}
            range={appliedRange}
            productCode={applied.steps.product || null}
            testId="summary-orders"
          />
          {summary.data ? <PathSummary summary={summary.data} /> : summary.isPending && <Spinner />}
        </Stack>
      )}
      {!applied && <SummaryRehearsal results={REHEARSED} />}
    </Stack>
  );
}
