import { basename, dirname, join } from 'node:path';
import { isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';
import { backupDatabase } from './backup';
import { parseCommandLine, passwordHashCost, SettingsError, USAGE, VERSION, type Settings } from './config';
import { useSqliteAddon } from './db/database';
import { databasePath, openPlantDatabase, readInstallation } from './db/installation';
import { extractSqliteAddon, loadAddon } from './executable/embedded-sqlite-addon';
import { uiFolder, uiSeaAssets, type UiFiles } from './http/ui-files';
import { setPasswordHashCost } from './modules/auth/password';
import { startEdge, type RunningEdge, type StartOptions } from './server';

/**
 * The built UI: inside the single executable, its embedded assets; otherwise the folder beside the bundled server
 * (dist/edge/main.js → dist/ui).
 */
function uiFiles(): UiFiles {
  return isSea() ? uiSeaAssets() : uiFolder(join(dirname(fileURLToPath(import.meta.url)), '..', 'ui'));
}

/**
 * How a person runs this program again where it runs now: the single executable by its own file name; a checkout by
 * its entry `npx oee-edge`, which always runs on the project's pinned Node (`node dist/edge/main.js` needs Node 24).
 */
function ownCommand(): string {
  return isSea() ? basename(process.execPath) : 'npx oee-edge';
}

function configuredDatabase(settings: Settings): string {
  const installation = readInstallation(settings.dataDir);
  if (!installation) {
    console.error(`No database is configured in ${settings.dataDir} yet: run the server and complete /setup first.`);
    process.exit(1);
  }
  return databasePath(settings.dataDir, installation.connectionString);
}

/** Runs until SIGINT/SIGTERM, then closes `close` once and exits. */
function closeOnSignal(close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function serve(settings: Settings, beforeListening?: StartOptions['beforeListening']): Promise<RunningEdge> {
  const edge = await startEdge({ settings, ui: uiFiles(), beforeListening });
  console.log(`OEE edge ${VERSION} at ${edge.url}  (data: ${settings.dataDir}, time zone: ${settings.timeZone})`);
  closeOnSignal(() => {
    edge.plant.logger.info('Stopping');
    return edge.close();
  });
  return edge;
}

/** Why `oee-edge demo` does not start, with the exit code it ends with. */
class DemoRefused extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * `oee-edge demo`: on an empty data directory, the first-run setup with the demo plant (the wizard's demo option);
 * on a demo plant's data directory, that plant again. Any other plant is left alone: the demo stops before it opens
 * its port. Both are decided before the edge listens, so its log never says setup is pending or that it listens first.
 */
async function demo(settings: Settings): Promise<void> {
  const { configure } = await import('./modules/setup/setup.service');
  const { readDemoSettings } = await import('./demo/demo.repository');
  const { DEMO_PASSWORD, DEMO_USERS } = await import('./demo/demo-plant');
  let edge: RunningEdge;
  try {
    edge = await serve(settings, async (plant) => {
      if (!plant.db) {
        const result = await configure(plant, { databaseSelected: 'sqlite', demo: true, demoShifts: settings.shifts }, 'en');
        if (!result.valid) throw new DemoRefused(result.error ?? 'The demo plant could not be created.', 1);
      } else if (settings.shifts) {
        throw new DemoRefused(
          `--shifts sets the shifts of a new demo plant, and ${settings.dataDir} already holds one: run the demo again without --shifts, or with an empty OEE_DATA_DIR.`,
          2,
        );
      } else if (!(await readDemoSettings(plant.db))) {
        throw new DemoRefused(
          `${settings.dataDir} holds a plant that is not the demo plant: run '${ownCommand()} serve', or the demo with an empty OEE_DATA_DIR.`,
          2,
        );
      }
    });
  } catch (error) {
    if (!(error instanceof DemoRefused)) throw error;
    console.error(error.message);
    process.exit(error.exitCode);
  }
  console.log(`\nDemo plant running: open ${edge.url}`);
  console.log(`Users (demo plant only), password '${DEMO_PASSWORD}': ${DEMO_USERS.map((user) => user.userID).join(', ')}`);
  console.log('Lines start showing stops and production within a minute. Ctrl+C stops the demo; run it again to continue.');
}

/** `oee-edge simulate`: the OPC UA plant simulator alone, for an edge elsewhere to read. */
async function simulate(settings: Settings): Promise<void> {
  const { PlantSimulator, SIMULATOR_VARIABLES, simulatorNodeId } = await import('./acquisition/simulator/plant-simulator');
  const { connectableHosts } = await import('./acquisition/simulator/simulator-addresses');
  const lines = settings.lines ?? 4;
  const pkiDir = join(settings.dataDir, 'pki');
  const simulator = await PlantSimulator.start({ lines, port: settings.port, host: settings.host, pkiDir });
  console.log(
    `OPC UA plant simulator with ${lines} lines, listening on ${settings.host} port ${simulator.port} (security None, anonymous). Endpoint URLs to give an OPC server (type UA):`,
  );
  for (const host of connectableHosts(settings.host)) console.log(`  opc.tcp://${host}:${simulator.port}`);
  console.log('Tags per line n = 1..' + lines + ' (tagName, tagType, tagValue = node id):');
  for (const { name, dataType } of SIMULATOR_VARIABLES) {
    console.log(`  Line<n>.${name.padEnd(9)} ${dataType.padEnd(8)} ${simulatorNodeId(1, name).replace('Line1', 'Line<n>')}`);
  }
  console.log(
    `Certificates (made on the first start, kept for the next): the server's own in ${join(pkiDir, 'simulator', 'own')}; client certificates are accepted automatically into ${join(pkiDir, 'simulator', 'trusted')}; user certificates in ${join(pkiDir, 'simulator-users')}.`,
  );
  closeOnSignal(() => simulator.stop());
}

/** `oee-edge central migrate`: the central PostgreSQL schema (sync/), for a DBA who runs it before the agents do. */
async function centralMigrate(settings: Settings): Promise<void> {
  const { migrateCentral, openCentral } = await import('../../sync/central/central-database');
  const central = openCentral(settings.syncDatabaseUrl!);
  try {
    const applied = await migrateCentral(central);
    console.log(applied.length ? `Central schema migrated: ${applied.join(', ')}` : 'The central schema is up to date.');
  } finally {
    await central.destroy();
  }
}

/**
 * `oee-edge central serve`: the central portal over SYNC_DATABASE_URL (portal/). The first start creates
 * the administrator `admin` and prints its temporary password, once.
 */
async function centralServe(settings: Settings): Promise<void> {
  const { startPortal } = await import('../../portal/portal-server');
  const portal = await startPortal({ settings, ui: uiFiles() });
  console.log(`OEE central portal ${VERSION} at ${portal.url}`);
  if (portal.firstPassword) {
    console.log(
      `First administrator 'admin', temporary password (shown only now; it must be changed at the first sign-in): ${portal.firstPassword}`,
    );
  }
  closeOnSignal(() => portal.close());
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof SettingsError) {
      console.error(error.message);
      console.error('\nRun with --help for the list of settings.');
      process.exit(2);
    }
    throw error;
  }
  if (parsed.kind === 'help') return void console.log(USAGE);
  if (parsed.kind === 'version') return void console.log(VERSION);
  const { settings } = parsed;
  setPasswordHashCost(passwordHashCost(process.env));
  // The single executable has no node_modules: its SQLite addon comes out of the executable into the data directory.
  if (isSea()) useSqliteAddon(() => loadAddon(extractSqliteAddon(settings.dataDir)));
  switch (settings.command) {
    case 'serve':
      await serve(settings);
      return;
    case 'demo':
      return demo(settings);
    case 'simulate':
      return simulate(settings);
    case 'migrate': {
      const { db, applied, backup } = await openPlantDatabase(configuredDatabase(settings), {
        mustExist: true,
        backupBeforeUpgrade: settings.dataDir,
      });
      await db.destroy();
      if (backup) console.log(`Backup before migrating: ${backup}`);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database schema is up to date.');
      return;
    }
    case 'central':
      return settings.args[0] === 'serve' ? centralServe(settings) : centralMigrate(settings);
    case 'reset-admin': {
      const { resetAdministrator } = await import('./modules/setup/setup.service');
      const { db } = await openPlantDatabase(configuredDatabase(settings), { mustExist: true, backupBeforeUpgrade: settings.dataDir });
      try {
        const password = await resetAdministrator(db, Date.now());
        console.log(`New temporary password of 'admin' (shown only now; it must be changed at the next sign-in): ${password}`);
      } finally {
        await db.destroy();
      }
      return;
    }
    case 'backup': {
      const target = await backupDatabase(configuredDatabase(settings), settings.dataDir);
      console.log(`Backup written to ${target}`);
      return;
    }
    default:
      console.error(`The '${settings.command}' command is not available in this build.`);
      process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
