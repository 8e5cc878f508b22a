import type { StopSummaryQuery, SummaryLevel } from '../../components/stops/api/get-stop-summary';
import type { PlantRange } from '../../lib/shift-range';

/**
 * The 8 dependent steps of /paradas/resumen2 (SPEC.md section 5): sector, line, from date, to date, shift, product,
 * stop type, level. A step can be chosen only once every step before it is; choosing a step again clears the steps
 * after it (their options depend on it); 'Aplicar' needs all eight. 'Todos' is a choice like any other: product ''
 * (every product), stop type 0 (every category), level 'all' (whole paths).
 */
export interface Summary2Steps {
  sectorID: number | null;
  lineID: number | null;
  fromDate: string | null;
  toDate: string | null;
  /** A shift code of the line's calendar, or TO (the whole production day). */
  shift: string | null;
  product: string | null;
  root: number | null;
  level: SummaryLevel | null;
}

export type StepName = keyof Summary2Steps;

export const STEP_ORDER = [
  'sectorID',
  'lineID',
  'fromDate',
  'toDate',
  'shift',
  'product',
  'root',
  'level',
] as const satisfies readonly StepName[];

export const NO_STEPS: Summary2Steps = {
  sectorID: null,
  lineID: null,
  fromDate: null,
  toDate: null,
  shift: null,
  product: null,
  root: null,
  level: null,
};

/** Level options: Todos, then 1 to 6 (SPEC.md section 9). */
export const LEVELS: readonly SummaryLevel[] = ['all', 1, 2, 3, 4, 5, 6];

/** Whether a step can be chosen: every step before it is. */
export function stepEnabled(steps: Summary2Steps, name: StepName): boolean {
  return STEP_ORDER.slice(0, STEP_ORDER.indexOf(name)).every((before) => steps[before] !== null);
}

/** Whether the to date may follow the from date: the range's start is not after its end. */
export const toDateAccepted = (fromDate: string, toDate: string) => toDate >= fromDate;

/**
 * The steps after choosing `value` for `name`: the later steps cleared. A step that may not be chosen yet, or a to
 * date before the from date, changes nothing.
 */
export function chooseStep<K extends StepName>(steps: Summary2Steps, name: K, value: Summary2Steps[K]): Summary2Steps {
  if (!stepEnabled(steps, name)) return steps;
  if (name === 'toDate' && value !== null && !toDateAccepted(steps.fromDate!, value as string)) return steps;
  const next: Summary2Steps = { ...steps, [name]: value };
  for (const later of STEP_ORDER.slice(STEP_ORDER.indexOf(name) + 1)) next[later] = null;
  return next;
}

export type CompleteSteps = { [K in StepName]: NonNullable<Summary2Steps[K]> };

export function isComplete(steps: Summary2Steps): steps is CompleteSteps {
  return STEP_ORDER.every((name) => steps[name] !== null);
}

/** The summary call of the applied steps over `range`, the span their dates and shift select (lib/shift-range). */
export function summaryQueryOf(steps: CompleteSteps, range: PlantRange): StopSummaryQuery {
  return {
    lineID: steps.lineID,
    startDate: range.start,
    endDate: range.end,
    product: steps.product || null,
    root: steps.root || null,
    level: steps.level,
  };
}
