import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import pino, { type Logger } from 'pino';

/** A log entry as the API returns it (SPEC.md section 3, "Log"), with its place in the store. */
export interface LogEntry {
  /** Increases with every entry the store takes: the log viewer follows new lines by asking for ids above the newest it has. */
  id: number;
  time: number;
  level: 'FATAL' | 'ERROR' | 'WARN' | 'INFO' | 'DEBUG' | 'TRACE';
  logger: string;
  message: string;
}

const LEVEL_NAMES: Record<number, LogEntry['level']> = {
  60: 'FATAL',
  50: 'ERROR',
  40: 'WARN',
  30: 'INFO',
  20: 'DEBUG',
  10: 'TRACE',
};

export const RECENT_LOG_CAPACITY = 5000;

/**
 * The most recent entries, in memory, for GET /api/log/get. Bounded: the oldest fall off (they stay in the log files
 * of <dataDir>/logs).
 */
export class RecentLogStore {
  private readonly entries: LogEntry[] = [];
  private lastId = 0;
  constructor(readonly capacity = RECENT_LOG_CAPACITY) {}

  add(entry: Omit<LogEntry, 'id'>): void {
    this.lastId += 1;
    this.entries.push({ id: this.lastId, ...entry });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  all(): readonly LogEntry[] {
    return this.entries;
  }

  /** Adds the lines of a pino log file (used at start so a restart keeps recent history). */
  addJsonLines(text: string): void {
    for (const line of text.split('\n')) {
      const entry = parseLine(line);
      if (entry) this.add(entry);
    }
  }

  write(line: string): void {
    const entry = parseLine(line);
    if (entry) this.add(entry);
  }
}

/** Fields of a pino line that are not context of the message. */
const RECORD_FIELDS = new Set(['time', 'level', 'name', 'msg', 'err', 'module', 'pid', 'hostname']);

/** A context value as the log viewer shows it: text as is, anything else as JSON. */
function contextText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parseLine(line: string): Omit<LogEntry, 'id'> | null {
  if (!line.startsWith('{')) return null;
  try {
    const record = JSON.parse(line) as {
      time?: number;
      level?: number;
      name?: string;
      module?: string;
      msg?: string;
      err?: { message?: string };
    } & Record<string, unknown>;
    const level = LEVEL_NAMES[record.level ?? 30];
    if (!level || typeof record.time !== 'number') return null;
    const text =
      record.err?.message && record.msg !== record.err.message ? `${record.msg ?? ''} ${record.err.message}`.trim() : (record.msg ?? '');
    // The context the line was logged with (line, server, counts…) is part of what an administrator reads; it is
    // already redacted (pino redacts before writing).
    const context = Object.entries(record)
      .filter(([key, value]) => !RECORD_FIELDS.has(key) && value !== undefined)
      .map(([key, value]) => `${key}=${contextText(value)}`);
    const message = [text, ...context].filter(Boolean).join(' ');
    const logger = typeof record.module === 'string' ? record.module : (record.name ?? 'edge');
    return { time: record.time, level, logger, message };
  } catch {
    return null;
  }
}

/**
 * The file-system calls the log file makes: node:fs in the product, a failing one in tests (a full disk cannot be
 * made without root).
 */
export type LogFileSystem = Pick<
  typeof fs,
  'openSync' | 'fstatSync' | 'writeSync' | 'ftruncateSync' | 'closeSync' | 'renameSync' | 'rmSync' | 'existsSync' | 'mkdirSync'
>;

export interface RotatingFileOptions {
  maxBytes?: number;
  keep?: number;
  fileSystem?: LogFileSystem;
  /** Gets the line that reports lost lines once writing works again (the log viewer shows it too). */
  onReport?: (line: string) => void;
}

/** The one line that tells how many lines a failing disk cost, in pino's format so every reader parses it. */
function lostLinesReport(lost: number, cause: string): string {
  return `${JSON.stringify({ level: 40, time: Date.now(), name: 'edge', module: 'logger', lost, cause, msg: 'Log lines could not be written and were lost' })}\n`;
}

/**
 * A log file that rotates by size: oee-edge.log, then .1 … .N (oldest dropped). Writes are synchronous so the last
 * lines before a crash are on disk.
 *
 * Logging never throws into its caller: a full disk (ENOSPC, EDQUOT) or any other failure to open, write or rotate
 * costs the line, which is counted, and the edge keeps running. The first write that works again is preceded by one
 * WARN line with the count.
 */
export class RotatingFile {
  private fd: number | null = null;
  private size = 0;
  private lost = 0;
  private lostCause = '';
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly fs: LogFileSystem;

  constructor(
    private readonly path: string,
    private readonly options: RotatingFileOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    this.keep = options.keep ?? 5;
    this.fs = options.fileSystem ?? fs;
    this.attempt(() => this.open());
  }

  /** Lines lost since writing last worked. */
  get lostLines(): number {
    return this.lost;
  }

  write(line: string): void {
    this.attempt(() => {
      if (this.fd === null) this.open();
      if (this.lost > 0) {
        const report = lostLinesReport(this.lost, this.lostCause);
        this.append(report);
        this.lost = 0;
        this.options.onReport?.(report);
      }
      this.append(line);
    }, line);
  }

  private attempt(action: () => void, line?: string): void {
    try {
      action();
    } catch (error) {
      if (line !== undefined) this.lost += 1;
      this.lostCause = String((error as { code?: unknown }).code ?? (error as Error).message ?? error);
    }
  }

  private open(): void {
    this.fs.mkdirSync(dirname(this.path), { recursive: true });
    this.fd = this.fs.openSync(this.path, 'a');
    this.size = this.fs.fstatSync(this.fd).size;
  }

