// Growth of the edge database per simulated day at 50 lines: the engine's own ingestion of a day (a sample of every
// line every 10 s, a stop every ~40 minutes per line, counters running) and the index refresh every 10 s, with sync
// never enabled and with sync enabled but the central copy unreachable (outbox never acknowledged, kept bounded by
// the retention job), then the projected size of a year. Target: a year fits in a few GB.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPlantDatabase } from '../../edge/src/db/installation';
import { startSyncQueue } from '../../edge/src/db/outbox';
import { pruneExpiredRows } from '../../edge/src/db/retention';
import { shiftOf } from '../../edge/src/domain/calendar';
import { refreshOpenIndexes, ingestSamples, type LineSample } from '../../edge/src/modules/engine';
import { addLine } from '../support/test-plant';
import { DAY_MS } from '../../edge/src/domain/time';

const TZ = 'Europe/Madrid';
const LINES = 50;
const TICK_MS = 10_000;
const DAYS = Number(process.env.GROWTH_DAYS ?? 2);
const START = shiftOf('TM', '2026-05-04', TZ).startMs;
const RETENTION = { audit: 730, diagnostics: 30, outbox: 1 };

async function simulate(syncEnabled: boolean): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'oee-growth-'));
  try {
    const file = join(dir, 'oee.db');
    const { db } = await openPlantDatabase(file);
    for (let lineID = 1; lineID <= LINES; lineID += 1) await addLine(db, { lineID });
    if (syncEnabled) await startSyncQueue(db, START);
    const size = async () => {
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
      const { rows } = await sql<{
        bytes: number;
      }>`SELECT page_count * page_size - freelist_count * page_size AS bytes FROM pragma_page_count, pragma_page_size, pragma_freelist_count`.execute(
        db,
      );
      return { used: Number(rows[0]!.bytes), file: statSync(file).size };
    };
    const counts = async () => {
      const one = async (table: 'audit_log' | 'outbox' | 'stops' | 'production_minutes' | 'shift_indexes') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        audit: await one('audit_log'),
        outbox: await one('outbox'),
        stops: await one('stops'),
        minutes: await one('production_minutes'),
        shiftIndexes: await one('shift_indexes'),
      };
    };
    const units = new Array<number>(LINES + 1).fill(0);
    let previous = await size();
    for (let day = 0; day < DAYS; day += 1) {
      const dayStart = START + day * DAY_MS;
      const begin = performance.now();
      for (let atMs = dayStart; atMs < dayStart + DAY_MS; atMs += TICK_MS) {
        const samples: LineSample[] = [];
        for (let lineID = 1; lineID <= LINES; lineID += 1) {
          // Each line stops for 5 minutes in every 40 (its own phase), and counts 2 units a second while it runs.
          const running = Math.floor((atMs + lineID * 97_000) / 300_000) % 8 !== 0;
          if (running) units[lineID]! += 20;
          samples.push({ lineID, atMs, running, units: units[lineID]!, discards: 0 });
        }
        await ingestSamples(db, samples, { nowMs: atMs, timeZone: TZ, userID: null });
        await refreshOpenIndexes(db, { nowMs: atMs, timeZone: TZ });
      }
      await pruneExpiredRows(db, dayStart + DAY_MS, RETENTION);
      const now = await size();
      const grown = now.used - previous.used;
      console.log(
        `sync ${syncEnabled ? 'enabled, never acknowledged' : 'never enabled'}, day ${day + 1}: +${(grown / 1e6).toFixed(1)} MB (${((performance.now() - begin) / 1000).toFixed(0)} s simulated) — rows ${JSON.stringify(await counts())}`,
      );
      if (day === DAYS - 1) console.log(`  projected year: ${((grown * 365) / 1e9).toFixed(2)} GB   target < 3 GB`);
      previous = now;
    }
    await db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await simulate(false);
await simulate(true);
