import * as fs from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fullableDisk } from '../../test/support/full-disk';
import { cappedLine, createLogging, MAX_LINE_BYTES, RecentLogStore, RotatingFile, SECURITY_MODULE } from './logger';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('logging', () => {
  it(`no line carries more than ${MAX_LINE_BYTES} bytes, whatever a client put in it; the line stays JSON with every field`, () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false });
    const error = new Error(`ENAMETOOLONG: name too long, stat '/ui/${'a'.repeat(20_000)}'`);
    logging.logger.error({ err: error, path: `/${'a'.repeat(20_000)}` }, 'Unhandled error');
    logging.close();
    const [line] = readFileSync(join(dir, 'logs', 'oee-edge.log'), 'utf8').split('\n');
    expect(Buffer.byteLength(line!)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(line!)).toMatchObject({ msg: 'Unhandled error', path: expect.stringMatching(/^\/a+… \(20001 characters\)$/) });
    // Many long fields: the message is kept.
    const wide = cappedLine(
      `${JSON.stringify({ level: 40, time: 1, msg: 'wide', ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'é'.repeat(2_000)])) })}\n`,
    );
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(wide)).toEqual({ level: 40, time: 1, msg: 'wide', truncated: true });
  });

  it('keeps sign-in and permission events in logs/security.log, which a flood of other lines cannot rotate away', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false, maxFileBytes: 100_000 });
    logging.logger
      .child({ module: SECURITY_MODULE })
      .warn({ userID: 'admin', ip: '10.0.0.9', reason: 'auth.invalidCredentials' }, 'Sign-in refused');
    for (let i = 0; i < 3_000; i += 1) logging.logger.error({ err: new Error('x'.repeat(5_000)), path: `/${i}` }, 'Unhandled error');
    logging.close();
    const general = ['', '.1', '.2', '.3', '.4', '.5']
      .map((suffix) =>
        existsSync(join(dir, 'logs', `oee-edge.log${suffix}`)) ? readFileSync(join(dir, 'logs', `oee-edge.log${suffix}`), 'utf8') : '',
      )
      .join('');
    expect(general).not.toContain('Sign-in refused');
    const security = readFileSync(join(dir, 'logs', 'security.log'), 'utf8');
    expect(security).toContain('Sign-in refused');
    expect(security).not.toContain('Unhandled error');
  });

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
    const file = new RotatingFile(path, { maxBytes: 100, keep: 2 });
    for (let i = 0; i < 10; i += 1) file.write(`${'x'.repeat(40)}\n`);
    file.close();
    expect(existsSync(`${path}.1`)).toBe(true);
    expect(existsSync(`${path}.2`)).toBe(true);
    expect(existsSync(`${path}.3`)).toBe(false);
  });

  it('shows the context a line was logged with in its message, and the module as its logger', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false });
    logging.logger
      .child({ module: 'acquisition' })
      .info({ servers: 1, tags: 12, names: ['a', 'b'], password: 'hunter2' }, 'Acquisition configuration applied');
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

  it('never throws into the caller on a full disk: lost lines are counted and reported once writing works again', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const disk = fullableDisk();
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false, fileSystem: disk.fileSystem });
    logging.logger.info('before the disk fills');
    disk.full = true;
    expect(() => {
      logging.logger.error({ err: new Error('SQLITE_FULL') }, 'first line lost');
      logging.logger.info('second line lost');
      logging.logger.warn('third line lost');
    }).not.toThrow();
    disk.full = false;
    logging.logger.info('after space came back');
    logging.close();
    const lines = readFileSync(join(dir, 'logs', 'oee-edge.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.level, line.msg, line.lost])).toEqual([
      [30, 'before the disk fills', undefined],
      [40, 'Log lines could not be written and were lost', 3],
      [30, 'after space came back', undefined],
    ]);
    expect(lines[1]).toMatchObject({ cause: 'ENOSPC' });
    // The viewer keeps every line (memory never filled) and shows the report too.
    expect(logging.recent.all().map((entry) => entry.message)).toEqual([
      'before the disk fills',
      'first line lost SQLITE_FULL',
      'second line lost',
      'third line lost',
      'Log lines could not be written and were lost lost=3 cause=ENOSPC',
      'after space came back',
    ]);
  });

  it('starts on a full disk (the log folder cannot even be made) and writes once there is space', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const disk = fullableDisk();
    disk.full = true;
    const logging = createLogging({ level: 'info', dataDir: dir, stdout: false, fileSystem: disk.fileSystem });
    expect(() => logging.logger.info('OEE edge listening')).not.toThrow();
    expect(existsSync(join(dir, 'logs'))).toBe(false);
    disk.full = false;
    logging.logger.info('space is back');
    logging.close();
    const messages = readFileSync(join(dir, 'logs', 'oee-edge.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; lost?: number });
    expect(messages).toMatchObject([{ msg: 'Log lines could not be written and were lost', lost: 1 }, { msg: 'space is back' }]);
  });

  it('a rotation that fails on a full disk loses the line, not the process, and rotates later', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const disk = fullableDisk();
    const path = join(dir, 'x.log');
    const file = new RotatingFile(path, { maxBytes: 400, keep: 2, fileSystem: disk.fileSystem });
    file.write(`${'a'.repeat(300)}\n`);
    disk.full = true;
    expect(() => file.write(`${'b'.repeat(300)}\n`)).not.toThrow();
    expect(file.lostLines).toBe(1);
    disk.full = false;
    file.write(`${'c'.repeat(10)}\n`);
    file.close();
    expect(readFileSync(`${path}.1`, 'utf8')).toBe(`${'a'.repeat(300)}\n`);
    expect(readFileSync(path, 'utf8')).toMatch(/^[^\n]*"lost":1[^\n]*\nc{10}\n$/);
  });

  it('a line the disk takes only part of is taken back: the file holds whole lines only', () => {
    dir = mkdtempSync(join(tmpdir(), 'oee-log-'));
    const path = join(dir, 'edge.log');
    // The last bytes of a filling disk: one write takes 5 bytes of the line, the next is refused.
    let room = Number.POSITIVE_INFINITY;
    const writeSync = ((fd: number, buffer: Buffer, offset: number, length: number) => {
      if (room === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      const taken = Math.min(length, room);
      room -= taken;
      return fs.writeSync(fd, buffer, offset, taken);
    }) as typeof fs.writeSync;
    const file = new RotatingFile(path, { fileSystem: { ...fs, writeSync } });
    file.write('{"first":1}\n');
    room = 5;
    file.write('{"cut":"this line does not fit"}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"first":1}\n');
    room = Number.POSITIVE_INFINITY;
    file.write('{"next":2}\n');
    file.close();
    const lines = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([{ first: 1 }, expect.objectContaining({ lost: 1, cause: 'ENOSPC' }), { next: 2 }]);
  });
});