  /**
   * Writes the whole line or none of it. A file system that fills up takes the bytes it still has room for and then
   * refuses the rest (ENOSPC): the part written is taken back, so the file only ever holds whole lines.
   */
  private append(line: string): void {
    const bytes = Buffer.from(line);
    if (this.size + bytes.length > this.maxBytes) this.rotate();
    let written = 0;
    try {
      while (written < bytes.length) written += this.fs.writeSync(this.fd!, bytes, written, bytes.length - written);
    } catch (error) {
      if (written > 0) this.fs.ftruncateSync(this.fd!, this.size);
      throw error;
    }
    this.size += written;
  }

  private rotate(): void {
    this.close();
    this.fs.rmSync(`${this.path}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i -= 1) {
      if (this.fs.existsSync(`${this.path}.${i}`)) this.fs.renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
    }
    this.fs.renameSync(this.path, `${this.path}.1`);
    this.open();
  }

  close(): void {
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    this.attempt(() => this.fs.closeSync(fd));
  }
}

/**
 * The most one log line may carry, in bytes. A client's input (a path, a name) reaches the log inside a line: at ≈17 KB
 * a line of path and stack, 3,000 anonymous requests rotated away all five log files in 11.5 s, every earlier
 * 'Sign-in refused' line included (issue 26). Longer lines keep every field, each text cut at MAX_VALUE_CHARACTERS.
 */
export const MAX_LINE_BYTES = 8_192;
const MAX_VALUE_CHARACTERS = 1_000;

/** `line` (a pino JSON line and its newline) as written: itself when short enough, else with its texts cut. */
export function cappedLine(line: string): string {
  if (line.length * 3 <= MAX_LINE_BYTES || Buffer.byteLength(line) <= MAX_LINE_BYTES) return line;
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${line.slice(0, MAX_VALUE_CHARACTERS)}\n`;
  }
  const cut = (_key: string, value: unknown) =>
    typeof value === 'string' && value.length > MAX_VALUE_CHARACTERS
      ? `${value.slice(0, MAX_VALUE_CHARACTERS)}… (${value.length} characters)`
      : value;
  const capped = JSON.stringify(record, cut);
  if (Buffer.byteLength(capped) < MAX_LINE_BYTES) return `${capped}\n`;
  // Many long fields: what happened, when and where is kept; the context is dropped.
  const { level, time, name, module, msg } = record;
  return `${JSON.stringify({ level, time, name, module, msg, truncated: true }, cut)}\n`;
}

/**
 * The module of the security record: sign-ins (granted and refused) and refused permissions are logged with it
 * (`logger.child({ module: SECURITY_MODULE })`) and kept in logs/security.log as well, a file only those lines
 * rotate, so no flood of other lines can push them out. Anonymous clients reach it only through failed sign-ins,
 * which are limited per address (FAILED_SIGNINS_PER_MINUTE; the refusals beyond it are not logged).
 */
export const SECURITY_MODULE = 'auth';
const SECURITY_MARK = `"module":"${SECURITY_MODULE}"`;

/** Writes to `file` only the lines of the security record. */
function securityRecord(file: RotatingFile): { write(line: string): void } {
  return {
    write(line) {
      if (line.includes(SECURITY_MARK)) file.write(line);
    },
  };
}

export interface LoggingSetup {
  logger: Logger;
  recent: RecentLogStore;
  close(): void;
}

/**
 * pino to stdout, to a rotating file in <dataDir>/logs (and the security record to logs/security.log), and to the
 * in-memory store the log viewer reads; no line longer than MAX_LINE_BYTES.
 * No worker-thread transports: they do not travel inside a single executable.
 */
export function createLogging(options: {
  level: string;
  dataDir?: string;
  stdout?: boolean;
  fileSystem?: LogFileSystem;
  maxFileBytes?: number;
}): LoggingSetup {
  const recent = new RecentLogStore();
  const streams: pino.StreamEntry[] = [{ level: 'trace', stream: recent }];
  const files: RotatingFile[] = [];
  if (options.dataDir) {
    const path = join(options.dataDir, 'logs', 'oee-edge.log');
    recent.addJsonLines(tailOfFile(path));
    const file = new RotatingFile(path, {
      fileSystem: options.fileSystem,
      maxBytes: options.maxFileBytes,
      onReport: (line) => recent.write(line),
    });
    const security = new RotatingFile(join(options.dataDir, 'logs', 'security.log'), {
      fileSystem: options.fileSystem,
      maxBytes: options.maxFileBytes,
    });
    files.push(file, security);
    streams.push({ level: 'trace', stream: file }, { level: 'trace', stream: securityRecord(security) });
  }
  if (options.stdout ?? true) {
    // stdout is a copy for the service manager (the file above is the log of record): a closed pipe or a full disk
    // behind it reports asynchronously, and an 'error' without a listener would end the process.
    if (process.stdout.listenerCount('error') === 0) process.stdout.on('error', () => undefined);
    streams.push({ level: 'trace', stream: process.stdout });
  }
  const logger = pino(
    {
      level: options.level,
      name: 'edge',
      base: undefined,
      redact: ['password', '*.password', 'connectionString', '*.telegramBotToken'],
      hooks: { streamWrite: cappedLine },
    },
    pino.multistream(streams),
  );
  return { logger, recent, close: () => files.forEach((file) => file.close()) };
}

/** The last 2 MB of a log file (the recent history a restart shows), or nothing when it cannot be read. */
function tailOfFile(path: string): string {
  try {
    if (!fs.existsSync(path)) return '';
    const text = fs.readFileSync(path, 'utf8');
    return text.length > 2_000_000 ? text.slice(text.indexOf('\n', text.length - 2_000_000) + 1) : text;
  } catch {
    return '';
  }
}
