import { type AcquisitionManager, tagStatusForApi } from '../../acquisition/index';
import type { Database } from '../../db/database';
import { calendarShiftAt, DEFAULT_CALENDAR } from '../../domain/work-calendar';
import { toPlantIso } from '../../domain/time-zone';
import { ordersAboveNominalSpeed, shiftsAboveNominalSpeed } from './above-nominal.repository';

/** SPEC.md "Tag update": when each update arrived and how long it took to be stored (ms), oldest first. */
export function tagUpdates(manager: AcquisitionManager, timeZone: string, take?: number) {
  return manager.diagnostics.tagUpdates
    .toArray(take)
    .map((entry) => ({ dateTime: toPlantIso(entry.dateTime, timeZone), duration: entry.duration }));
}

/** SPEC.md "Calculation times": each calculation pass with its result per line, oldest first. */
export function calculationTimes(manager: AcquisitionManager, timeZone: string, take?: number) {
  return manager.diagnostics.calculations(take).map((entry) => ({ ...entry, dateTime: toPlantIso(entry.dateTime, timeZone) }));
}

/** SPEC.md "OPC server status", one per configured and enabled server, with the "OPC tag status" of each of its tags. */
export function opcServers(manager: AcquisitionManager, timeZone: string) {
  const iso = (ms: number | null) => (ms === null ? null : toPlantIso(ms, timeZone));
  return manager.serverStatuses().map((status) => ({
    ...status,
    startTime: iso(status.startTime),
    lastUpdateTime: iso(status.lastUpdateTime),
    tags: manager.tagsOfServer(status.opcServerID).map((tagName) => tagStatusForApi(manager.tagStatus(tagName), timeZone)),
  }));
}

/** Counter readings not booked as they came (resets, new sources, implausible steps), oldest first. */
export function counterEvents(manager: AcquisitionManager, timeZone: string, take?: number) {
  return manager.diagnostics.counterEvents.toArray(take).map(({ atMs, ...event }) => ({ dateTime: toPlantIso(atMs, timeZone), ...event }));
}

/**
 * The figures above nominal speed (issue 25): every stored order and shift index whose throughput is over 100 %, so
 * its OEE may be too: line, order or shift, the figures, the product(s). The figures are kept as computed; the list
 * tells an administrator which product speeds to check.
 */
export async function aboveNominalSpeedCases(db: Database, timeZone: string, take = 200) {
  const [orders, shifts] = [await ordersAboveNominalSpeed(db, take), await shiftsAboveNominalSpeed(db, take)];
  const iso = (ms: number | null) => (ms === null ? null : toPlantIso(ms, timeZone));
  return {
    orders: orders.map((row) => ({ ...row, startDate: iso(row.startDate), endDate: iso(row.endDate) })),
    shifts: shifts.map((row) => ({
      lineID: row.lineID,
      // The row's own shift code; one computed before edge 0027 was the default calendar's.
      shift: row.shiftCode ?? calendarShiftAt(DEFAULT_CALENDAR, row.shiftStart, timeZone).code,
      shiftStart: toPlantIso(row.shiftStart, timeZone),
      shiftEnd: toPlantIso(row.shiftEnd, timeZone),
      oee: row.oee,
      throughput: row.throughput,
      productCodes: row.productCodes === null ? [] : row.productCodes.split(','),
    })),
  };
}
