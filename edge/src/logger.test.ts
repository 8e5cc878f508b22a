import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogging, RecentLogStore, RotatingFile } from './logger';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('logging', () => {
  it('writes JSON lines to <dataDir>/logs and keeps recent entries in memory, across a restart', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const first = createLogging({ level: 'info', dataDir: dir, stdout: false });
    first.logger.child({ name: 'acquisition' }).error({ err: new Error('socket closed') }, 'OPC server lost');
    first.logger.debug('not at info level');
    first.close();
    expect(readFileSync(join(dir, 'logs', 'oee-edge.log'), 'utf8')).toContain('OPC server lost');
    const second = createLogging({ level: 'info', dataDir: dir, stdout: false });
    const entries = second.recent.all();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 'ERROR', logger: 'acquisition', message: 'OPC server lost socket closed' });
    second.close();
  });

  it('never writes passwords or the bot token', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false });
    logging.logger.info({ password: 'hunter2', values: { telegramBotToken: 'SECRET' } }, 'saving');
    logging.close();
    const text = readFileSync(join(dir, 'logs', 'oee-edge.log'), 'utf8');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('SECRET');
  });

  it('rotates the file by size and keeps a bounded number of old files', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const path = join(dir, 'x.log');
    const file = new RotatingFile(path, 100, 2);
    for (let i = 0; i < 10; i += 1) file.write(`${'x'.repeat(40)}\n`);
    file.close();
    expect(existsSync(`${path}.1`)).toBe(true);
    expect(existsSync(`${path}.2`)).toBe(true);
    expect(existsSync(`${path}.3`)).toBe(false);
  });

  it('shows the context a line was logged with in its message, and the module as its logger', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false });
    logging.logger.child({ module: 'acquisition' }).info({ servers: 1, tags: 12, names: ['a', 'b'], password: 'hunter2' }, 'Acquisition configuration applied');
    logging.close();
    expect(logging.recent.all().at(-1)).toMatchObject({
      logger: 'acquisition',
      message: 'Acquisition configuration applied servers=1 tags=12 names=["a","b"] password=[Redacted]',
    });
  });

  it('keeps only the newest entries in memory, numbered in the order they came', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const store = new RecentLogStore(3);
    for (let i = 0; i < 5; i += 1) store.write(JSON.stringify({ time: i, level: 30, msg: `m${i}` }));
    expect(store.all().map((e) => [e.id, e.message])).toEqual([
      [3, 'm2'],
      [4, 'm3'],
      [5, 'm4'],
    ]);
  });
});
