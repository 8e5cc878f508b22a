import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync } from 'node:fs';
import { attachAcquisition } from './acquisition/index';
import type { Settings } from './config';
import { attachDemoSimulator, demoSimulatorOf } from './demo/demo-simulator';
import { ownerOnly } from './db/file-modes';
import { databasePath, openPlantDatabase, readInstallation } from './db/installation';
import { createApp } from './http/app';
import { holdConnections } from './http/connections';
import type { Api } from './http/api';
import { uiFolder, type UiFiles } from './http/ui-files';
import { attachIndexJobs } from './jobs/index-jobs';
import { attachNotificationJobs, type NotificationJobs } from './jobs/notification-jobs';
import { attachPublishingJobs } from './jobs/publishing-jobs';
import { attachRetentionJobs } from './jobs/retention-jobs';
import { attachLossSplitBackfill } from './modules/losses/loss-split-backfill';
import { fillShiftIndexProductionDays } from './modules/engine/index';
import { createLogging, type LogFileSystem } from './logger';
import { routeModules } from './modules/index';
import { attachSync } from './modules/sync/sync.service';
import { Plant } from './plant';
import { attachSecrets } from './db/secrets';

export interface StartOptions {
  settings: Settings;
  /** The built UI, if any. */
  ui?: UiFiles;
  /** Folder of the built UI (when `ui` is not given). */
  uiDir?: string;
  /** Log to stdout too (off in tests). */
  stdout?: boolean;
  now?: () => number;
  /** The file system the log file is written with (tests make it fail as a full disk does). */
  logFileSystem?: LogFileSystem;
  /** What must work before the plant is read, beside the demo's simulator (tests make the start fail with it). */
  beforeReading?: () => Promise<unknown>;
  /**
   * Runs once the database (if any) is attached and before the port is opened: the demo configures its plant here, or
   * refuses another plant's data directory, so nothing says the edge listens (or that setup is pending) before that.
   * A failure stops what was started and is thrown by startEdge.
   */
  beforeListening?: (plant: Plant) => Promise<void>;
}

export interface RunningEdge {
  plant: Plant;
  api: Api;
  server: Server;
  url: string;
  /** The notification job (tests run a pass at once with runNow). */
  notifications: NotificationJobs;
  close(): Promise<void>;
}

/**
 * Starts an edge: logging, the database if setup has been done, the HTTP server. Used by `main.ts` and by the
 * tests, so tests run the same start-up the product runs.
 */
export async function startEdge(options: StartOptions): Promise<RunningEdge> {
  const { settings } = options;
  mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
  ownerOnly(settings.dataDir, 0o700);
  const logging = createLogging({
    level: settings.logLevel,
    dataDir: settings.dataDir,
    stdout: options.stdout ?? true,
    fileSystem: options.logFileSystem,
  });
  const plant = new Plant(settings, logging.logger, logging.recent, options.now);
  // Before the database is attached, so they start on `configured` whichever way it comes (start-up or setup).
  const demoSimulator = attachDemoSimulator(plant);
  // A demo plant's acquisition starts once the demo's own server runs and the configuration points at it.
  const acquisition = attachAcquisition(plant, {
    beforeReading: async () => Promise.all([demoSimulatorOf(plant), options.beforeReading?.()]),
  });
  const indexJobs = attachIndexJobs(plant);
  const retentionJobs = attachRetentionJobs(plant);
  // Once: the loss split of shift indexes closed before edge migration 0026 (modules/losses/loss-split-backfill.ts).
  const lossSplitBackfill = attachLossSplitBackfill(plant);
  // Telegram and email alerts; network I/O on its own, never in a request or the acquisition (jobs/notification-jobs.ts).
  const notifications = attachNotificationJobs(plant);
  // The lines' state and figures to the plant's MQTT broker, when the General parameters turn it on.
  const publishing = attachPublishingJobs(plant);
  // Replication to the central PostgreSQL when configured; it never delays or fails the edge (sync/agent.ts).
  const sync = attachSync(plant);

  /** Stops every part but the HTTP server, in the order that lets each finish what it is doing. */
  const stopParts = async () => {
    await acquisition.stop();
    await indexJobs.stop();
    await retentionJobs.stop();
    await lossSplitBackfill.stop();
    await notifications.stop();
    await publishing.stop();
    await sync.stop();
    await demoSimulator.stop();
    await plant.close();
    logging.close();
  };

  try {
    const installation = readInstallation(settings.dataDir);
    if (installation) {
      const path = databasePath(settings.dataDir, installation.connectionString);
      // An upgrade migrates at start: a backup is taken first, so the previous version can be put back.
      const { db, applied, backup } = await openPlantDatabase(path, { mustExist: true, backupBeforeUpgrade: settings.dataDir });
      if (applied.length) plant.logger.info({ applied, backup }, 'Database migrated');
      // The bot token and OPC passwords: sealed under the data directory's key, those still in clear sealed now.
      const sealed = await attachSecrets(db, settings.dataDir);
      if (sealed > 0) plant.logger.info({ sealed }, 'Secrets stored in clear are now sealed');
      // Shift indexes of before edge migration 0029 take the production day they showed, before anything can change a calendar.
      const days = await fillShiftIndexProductionDays(db, plant.timeZone);
      if (days > 0) plant.logger.info({ filled: days }, 'Shift indexes given their stored production day');
      plant.attachDatabase(db);
    }
    await options.beforeListening?.(plant);
  } catch (error) {
    await stopParts();
    throw error;
  }
  if (!plant.db) plant.logger.warn('First-run setup pending: open /setup in a browser');

  const ui = options.ui ?? (options.uiDir ? uiFolder(options.uiDir) : undefined);
  const { app, api } = createApp(plant, { ui, modules: routeModules });
  // With a certificate and key (TLS_CERT_FILE, TLS_KEY_FILE) HTTPS only: no plain-HTTP port is left open beside it.
  const tls =
    settings.tlsCertFile && settings.tlsKeyFile
      ? { cert: readFileSync(settings.tlsCertFile), key: readFileSync(settings.tlsKeyFile) }
      : null;
  const server = await new Promise<Server>((resolveServer, reject) => {
    const s: Server = tls ? createHttpsServer(tls, app) : createHttpServer(app);
    s.once('error', reject);
    s.listen(settings.port, settings.host, () => resolveServer(s));
  });
  holdConnections(server);
  const address = server.address() as AddressInfo;
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  plant.logger.info({ url, dataDir: settings.dataDir, timeZone: settings.timeZone }, 'OEE edge listening');

  return {
    plant,
    api,
    server,
    url,
    notifications,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await stopParts();
    },
  };
}
