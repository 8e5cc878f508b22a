import type { Database } from '../edge/src/db/database';
import { applyBatch, readCursor, type PlantIdentity } from './central/apply-batch';
import { migrateCentral, openCentral, type CentralDatabase } from './central/central-database';
import { highestOutboxSeqEver, plantNameOf, pruneOutbox, readOutboxBatch } from './edge-outbox';
import { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from './retry';

/**
 * The sync agent: replicates the edge's outbox to the central PostgreSQL, in sequence order, one batch at a time.
 *
 *   connect: open the pool, run the central migrations (once), read the plant's cursor, prune the outbox rows it
 *            acknowledges (the agent may have died after a COMMIT and before its prune);
 *   loop:    read up to `batchSize` rows after the acknowledged seq → apply them in one central transaction that
 *            also moves the cursor → prune them from the outbox in one DELETE → next batch; when the outbox is
 *            empty, look again after `pollMs`;
 *   failure: any error (server down, network, a statement) drops the connection state and waits with exponential
 *            backoff and jitter, then connects again. Nothing is lost: the rows stay in the outbox until a COMMIT
 *            acknowledged them, and resending a batch that did commit is a replay, which changes nothing.
 *
 * The edge never waits on it: start() returns at once, every failure is caught and recorded for the status, and each
 * edge statement is short (no SQLite connection is held across a PostgreSQL await).
 */

export interface SyncLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SyncAgentOptions {
  /** The edge's database (the outbox is read and pruned there). */
  edge: Database;
  centralUrl: string;
  plant: PlantIdentity;
  logger?: SyncLogger;
  now?: () => number;
  /** Outbox rows per batch (one central transaction each). */
  batchSize?: number;
  /** How long to wait before looking at an empty outbox again. */
  pollMs?: number;
  retry?: RetryPolicy;
  random?: () => number;
}

export interface SyncAgentState {
  plantId: string;
  /** The highest seq the central copy acknowledged (null before the first contact). */
  acknowledgedSeq: number | null;
  /** When a batch was last applied or the agent last (re)connected, epoch ms. */
  lastSuccessAt: number | null;
  lastError: { message: string; at: number } | null;
  consecutiveFailures: number;
  /** When the next attempt is due while retrying, epoch ms. */
  nextRetryAt: number | null;
  /** Rows replicated since start. */
  rowsSent: number;
}

export const DEFAULT_BATCH_SIZE = 5_000;
const DEFAULT_POLL_MS = 1_000;
/** How long stop() waits for a batch in flight before closing the pool under it (it then rolls back). */
const STOP_GRACE_MS = 5_000;

const silent: SyncLogger = { info: () => undefined, warn: () => undefined };

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return error.errors.map(messageOf).join('; ');
  return error instanceof Error ? error.message || error.name : String(error);
}

/** The password of a connection URL, to keep it out of messages (logs and the status are not for secrets). */
function passwordOf(url: string): string | null {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password.length ? password : null;
  } catch {
    return null;
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class SyncAgent {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly retry: RetryPolicy;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly logger: SyncLogger;
  private central: CentralDatabase | null = null;
  private migrated = false;
  private connected = false;
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly current: SyncAgentState;
  private readonly secret: string | null;

  constructor(private readonly options: SyncAgentOptions) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.logger = options.logger ?? silent;
    this.secret = passwordOf(options.centralUrl);
    this.current = {
      plantId: options.plant.plantId,
      acknowledgedSeq: null,
      lastSuccessAt: null,
      lastError: null,
      consecutiveFailures: 0,
      nextRetryAt: null,
      rowsSent: 0,
    };
  }

  /** Starts replicating in the background; returns at once. */
  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  /** What the status route shows. */
  state(): Readonly<SyncAgentState> {
    return { ...this.current };
  }

  /** Stops after the batch in flight (bounded), and closes the central pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (this.loop) await within(this.loop, STOP_GRACE_MS);
    const central = this.central;
    this.central = null;
    if (central)
      await within(
        central.destroy().catch(() => undefined),
        STOP_GRACE_MS,
      );
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!this.connected) await this.connect();
        const sent = await this.sendNextBatch();
        if (sent === 0) await this.pause(this.pollMs);
      } catch (error) {
        if (this.stopped) break;
        await this.pause(this.failed(error));
      }
    }
  }

  private async connect(): Promise<void> {
    const { plantId } = this.options.plant;
    this.central ??= openCentral(this.options.centralUrl, {
      applicationName: `oee-edge sync ${plantId}`.slice(0, 63),
      onConnectionError: (error) => this.logger.warn({ err: this.describe(error) }, 'Central connection lost'),
    });
    if (!this.migrated) {
      const applied = await migrateCentral(this.central);
      if (applied.length) this.logger.info({ applied }, 'Central schema migrated');
      this.migrated = true;
    }
    const cursor = await readCursor(this.central, plantId);
    const ever = await highestOutboxSeqEver(this.options.edge);
    if (cursor > ever) {
      throw new Error(
        `The central database holds changes up to ${cursor} for plant '${plantId}', but this edge's outbox only reached ${ever}: ` +
          'it belongs to another database (a restored backup or a new installation). Give this database its own PLANT_ID.',
      );
    }
    await pruneOutbox(this.options.edge, cursor);
    this.current.acknowledgedSeq = cursor;
    this.connected = true;
    this.succeeded();
    if (this.current.rowsSent === 0) this.logger.info({ plantId, acknowledgedSeq: cursor }, 'Sync connected');
  }

  /** Sends the next batch; answers how many outbox rows it held (0: nothing to send). */
  private async sendNextBatch(): Promise<number> {
    const central = this.central!;
    const after = this.current.acknowledgedSeq ?? 0;
    const rows = await readOutboxBatch(this.options.edge, after, this.batchSize);
    if (rows.length === 0) return 0;
    // The plant's name travels with its identity: read with each batch, so a rename goes with the next change.
    const name = await plantNameOf(this.options.edge);
    const { lastSeq } = await applyBatch(central, { ...this.options.plant, name }, rows);
    // Acknowledged centrally: from here a crash only costs a harmless resend.
    this.current.acknowledgedSeq = lastSeq;
    this.current.rowsSent += rows.length;
    this.succeeded();
    await pruneOutbox(this.options.edge, lastSeq);
    return rows.length;
  }

  private succeeded(): void {
    if (this.current.consecutiveFailures > 0) this.logger.info({ after: this.current.consecutiveFailures }, 'Sync recovered');
    this.current.lastSuccessAt = this.now();
    this.current.consecutiveFailures = 0;
    this.current.nextRetryAt = null;
  }

  /** Records a failure and answers how long to wait before the next attempt. */
  private failed(error: unknown): number {
    this.connected = false;
    const failures = this.current.consecutiveFailures + 1;
    const delayMs = retryDelayMs(failures, this.retry, this.random);
    const message = this.describe(error);
    const at = this.now();
    this.current.consecutiveFailures = failures;
    this.current.lastError = { message, at };
    this.current.nextRetryAt = at + delayMs;
    this.logger.warn({ err: message, failures, retryInMs: delayMs }, 'Sync failed; the outbox keeps the changes');
    return delayMs;
  }

  private describe(error: unknown): string {
    const message = messageOf(error);
    return this.secret ? message.replaceAll(this.secret, '***') : message;
  }

  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
