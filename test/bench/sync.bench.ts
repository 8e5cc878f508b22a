// A backlog of 100,000 outbox rows (a plant's configuration, then stops written through the write chokepoint)
// replicated by the sync agent to a local PostgreSQL (embedded, fsync on; or TEST_DATABASE_URL), timed from the
// agent's start to the last acknowledgement — reading SQLite, one central transaction per batch, pruning the outbox.
// The floor: PostgreSQL's COPY FROM STDIN of the same rows, already converted to CSV, into the same tables (same
// keys and indexes) for another plant id. Target: the 100,000 rows in under 10 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_BATCH_SIZE, SyncAgent } from '../../sync/agent';
import type { OutboxRow } from '../../sync/central/apply-batch';
import { migrateCentral, openCentral } from '../../sync/central/central-database';
import { centralTableOf, type CentralColumn } from '../../sync/central/tables';
import { centralDigest, edgeDigest } from '../support/sync/digest';
import { FIXTURE_TZ, openEdgeDatabase, writeConfiguration, writeStops } from '../support/sync/edge-fixture';
import { startTestPostgres } from '../support/sync/postgres';

const BACKLOG = 100_000;
const TARGET_S = 10;

/** COPY … FROM STDIN through pg's own protocol handling (pg-copy-streams does the same; it is not a dependency). */
class CopyFrom implements pg.Submittable {
  private error: Error | null = null;
  private settle!: (error: Error | null) => void;
  readonly done = new Promise<void>((resolve, reject) => (this.settle = (error) => (error ? reject(error) : resolve())));

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {}

  submit(connection: pg.Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: pg.Connection & { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    for (let offset = 0; offset < this.data.length; offset += 1 << 16)
      connection.sendCopyFromChunk(this.data.subarray(offset, offset + (1 << 16)));
    connection.endCopyFrom();
  }

  handleCommandComplete(): void {}

  handleError(error: Error): void {
    this.error = error;
  }

  handleReadyForQuery(): void {
    this.settle(this.error);
  }
}

function csvValue(value: unknown, column: CentralColumn): string {
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'time':
      return new Date(value as number).toISOString();
    case 'boolean':
      return value ? 't' : 'f';
    case 'text':
    case 'json':
      return `"${String(value).replaceAll('"', '""')}"`;
    default:
      return String(value);
  }
}

/** The backlog as CSV per central table, with the columns the agent writes (newest change per key, as it does). */
function csvByTable(rows: readonly OutboxRow[], plantId: string): Map<string, { columns: string[]; csv: Buffer }> {
  const newest = new Map<string, OutboxRow>();
  for (const row of rows) newest.set(`${row.entity} ${row.entityKey}`, row);
  const lines = new Map<string, string[]>();
  for (const row of newest.values()) {
    const table = centralTableOf(row.entity);
    const payload = JSON.parse(row.payload!) as Record<string, unknown>;
    const line = [plantId, ...table.columns.map((column) => csvValue(payload[column.edge], column)), String(row.seq)].join(',');
    if (!lines.has(table.table)) lines.set(table.table, []);
    lines.get(table.table)!.push(line);
  }
  return new Map(
    [...lines].map(([name, tableLines]) => {
      const table = centralTableOf(name);
      return [
        name,
        { columns: ['plant_id', ...table.columns.map((c) => c.central), 'row_version'], csv: Buffer.from(`${tableLines.join('\n')}\n`) },
      ];
    }),
  );
}

/**
 * Lets the garbage of the seeding go before the clock starts: Kysely prepares a statement per query, and the
 * hundreds of thousands the seeding left are finalized in a burst (seconds) on the next major collection, which
 * would otherwise land inside the agent's time. An edge creates them steadily, never as such a burst.
 */
async function settle(): Promise<void> {
  for (let round = 0; round < 10; round += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (performance.now() - started < 20) return;
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-US');

async function main(): Promise<void> {
  const postgres = await startTestPostgres({ durable: true });
  const dir = mkdtempSync(join(tmpdir(), 'oee-sync-bench-'));
  const edge = await openEdgeDatabase(join(dir, 'oee.db'));
  const central = openCentral(postgres.url);
  try {
    await migrateCentral(central);
    let started = performance.now();
    // Seeding is not what is measured: no fsync per transaction while it runs (the agent then runs with FULL).
    await sql`PRAGMA synchronous = OFF`.execute(edge);
    await writeConfiguration(edge);
    const configured = Number(
      (
        await edge
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await writeStops(edge, BACKLOG - configured);
    await sql`PRAGMA synchronous = FULL`.execute(edge);
    // The COPY floor's input, built now: the rows themselves are then dropped, so the agent runs with the heap an
    // edge has, not with the whole backlog held in memory (the CSV sits in Buffers, outside the GC's heap).
    let backlog: OutboxRow[] | null = await edge.selectFrom('outbox').selectAll().orderBy('seq').execute();
    const rows = backlog.length;
    const lastSeq = backlog.at(-1)!.seq;
    const csv = csvByTable(backlog, 'copy-floor');
    backlog = null;
    await settle();
    console.log(
      `backlog: ${rows.toLocaleString('en-US')} outbox rows (${configured} of configuration, the rest stops), seeded in ${seconds(performance.now() - started)} s`,
    );

    const agent = new SyncAgent({ edge, centralUrl: postgres.url, plant: { plantId: 'bench', timeZone: FIXTURE_TZ }, pollMs: 1 });
    started = performance.now();
    agent.start();
    const deadline = Date.now() + 120_000;
    while (agent.state().acknowledgedSeq !== lastSeq) {
      if (Date.now() > deadline) throw new Error(`the agent did not finish in 120 s: ${JSON.stringify(agent.state())}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const agentMs = performance.now() - started;
    await agent.stop();
    const left = Number(
      (
        await edge
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    started = performance.now();
    await client.query('BEGIN');
    for (const [table, { columns, csv: data }] of csv) {
      await client.query(
        new CopyFrom(`COPY oee."${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN WITH (FORMAT csv)`, data),
      ).done;
    }
    await client.query('COMMIT');
    const copyMs = performance.now() - started;
    const copied = Number((await client.query("SELECT count(*) AS n FROM oee.stops WHERE plant_id = 'copy-floor'")).rows[0].n);
    await client.end();

    const equal = JSON.stringify(await centralDigest(central, edge, 'bench')) === JSON.stringify(await edgeDigest(edge));
    console.log(
      `agent: ${rows.toLocaleString('en-US')} rows in ${seconds(agentMs)} s = ${perSecond(rows, agentMs)} rows/s (batches of ${DEFAULT_BATCH_SIZE}, fsync on; outbox left: ${left}; central equals edge: ${equal})`,
    );
    console.log(
      `COPY floor: the same rows as CSV in ${seconds(copyMs)} s = ${perSecond(rows, copyMs)} rows/s (${copied.toLocaleString('en-US')} stops; CSV built beforehand, not timed)`,
    );
    console.log(`ratio: the agent takes ${(agentMs / copyMs).toFixed(1)}× the time of COPY`);
    console.log(
      `target: ${rows.toLocaleString('en-US')} rows in under ${TARGET_S} s — ${agentMs / 1000 < TARGET_S && equal && left === 0 ? 'met' : 'NOT met'}`,
    );
    if (!equal || left !== 0) process.exitCode = 1;
  } finally {
    await central.destroy();
    await edge.destroy();
    await postgres.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
