import { join } from 'node:path';
import { toPlantIso } from '../../domain/time-zone';
import { loadInMemory, parseLoadOptions } from '../grid/load-options';
import type { RecentLogStore } from '../../logger';
import type { Plant } from '../../plant';

/** The columns the log viewer may filter and sort on; `id` lets it ask only for entries newer than the ones it shows. */
const LOG_COLUMNS = { id: 'number', time: 'date', level: 'string', logger: 'string', message: 'string' } as const;
const DEFAULT_TAKE = 1000;

/**
 * Recent log entries with the grid load options, newest first unless sorted otherwise. `["id", ">", n]` in the
 * filter gives only the entries written after entry n (the viewer's follow mode).
 */
export function listLogEntries(store: RecentLogStore, query: Record<string, unknown>, timeZone: string) {
  const options = parseLoadOptions({ take: String(DEFAULT_TAKE), ...query }, LOG_COLUMNS, timeZone);
  if (options.sort.length === 0) options.sort = [{ column: 'id', desc: true }];
  const page = loadInMemory(store.all() as unknown as Record<string, unknown>[], options);
  return { ...page, data: page.data.map((entry) => ({ ...entry, time: toPlantIso(entry.time as number, timeZone) })) };
}

/** What the viewer holds and where the older entries are: the rotating files of <dataDir>/logs. */
export function logInformation(plant: Plant) {
  const oldest = plant.recentLogs.all()[0];
  return {
    capacity: plant.recentLogs.capacity,
    held: plant.recentLogs.all().length,
    oldestTime: oldest ? toPlantIso(oldest.time, plant.timeZone) : null,
    directory: join(plant.settings.dataDir, 'logs'),
    file: 'oee-edge.log',
  };
}
