import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDatabase } from './backup';
import { parseCommandLine, SettingsError, USAGE, VERSION, type Settings } from './config';
import { databasePath, openPlantDatabase, readInstallation } from './db/installation';
import { startEdge } from './server';

/** The built UI sits beside the bundled server (dist/edge/main.js → dist/ui). */
function uiDir(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'ui');
}

function configuredDatabase(settings: Settings): string {
  const installation = readInstallation(settings.dataDir);
  if (!installation) {
    console.error(`No database is configured in ${settings.dataDir} yet: run the server and complete /setup first.`);
    process.exit(1);
  }
  return databasePath(settings.dataDir, installation.connectionString);
}

async function serve(settings: Settings): Promise<void> {
  const edge = await startEdge({ settings, uiDir: uiDir() });
  console.log(`OEE edge ${VERSION} at ${edge.url}  (data: ${settings.dataDir}, time zone: ${settings.timeZone})`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    edge.plant.logger.info({ signal }, 'Stopping');
    edge.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
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
  switch (settings.command) {
    case 'serve':
      return serve(settings);
    case 'migrate': {
      const { db, applied } = await openPlantDatabase(configuredDatabase(settings), { mustExist: true });
      await db.destroy();
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database schema is up to date.');
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
