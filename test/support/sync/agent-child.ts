import { createKysely, openSqlite } from '../../../edge/src/db/database';
import { SyncAgent } from '../../../sync/agent';

/**
 * The agent alone in a process, against an edge SQLite file, so a test can kill it for real (SIGKILL) — bundled and
 * started by test/support/sync/child-agent.ts. Arguments: a JSON object { file, url, plantId, timeZone, batchSize,
 * retryBaseMs, retryMaxMs }. SIGTERM stops it cleanly. It logs its failures and recoveries as JSON lines on stdout.
 */
const args = JSON.parse(process.argv[2] ?? '{}') as {
  file: string;
  url: string;
  plantId: string;
  timeZone: string;
  batchSize: number;
  retryBaseMs: number;
  retryMaxMs: number;
};
const edge = createKysely(openSqlite({ file: args.file, mustExist: true }));
const line = (level: string) => (details: object, message: string) => console.log(JSON.stringify({ level, message, ...details }));
const agent = new SyncAgent({
  edge,
  centralUrl: args.url,
  plant: { plantId: args.plantId, timeZone: args.timeZone },
  batchSize: args.batchSize,
  pollMs: 100,
  retry: { baseMs: args.retryBaseMs, maxMs: args.retryMaxMs },
  logger: { info: line('info'), warn: line('warn') },
});
agent.start();
process.on('SIGTERM', () => {
  void agent
    .stop()
    .then(() => edge.destroy())
    .then(() => process.exit(0));
});
