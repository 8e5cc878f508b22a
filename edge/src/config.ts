import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { z } from 'zod';
import { isValidTimeZone } from './domain/time-zone';

export const VERSION = '1.3.2';

export const COMMANDS = ['serve', 'migrate', 'backup', 'demo', 'simulate'] as const;
export type Command = (typeof COMMANDS)[number];

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
});

export type Settings = Readonly<z.infer<typeof settingsSchema>>;

export const USAGE = `oee-edge ${VERSION} — OEE edge server

Usage: oee-edge [command] [options]

Commands:
  serve      serve the API and the app (default)
  migrate    bring the database schema up to date and exit
  backup     write an online, consistent backup into <data-dir>/backups and exit
  demo       serve a demo plant: on an empty data directory, four lines wired to an in-process OPC UA
             simulator, users admin/supervisor/operator/consultant with password 'demo' (demo only)
  simulate   run the OPC UA plant simulator alone (--port, default 4840; --lines N, default 4)

Options (flags win over environment variables):
  --port <n>          PORT          HTTP port (default 8080)
  --host <addr>       HOST          address to listen on (default 0.0.0.0)
  --data-dir <path>   OEE_DATA_DIR  data directory (default ./data)
  --tz <zone>         TZ            the plant's IANA time zone (default: the system's)
  --log-level <l>     LOG_LEVEL     fatal|error|warn|info|debug|trace|silent (default info)
  --lines <n>                       simulate: number of simulated lines, 1..99 (default 4)
  --help, --version
`;

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
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
  const result = settingsSchema.safeParse({
    command,
    // The simulator is an OPC UA server: its own default port, not the HTTP one (PORT).
    port: values.port ?? (command === 'simulate' ? 4840 : (env.PORT ?? 8080)),
    host: values.host ?? env.HOST ?? '0.0.0.0',
    dataDir: resolve(values['data-dir'] ?? env.OEE_DATA_DIR ?? './data'),
    timeZone: values.tz ?? env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    logLevel: values['log-level'] ?? env.LOG_LEVEL ?? 'info',
    args: positionals.slice(1),
    lines: values.lines,
  });
  if (!result.success) {
    throw new SettingsError(result.error.issues.map((issue) => issue.message));
  }
  return { kind: 'run', settings: Object.freeze(result.data) };
}
