import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { Settings } from './config';
import type { Database } from './db/database';
import type { RecentLogStore } from './logger';

/**
 * What one running edge holds: its frozen settings, logging, clock and — once the first-run setup is done — its
 * database. Before setup the database is absent and the API answers 503 except for setup itself.
 * `configured` is emitted once the database is attached, so acquisition and jobs can start.
 * `configurationChanged` is emitted by a module after it wrote configuration the acquisition reads (OPC servers and
 * tags, line scripts, parameters), so the change takes effect at once instead of at the next periodic check.
 */
export class Plant extends EventEmitter<{ configured: [Database]; configurationChanged: [{ area: string }] }> {
  private database: Database | null = null;

  constructor(
    readonly settings: Settings,
    readonly logger: Logger,
    readonly recentLogs: RecentLogStore,
    /** The clock every service reads (tests replace it). */
    readonly now: () => number = Date.now,
  ) {
    super();
  }

  get timeZone(): string {
    return this.settings.timeZone;
  }

  get db(): Database | null {
    return this.database;
  }

  attachDatabase(db: Database): void {
    this.database = db;
    this.emit('configured', db);
  }

  async close(): Promise<void> {
    const db = this.database;
    this.database = null;
    await db?.destroy();
  }
}
