import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isBrokerUrl } from './domain/source-addresses';
import { CALENDAR_LIMITS, patternOfStarts } from './domain/work-calendar';
import { isValidTimeZone } from './domain/time-zone';
import { isDirectoryUrl } from './modules/auth/directory-names';
import { isPasswordHashCost, SCRYPT_N } from './modules/auth/password';
import { version } from '../../package.json';

/** The product's version: package.json's, the one place it is written (the bundle and the app's build read it there). */
export const VERSION: string = version;

export const COMMANDS = ['serve', 'migrate', 'backup', 'demo', 'simulate', 'central', 'reset-admin'] as const;
export type Command = (typeof COMMANDS)[number];

export const DEMO_SOURCES = ['opcua', 'modbus', 'mqtt'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const settingsSchema = z.object({
  command: z.enum(COMMANDS, { error: `command must be one of ${COMMANDS.join(', ')}` }),
  port: z.coerce
    .number({ error: 'port must be a number' })
    .int('port must be a whole number')
    .min(0, 'port must be 0..65535')
    .max(65535, 'port must be 0..65535'),
  host: z.string().trim().min(1, 'host must not be empty'),
  dataDir: z.string().trim().min(1, 'data directory must not be empty'),
  timeZone: z.string().refine(isValidTimeZone, { error: (issue) => `TZ '${String(issue.input)}' is not an IANA time zone` }),
  logLevel: z.enum(LOG_LEVELS, { error: `log level must be one of ${LOG_LEVELS.join(', ')}` }),
  /** Extra positional words after the command (e.g. `central migrate`). */
  args: z.array(z.string()),
  /** Options of commands other than serve (simulate --lines, …), kept as given. */
  lines: z.coerce.number().int().min(1, 'lines must be 1..99').max(99, 'lines must be 1..99').optional(),
  /**
   * demo: what the demo plant's lines are read over (issue 30): the simulator's OPC UA server (default), its Modbus TCP
   * server, or the simulator publishing to a broker (`broker`, Sparkplug B unless `payload` json).
   */
  source: z.enum(DEMO_SOURCES, { error: `source must be one of ${DEMO_SOURCES.join(', ')}` }).optional(),
  broker: z.string().refine(isBrokerUrl, 'broker must be an MQTT broker URL: mqtt://host:port').optional(),
  payload: z.enum(['sparkplug', 'json'], { error: 'payload must be sparkplug or json' }).optional(),
  /**
   * demo: the demo plant's work calendar (issue 29) when it is created: its shifts' starts, every day ('07:00,19:00':
   * two 12-hour shifts from 07:00); its generated history follows it. Absent: the default TM/TT/TN.
   */
  shifts: z
    .string()
    .transform((value, context) => {
      const starts = value.split(',').map((start) => start.trim());
      try {
        patternOfStarts(starts);
        return starts;
      } catch {
        context.addIssue({
          code: 'custom',
          message: `shifts must be 1 to ${CALENDAR_LIMITS.shifts} start times HH:mm in the order of the day, e.g. 07:00,19:00`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  /**
   * Failed sign-ins and signatures one source address may make per minute (successful ones do not count). Behind a
   * reverse proxy every browser shares the proxy's address: raise it there.
   */
  failedSignInsPerMinute: z.coerce
    .number({ error: 'FAILED_SIGNINS_PER_MINUTE must be a number' })
    .int('FAILED_SIGNINS_PER_MINUTE must be a whole number')
    .min(1, 'FAILED_SIGNINS_PER_MINUTE must be 1..100000')
    .max(100_000, 'FAILED_SIGNINS_PER_MINUTE must be 1..100000')
    .default(30),
  /** HTTPS (issue 15): a PEM certificate (with its chain) and its private key; with both set the edge serves HTTPS only. */
  tlsCertFile: z.string().optional(),
  tlsKeyFile: z.string().optional(),
  /** The central PostgreSQL the sync agent replicates to (sync/); holds a password, so never logged. */
  syncDatabaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'SYNC_DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional(),
  /** This plant's key in the central copy. */
  plantId: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'PLANT_ID must be 1..64 letters, digits, dots, dashes or underscores')
    .optional(),
  /**
   * The central portal's directory sign-in (`central serve` only; an edge keeps its own in its General parameters):
   * the DNS domain turns it on; the others default as the edge's (README "Directory sign-in").
   */
  directoryDomain: z
    .string()
    .regex(
      /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/,
      'DIRECTORY_DOMAIN must be a DNS domain such as planta.local',
    )
    .optional(),
  directoryUrl: z.string().refine(isDirectoryUrl, 'DIRECTORY_URL must be ldap://host[:port] or ldaps://host[:port]').optional(),
  directoryBaseDN: z.string().optional(),
  directoryBindName: z
    .string()
    .refine((name) => name.includes('{user}'), 'DIRECTORY_BIND_NAME must contain {user} (for example {user}@{domain})')
    .optional(),
  directoryCaFile: z.string().optional(),
  directoryGroup: z.string().optional(),
});

/** The directory settings of the central portal, as environment variables and flags (config.ts `parseCommandLine`). */
const DIRECTORY_OPTIONS = {
  directoryDomain: ['directory-domain', 'DIRECTORY_DOMAIN'],
  directoryUrl: ['directory-url', 'DIRECTORY_URL'],
  directoryBaseDN: ['directory-base-dn', 'DIRECTORY_BASE_DN'],
  directoryBindName: ['directory-bind-name', 'DIRECTORY_BIND_NAME'],
  directoryCaFile: ['directory-ca-file', 'DIRECTORY_CA_FILE'],
  directoryGroup: ['directory-group', 'DIRECTORY_GROUP'],
} as const;
type DirectoryOption = keyof typeof DIRECTORY_OPTIONS;

/** `oee-edge central migrate` (the central schema) and `oee-edge central serve` (the central portal). */
export const CENTRAL_SUBCOMMANDS = ['migrate', 'serve'] as const;
/** The central portal's default HTTP port: beside an edge's 8080 on the same machine. */
export const PORTAL_DEFAULT_PORT = 8090;

/** The sync settings that only make sense together (checked beside the schema, so every problem is listed at once). */
function syncSettingProblems(input: { command: string; args: string[]; syncDatabaseUrl?: string; plantId?: string }): string[] {
  if (input.command === 'central') {
    return [
      ...(!CENTRAL_SUBCOMMANDS.includes(input.args[0] as never) || input.args.length > 1
        ? ["central: the subcommands are 'central migrate' and 'central serve'"]
        : []),
      ...(input.syncDatabaseUrl ? [] : [`central ${input.args[0] ?? 'migrate'} needs SYNC_DATABASE_URL`]),
    ];
  }
  if (Boolean(input.syncDatabaseUrl) !== Boolean(input.plantId))
    return ['SYNC_DATABASE_URL and PLANT_ID go together: set both to enable sync, or neither'];
  return [];
}

/** The directory settings: the central portal's only, and nothing without the domain. */
function directorySettingProblems(input: { command: string; args: string[] } & Partial<Record<DirectoryOption, string>>): string[] {
  const given = (Object.keys(DIRECTORY_OPTIONS) as DirectoryOption[]).filter((name) => input[name] !== undefined);
  if (given.length === 0) return [];
  const names = given.map((name) => DIRECTORY_OPTIONS[name][1]).join(', ');
  if (input.command !== 'central' || input.args[0] !== 'serve')
    return [`${names}: the directory settings are for 'central serve' (an edge's directory is set in its General parameters)`];
  return input.directoryDomain
    ? []
    : [`${names} ${given.length > 1 ? 'need' : 'needs'} DIRECTORY_DOMAIN, which turns directory sign-in on`];
}

/** The HTTPS settings, which also go together. */
function tlsSettingProblems(input: { tlsCertFile?: string; tlsKeyFile?: string }): string[] {
  return Boolean(input.tlsCertFile) === Boolean(input.tlsKeyFile)
    ? []
    : ['TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve HTTPS, or neither'];
}

export type Settings = Readonly<z.infer<typeof settingsSchema>>;

export const USAGE = `oee-edge ${VERSION} — OEE edge server

Usage: oee-edge [command] [options]

Commands:
  serve      serve the API and the app (default)
  migrate    bring the database schema up to date and exit
  backup     write an online, consistent backup into <data-dir>/backups and exit
  demo       serve a demo plant: on an empty data directory, five lines (four wired to an in-process OPC UA
             simulator, one of manual stops), users admin/supervisor/operator/consultant with password 'demo' (demo only)
  simulate   run the OPC UA plant simulator alone (--port, default 4840; --lines N, default 4)
  reset-admin
             a lost administrator password: gives the account 'admin' a new temporary password, printed once,
             to be changed at the next sign-in (the account is made an active administrator again)
  central migrate
             create or update the central PostgreSQL schema at SYNC_DATABASE_URL and exit
  central serve
             the central portal: a read-only web app and API over SYNC_DATABASE_URL for analysts comparing
             plants (default port ${PORTAL_DEFAULT_PORT}); prints the first administrator's temporary password once

Options (flags win over environment variables):
  --port <n>          PORT          HTTP port (default 8080)
  --host <addr>       HOST          address to listen on (default 0.0.0.0)
  --data-dir <path>   OEE_DATA_DIR  data directory (default ./data)
  --tz <zone>         TZ            the plant's IANA time zone (default: the system's)
  --log-level <l>     LOG_LEVEL     fatal|error|warn|info|debug|trace|silent (default info)
  --lines <n>                       simulate: number of simulated lines, 1..99 (default 4)
  --source <s>                      demo: the lines read over opcua (default), modbus (the simulator serves
                                    Modbus TCP) or mqtt (the simulator publishes to --broker)
  --broker <url>                    demo --source mqtt: the broker, mqtt://host:port
  --payload <p>                     demo --source mqtt: sparkplug (default, Sparkplug B) or json
  --shifts <hh:mm,…>                demo: the new demo plant's shifts by their starts, every day (e.g. 07:00,19:00:
                                    two 12-hour shifts from 07:00; default 06:00,14:00,22:00), its history included
  --help, --version

Sign-in protection (environment only):
                      FAILED_SIGNINS_PER_MINUTE  failed sign-ins and signatures per source address and minute
                                                 before it must wait (default 30; raise it behind a reverse proxy)

HTTPS (environment only; off unless both are set, then HTTPS only):
                      TLS_CERT_FILE  PEM certificate file (with its chain)
                      TLS_KEY_FILE   PEM private key file (readable by the service user only)

Sync to a central PostgreSQL (off unless both are set; environment only — the URL holds a password):
                      SYNC_DATABASE_URL  postgres://user:password@host:5432/database
                      PLANT_ID           this plant's key in the central copy (letters, digits, . _ -; max 64)

Directory sign-in of the central portal (central serve only; off unless the domain is set):
  --directory-domain <d>     DIRECTORY_DOMAIN     the DNS domain, e.g. planta.local
  --directory-url <url>      DIRECTORY_URL        ldap://host[:389] or ldaps://host[:636] (default ldap://<domain>)
  --directory-base-dn <dn>   DIRECTORY_BASE_DN    where users and groups are searched (default dc=… of the domain)
  --directory-bind-name <n>  DIRECTORY_BIND_NAME  the name bound with, containing {user} (default {user}@{domain})
  --directory-ca-file <path> DIRECTORY_CA_FILE    PEM file of the authorities trusted for LDAPS (default Node's list)
  --directory-group <g>      DIRECTORY_GROUP      users must be members of this group (a DN or a name; default none)
`;

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** The directory settings given (flag, else environment; blank: not given), the CA file made absolute. */
function directoryInput(values: Record<string, string | undefined>, env: NodeJS.ProcessEnv): Partial<Record<DirectoryOption, string>> {
  const input: Partial<Record<DirectoryOption, string>> = {};
  for (const [name, [flag, variable]] of Object.entries(DIRECTORY_OPTIONS) as [
    DirectoryOption,
    (typeof DIRECTORY_OPTIONS)[DirectoryOption],
  ][]) {
    const value = (values[flag] ?? env[variable])?.trim();
    if (value) input[name] = name === 'directoryCaFile' ? resolve(value) : value;
  }
  return input;
}

export type ParsedCommandLine = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; settings: Settings };

/**
 * Reads the settings once, from flags and then the environment, and validates them all together so a bad start
 * reports every problem at once. The result is frozen: nothing changes settings after start.
 */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedCommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        tz: { type: 'string' },
        'log-level': { type: 'string' },
        lines: { type: 'string' },
        source: { type: 'string' },
        broker: { type: 'string' },
        payload: { type: 'string' },
        shifts: { type: 'string' },
        ...Object.fromEntries(Object.values(DIRECTORY_OPTIONS).map(([flag]) => [flag, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new SettingsError([(error as Error).message]);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };

  const command = positionals[0] ?? 'serve';
  const input = {
    command,
    // The simulator is an OPC UA server: its own default port, not the HTTP one (PORT).
    port:
      values.port ??
      (command === 'simulate' ? 4840 : (env.PORT ?? (command === 'central' && positionals[1] === 'serve' ? PORTAL_DEFAULT_PORT : 8080))),
    host: values.host ?? env.HOST ?? '0.0.0.0',
    dataDir: resolve(values['data-dir'] ?? env.OEE_DATA_DIR ?? './data'),
    timeZone: values.tz ?? env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    logLevel: values['log-level'] ?? env.LOG_LEVEL ?? 'info',
    args: positionals.slice(1),
    lines: values.lines,
    source: values.source,
    broker: values.broker,
    payload: values.payload,
    shifts: values.shifts,
    failedSignInsPerMinute: env.FAILED_SIGNINS_PER_MINUTE?.trim() || undefined,
    tlsCertFile: env.TLS_CERT_FILE?.trim() ? resolve(env.TLS_CERT_FILE.trim()) : undefined,
    tlsKeyFile: env.TLS_KEY_FILE?.trim() ? resolve(env.TLS_KEY_FILE.trim()) : undefined,
    syncDatabaseUrl: env.SYNC_DATABASE_URL?.trim() || undefined,
    plantId: env.PLANT_ID?.trim() || undefined,
    ...directoryInput(values as Record<string, string | undefined>, env),
  };
  const result = settingsSchema.safeParse(input);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((issue) => issue.message)),
    ...syncSettingProblems(input),
    ...tlsSettingProblems(input),
    ...directorySettingProblems(input),
    ...(input.source === 'mqtt' && !input.broker
      ? ['--source mqtt needs --broker mqtt://host:port (the broker the simulator publishes to)']
      : []),
  ];
  if (!result.success || problems.length) throw new SettingsError(problems);
  return { kind: 'run', settings: Object.freeze(result.data) };
}

/**
 * The scrypt N of new password hashes: SCRYPT_N, except under the test runner (VITEST set, which the edges and
 * executables the tests start inherit), where OEE_TEST_SCRYPT_N (a power of two from 1024) may lower it
 * (vitest.config.ts sets 1024: the same scrypt at a thirtieth of the CPU). The benchmarks and every real start hash
 * at SCRYPT_N. The composition root (main.ts, and the tests' setup) passes it to `setPasswordHashCost`.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv): number {
  const lowered = Number(env.OEE_TEST_SCRYPT_N);
  return env.VITEST && isPasswordHashCost(lowered) && lowered < SCRYPT_N ? lowered : SCRYPT_N;
}
