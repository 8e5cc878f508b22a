import type { Api } from '../../http/api';
import { ROLE } from '../../domain/roles';
import type { Plant } from '../../plant';
import { logEntriesSchema, logInformationSchema } from './log.schemas';
import { listLogEntries, logInformation } from './log.service';

const ADMIN = [ROLE.ADMINISTRATOR];

export function registerLogRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: '/api/log/get',
      access: ADMIN,
      tag: 'log',
      summary:
        'Recent log entries { id, time, level, logger, message } with filter, sort, skip, take (newest first by default). `id` increases with every entry: a filter ["id", ">", n] answers only the entries written after n.',
      response: logEntriesSchema,
    },
    ({ ctx, query }) => listLogEntries(plant.recentLogs, query as Record<string, unknown>, ctx.timeZone),
  );
  api.route(
    {
      method: 'get',
      path: '/api/log/info',
      access: ADMIN,
      tag: 'log',
      summary:
        'How many entries the log viewer keeps in memory, the oldest it has, and the folder of the log files that hold the older ones.',
      response: logInformationSchema,
    },
    () => logInformation(plant),
  );
}
