import { describe, expect, it } from 'vitest';
import { parseCommandLine, SettingsError, USAGE } from './config';

/** The sync settings (SYNC_DATABASE_URL, PLANT_ID) and the `central migrate` command; the rest: config.test.ts. */

function problemsOf(argv: string[], env: NodeJS.ProcessEnv): string[] {
  try {
    parseCommandLine(argv, env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
}

function settingsOf(argv: string[], env: NodeJS.ProcessEnv) {
  const parsed = parseCommandLine(argv, env);
  if (parsed.kind !== 'run') throw new Error(`expected run, got ${parsed.kind}`);
  return parsed.settings;
}

const URL = 'postgres://oee:secret@central.example:5432/oee';

describe('sync settings', () => {
  it('are off by default', () => {
    const settings = settingsOf([], {});
    expect(settings.syncDatabaseUrl).toBeUndefined();
    expect(settings.plantId).toBeUndefined();
  });

  it('read SYNC_DATABASE_URL and PLANT_ID from the environment (empty counts as unset)', () => {
    expect(settingsOf([], { SYNC_DATABASE_URL: URL, PLANT_ID: 'planta-norte.1' })).toMatchObject({
      syncDatabaseUrl: URL,
      plantId: 'planta-norte.1',
    });
    expect(settingsOf([], { SYNC_DATABASE_URL: ' ', PLANT_ID: '' }).syncDatabaseUrl).toBeUndefined();
  });

  it('need each other, and the problem is listed with every other bad setting', () => {
    expect(problemsOf([], { SYNC_DATABASE_URL: URL })).toEqual([
      'SYNC_DATABASE_URL and PLANT_ID go together: set both to enable sync, or neither',
    ]);
    expect(problemsOf([], { PLANT_ID: 'p1', PORT: 'eighty' })).toHaveLength(2);
  });

  it('refuse a URL that is not PostgreSQL and a plant id with spaces or over 64 characters, without echoing the URL', () => {
    const problems = problemsOf([], { SYNC_DATABASE_URL: 'mysql://u:topsecret@h/db', PLANT_ID: 'a b' });
    expect(problems).toEqual([
      'SYNC_DATABASE_URL must be a postgres:// or postgresql:// URL',
      'PLANT_ID must be 1..64 letters, digits, dots, dashes or underscores',
    ]);
    expect(problems.join(' ')).not.toContain('topsecret');
    expect(problemsOf([], { SYNC_DATABASE_URL: URL, PLANT_ID: 'x'.repeat(65) })).toHaveLength(1);
  });

  it("'central migrate' needs only SYNC_DATABASE_URL; other subcommands are refused", () => {
    expect(settingsOf(['central', 'migrate'], { SYNC_DATABASE_URL: URL })).toMatchObject({ command: 'central', args: ['migrate'] });
    expect(problemsOf(['central', 'migrate'], {})).toEqual(['central migrate needs SYNC_DATABASE_URL']);
    expect(problemsOf(['central', 'drop'], { SYNC_DATABASE_URL: URL })).toEqual([
      "central: the subcommands are 'central migrate' and 'central serve'",
    ]);
  });

  it("'central serve' needs SYNC_DATABASE_URL (no PLANT_ID) and listens on 8090 unless told", () => {
    expect(settingsOf(['central', 'serve'], { SYNC_DATABASE_URL: URL })).toMatchObject({ command: 'central', args: ['serve'], port: 8090 });
    expect(settingsOf(['central', 'serve', '--port', '9000'], { SYNC_DATABASE_URL: URL })).toMatchObject({ port: 9000 });
    expect(problemsOf(['central', 'serve'], {})).toEqual(['central serve needs SYNC_DATABASE_URL']);
    expect(USAGE).toContain('central serve');
  });

  it('are listed in the usage', () => {
    expect(USAGE).toContain('SYNC_DATABASE_URL');
    expect(USAGE).toContain('PLANT_ID');
    expect(USAGE).toContain('central migrate');
  });
});

describe("the central portal's directory settings", () => {
  const serve = ['central', 'serve'];

  it('are read from flags or the environment (flags win), the CA file made absolute', () => {
    const settings = settingsOf(
      [...serve, '--directory-domain', 'planta.local', '--directory-group', 'oee-analistas', '--directory-ca-file', 'ca.pem'],
      {
        SYNC_DATABASE_URL: URL,
        DIRECTORY_DOMAIN: 'otra.local',
        DIRECTORY_URL: 'ldaps://dc1.planta.local:636',
        DIRECTORY_BASE_DN: 'dc=planta,dc=local',
        DIRECTORY_BIND_NAME: 'PLANTA\\{user}',
      },
    );
    expect(settings).toMatchObject({
      directoryDomain: 'planta.local',
      directoryUrl: 'ldaps://dc1.planta.local:636',
      directoryBaseDN: 'dc=planta,dc=local',
      directoryBindName: 'PLANTA\\{user}',
      directoryGroup: 'oee-analistas',
    });
    expect(settings.directoryCaFile).toMatch(/^\/.*\/ca\.pem$/);
    expect(settingsOf(serve, { SYNC_DATABASE_URL: URL, DIRECTORY_DOMAIN: ' ' }).directoryDomain).toBeUndefined();
    expect(USAGE).toContain('DIRECTORY_DOMAIN');
  });

  it('are checked, need the domain, and belong to central serve only', () => {
    expect(
      problemsOf(
        [...serve, '--directory-domain', 'planta.local', '--directory-url', 'http://dc1', '--directory-bind-name', 'PLANTA\\usuario'],
        { SYNC_DATABASE_URL: URL },
      ),
    ).toEqual([
      'DIRECTORY_URL must be ldap://host[:port] or ldaps://host[:port]',
      'DIRECTORY_BIND_NAME must contain {user} (for example {user}@{domain})',
    ]);
    expect(problemsOf(serve, { SYNC_DATABASE_URL: URL, DIRECTORY_DOMAIN: 'planta local' })).toEqual([
      'DIRECTORY_DOMAIN must be a DNS domain such as planta.local',
    ]);
    expect(problemsOf(serve, { SYNC_DATABASE_URL: URL, DIRECTORY_URL: 'ldap://dc1' })).toEqual([
      'DIRECTORY_URL needs DIRECTORY_DOMAIN, which turns directory sign-in on',
    ]);
    expect(problemsOf(['serve'], { DIRECTORY_DOMAIN: 'planta.local' })).toEqual([
      "DIRECTORY_DOMAIN: the directory settings are for 'central serve' (an edge's directory is set in its General parameters)",
    ]);
  });
});
