import type { Api } from '../../http/api';
import { toPlantIso } from '../../domain/time-zone';
import { ROLE } from '../../domain/roles';
import { loadInMemory, parseLoadOptions } from '../../http/load-options';
import type { Plant } from '../../plant';

const LOG_COLUMNS = { time: 'date', level: 'string', logger: 'string', message: 'string' } as const;
const DEFAULT_TAKE = 1000;

export function registerLogRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: '/api/log/get',
      access: [ROLE.ADMINISTRATOR],
      tag: 'log',
      summary: 'Recent log entries { time, level, logger, message } with filter, sort, skip, take (newest first by default).',
    },
    ({ ctx, query }) => {
      const options = parseLoadOptions(query as Record<string, unknown>, LOG_COLUMNS, ctx.timeZone);
      if (options.sort.length === 0) options.sort = [{ column: 'time', desc: true }];
      options.take ??= DEFAULT_TAKE;
      const page = loadInMemory(plant.recentLogs.all() as unknown as Record<string, unknown>[], options);
      return { ...page, data: page.data.map((entry) => ({ ...entry, time: toPlantIso(entry.time as number, ctx.timeZone) })) };
    },
  );
}
