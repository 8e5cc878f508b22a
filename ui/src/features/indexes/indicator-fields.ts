import type { GridField } from '../../components/data-grid/grid-types';
import { ratioCellFlaggingSpeed } from './above-nominal-cell';

/**
 * The indicator columns both index grids show, order and shift alike: times in minutes, ratios as whole percentages;
 * OEE and throughput flagged on a row above nominal speed.
 */

export const TIME_FIELDS: readonly GridField[] = [
  { name: 'runtime', label: 'indexes.fields.runtime', kind: 'minutes', width: 140 },
  { name: 'staffedTime', label: 'indexes.fields.staffedTime', kind: 'minutes', width: 140 },
  { name: 'discountTime', label: 'indexes.fields.discountTime', kind: 'minutes', width: 140 },
];

export const RATIO_FIELDS: readonly GridField[] = [
  { name: 'utilization', label: 'indexes.fields.utilization', kind: 'percent', width: 110 },
  {
    name: 'throughput',
    label: 'indexes.fields.throughput',
    kind: 'percent',
    width: 110,
    cellElement: ratioCellFlaggingSpeed('throughput'),
  },
  { name: 'acceptance', label: 'indexes.fields.acceptance', kind: 'percent', width: 110 },
  { name: 'oee', label: 'indexes.fields.oee', kind: 'percent', width: 90, cellElement: ratioCellFlaggingSpeed('oee') },
];

export const RELIABILITY_FIELDS: readonly GridField[] = [
  { name: 'mtbf', label: 'indexes.fields.mtbf', kind: 'minutes', width: 110 },
  { name: 'mttr', label: 'indexes.fields.mttr', kind: 'minutes', width: 110 },
];
