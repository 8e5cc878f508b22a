import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EdgeProcess } from '../support/edge-process';
import { mountSmallFileSystem, type SmallFileSystem } from '../support/full-disk';
import { completeFirstSignIn, type CallResult } from '../support/test-edge';

/**
 * A real full disk (issue 15): an edge in a process of its own whose data directory is a small file system of its own
 * (a tmpfs, or a loop-mounted ext4 image), filled with a file to the last byte. No seam: SQLite and the log file meet
 * the file system's own ENOSPC. The edge stays up, answers reads, refuses writes with 507 'Disco lleno…' in the API's
 * error shape, and once the file is deleted takes writes again and reports, in one WARN line, the log lines it lost.
 *
 * Mounting needs root (or CAP_SYS_ADMIN): where this machine allows neither kind of mount the test fails saying so,
 * rather than pretending with a fake disk (test/api/disk-full.test.ts covers the behaviour without root).
 */
const SIZE_MB = 48;
let fileSystem: SmallFileSystem | null = null;
let edge: EdgeProcess | null = null;

beforeAll(() => {
  fileSystem = mountSmallFileSystem(SIZE_MB);
});
afterAll(async () => {
  try {
    await edge?.stop();
  } finally {
    fileSystem?.unmount();
  }
});

const DISK_FULL = 'Disco lleno: no se pudo guardar. Libere espacio en el disco del servidor.';

describe('a real full disk', () => {
  it('keeps the edge up and reading, refuses writes with 507, and resumes with one WARN of the lost log lines once space is freed', async () => {
    if (!fileSystem)
      throw new Error(
        'This machine lets the tests mount neither a tmpfs nor a loop device: run them as root (or with CAP_SYS_ADMIN) for the real full disk.',
      );
    const dataDir = join(fileSystem.dir, 'data');
    edge = await EdgeProcess.start(dataDir);
    const setup = await edge.call('POST', '/api/setup/configure', { json: { databaseSelected: 'sqlite', connectionString: '' } });
    expect(setup.body?.valid, setup.text).toBe(true);
    const { token } = await completeFirstSignIn(edge.url, setup.body.password);
    const call = (method: string, path: string, options: Parameters<EdgeProcess['call']>[2] = {}) =>
      edge!.call(method, path, { token, ...options });
    const sectorNames = async () =>
      ((await call('GET', '/api/sectors')).body.data as { sectorName: string }[]).map((sector) => sector.sectorName).sort();
    const addSector = (name: string, language?: 'en') =>
      call('POST', '/api/sectors', { form: { values: { sectorName: name, description: 'x'.repeat(200) } }, language });
    expect((await addSector('Envasado')).status).toBe(200);

    const filler = fileSystem.fill();

    // Writes that still fit in the room SQLite's files have go through; the first that needs more is refused. Bounded:
    // the file system holds far fewer sectors than this.
    let refused: CallResult | null = null;
    const stored: string[] = ['Envasado'];
    for (let i = 0; i < 2_000 && !refused; i += 1) {
      const answer = await addSector(`Sector ${i}`);
      if (answer.status === 200) stored.push(`Sector ${i}`);
      else refused = answer;
    }
    expect(refused, 'no write was refused on a full file system').not.toBeNull();
    expect(refused!.status, refused!.text).toBe(507);
    expect(refused!.body).toEqual({ error: { code: 'diskFull', message: DISK_FULL } });
    expect(refused!.text).not.toMatch(/<html|at .*\.(js|ts):\d+/i);
    // Each refusal is logged with SQLite's error; a few fill what room the log file's last block had, the rest are lost.
    for (let i = 0; i < 20; i += 1) expect((await addSector(`Refused ${i}`)).status).toBe(507);
    const english = await addSector('Paletizado', 'en');
    expect(english.status).toBe(507);
    expect(english.body).toEqual({ error: { code: 'diskFull', message: "Disk full: could not save. Free space on the server's disk." } });

    // Up and reading: the refused rows are not there; the open session and the health check answer.
    expect(await sectorNames()).toEqual(stored.sort());
    expect((await call('POST', '/api/users/isvalid')).status).toBe(200);
    const health = await edge.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.warnings.map((warning: { code: string }) => warning.code)).toContain('diskFull');

    // The refusals were logged as errors; the log file took what fitted in its last block and lost the rest.
    const logFile = join(dataDir, 'logs', 'oee-edge.log');
    const logLines = () =>
      readFileSync(logFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; lost?: number; cause?: string; level: number });
    const linesWhileFull = logLines().length;

    rmSync(filler);
    const after = await addSector('Paletizado');
    expect(after.status, after.text).toBe(200);
    expect(await sectorNames()).toEqual([...stored, 'Paletizado'].sort());
    // A refused sign-in is a WARN line, written now that there is space.
    expect((await edge.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: 'not-the-password' } })).status).toBe(
      401,
    );
    // Whole lines only (JSON.parse of each), and the lines lost are reported as WARN with the file system's cause.
    const lines = logLines();
    const reports = lines.filter((line) => line.lost !== undefined);
    expect(reports.length).toBeGreaterThanOrEqual(1);
    for (const report of reports)
      expect(report).toMatchObject({ level: 40, msg: 'Log lines could not be written and were lost', cause: 'ENOSPC' });
    expect(reports.reduce((sum, report) => sum + report.lost!, 0)).toBeGreaterThanOrEqual(1);
    expect(lines.slice(linesWhileFull).some((line) => line.level === 40 && /sign-in/i.test(line.msg))).toBe(true);
  }, 120_000);
});
