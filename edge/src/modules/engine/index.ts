/**
 * The OEE engine's entry: the path from a tag's value to a stored index (docs/architecture.md, "The OEE engine").
 * Other modules, the acquisition, the jobs and the demo import the engine from here; its repositories are its own
 * (a lint rule: no module reads another module's `*.repository.ts`).
 *
 * - `line-evaluator.ts`: tag values → line samples (the acquisition runs it over its tag cache).
 * - `line-events.service.ts`: *the* way line activity enters the system (samples, manual events, restarts), one
 *   transaction each: stops, production minutes, orders, outbox and audit rows.
 * - `line-indicators.ts`: *the* computation of a line's indicators over a range.
 * - `indexes.service.ts`: order and shift indexes stored when a value changed; their refresh, closing and
 *   recalculation. `indexes.routes.ts`: the shift-index routes.
 */

export { LineEvaluator, type LineSampleSink } from './line-evaluator';
export {
  applyLineEvents,
  ingestSamples,
  recordEdgeRestart,
  type CounterEvent,
  type IngestionContext,
  type IngestionResult,
  type LineEvent,
  type LineSample,
} from './line-events.service';
export {
  lineIndicators,
  lineRangeInputs,
  lineSchedule,
  loadLineRangeData,
  loadLinesRangeData,
  type CountedLossKindOf,
  type LineIndicators,
  type LineRangeData,
  type LineSchedule,
  type RangeInputs,
  type RangeScope,
} from './line-indicators';
export {
  clockOf,
  closeDueShifts,
  orderStopTimeMs,
  recalculateAllOrders,
  recalculateAllShiftIndexes,
  refreshIndexesAffectedBy,
  refreshOpenIndexes,
  refreshOrderIndex,
  type EngineClock,
} from './indexes.service';
export { fillShiftIndexProductionDays } from './production-day-fill';
/** What the engine reads of a line and its history, for the modules that show the same figures. */
export {
  engineParameters,
  findLineSettings,
  findOrderSpan,
  listLineSettings,
  ordersOverlappingLines,
  productionTotalsOfLines,
  shiftIndexGridSource,
  stopSpansOfLines,
  type EngineParameters,
  type LineSettings,
  type StopSpan,
} from './indexes.repository';
export { INDEX_MINUTE_COLUMNS, INDEX_VALUE_COLUMNS, minuteColumnsSql, minutesSql, shiftIndexRowSchema } from './indexes.schemas';
export { registerIndexRoutes } from './indexes.routes';
