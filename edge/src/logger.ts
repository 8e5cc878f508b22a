import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
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
    const record = JSON.parse(line) as { time?: number; level?: number; name?: string; module?: string; msg?: string; err?: { message?: string } } & Record<string, unknown>;
    const level = LEVEL_NAMES[record.level ?? 30];
    if (!level || typeof record.time !== 'number') return null;
    const text = record.err?.message && record.msg !== record.err.message ? `${record.msg ?? ''} ${record.err.message}`.trim() : (record.msg ?? '');
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
 * A log file that rotates by size: oee-edge.log, then .1 … .N (oldest dropped). Writes are synchronous so the last
 * lines before a crash are on disk.
 */
export class RotatingFile {
  private fd: number;
  private size: number;

  constructor(
    private readonly path: string,
    private readonly maxBytes = 10 * 1024 * 1024,
    private readonly keep = 5,
  ) {
    this.fd = openSync(path, 'a');
    this.size = fstatSync(this.fd).size;
  }

  write(line: string): void {
    if (this.size + line.length > this.maxBytes) this.rotate();
    this.size += writeSync(this.fd, line);
  }

  private rotate(): void {
    closeSync(this.fd);
    rmSync(`${this.path}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i -= 1) {
      if (existsSync(`${this.path}.${i}`)) renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
    }
    renameSync(this.path, `${this.path}.1`);
    this.fd = openSync(this.path, 'a');
    this.size = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}

export interface LoggingSetup {
  logger: Logger;
  recent: RecentLogStore;
  close(): void;
}

/**
 * pino to stdout, to a rotating file in <dataDir>/logs, and to the in-memory store the log viewer reads.
 * No worker-thread transports: they do not travel inside a single executable.
 */
export function createLogging(options: { level: string; dataDir?: string; stdout?: boolean }): LoggingSetup {
  const recent = new RecentLogStore();
  const streams: pino.StreamEntry[] = [{ level: 'trace', stream: recent }];
  let file: RotatingFile | undefined;
  if (options.dataDir) {
    const dir = join(options.dataDir, 'logs');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'oee-edge.log');
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      recent.addJsonLines(text.length > 2_000_000 ? text.slice(text.indexOf('\n', text.length - 2_000_000) + 1) : text);
    }
    file = new RotatingFile(path);
    streams.push({ level: 'trace', stream: file });
  }
  if (options.stdout ?? true) streams.push({ level: 'trace', stream: process.stdout });
  const logger = pino(
    { level: options.level, name: 'edge', base: undefined, redact: ['password', '*.password', 'connectionString', '*.telegramBotToken'] },
    pino.multistream(streams),
  );
  return { logger, recent, close: () => file?.close() };
}
