// The single executable (npm run package): its size, and the time from its start to its first answered request,
// median of 5, on an empty data directory (first run: the SQLite addon is written out) and on a configured plant
// (addon reused, database opened and its migrations checked); `node dist/edge/main.js` (what npm start runs) on the
// same plant for comparison. Target: under 2 s.
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/sync/postgres';
import { BUILT_EXECUTABLE, killExecutables, packageExecutable, ROOT, startExecutable } from '../support/executable';

const RUNS = 5;
const folder = mkdtempSync(join(tmpdir(), 'oee-executable-bench-'));
const executable = join(folder, 'oee-edge');
const env = { PATH: '/usr/bin:/bin', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

/** Median start time of `RUNS` starts; `dataDir` makes each run's data directory. */
async function medianStart(command: string, args: string[], dataDir: (run: number) => string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const port = await freePort();
    const edge = await startExecutable(command, [...args, '--data-dir', dataDir(run)], {
      cwd: folder,
      env: { ...env, PORT: String(port) },
      port,
    });
    times.push(edge.startMs);
    await edge.stop();
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

try {
  console.log(packageExecutable());
  copyFileSync(BUILT_EXECUTABLE, executable);
  console.log(`size: ${(statSync(executable).size / 1024 / 1024).toFixed(1)} MiB`);

  const firstRun = await medianStart(executable, [], (run) => join(folder, `empty-${run}`));
  const plant = join(folder, 'plant');
  const port = await freePort();
  const setup = await startExecutable(executable, ['--data-dir', plant], { cwd: folder, env: { ...env, PORT: String(port) }, port });
  await fetch(`${setup.url}/api/setup/configure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"databaseSelected":"sqlite"}',
  });
  await setup.stop();
  const configured = await medianStart(executable, [], () => plant);
  const npmStart = await medianStart(join(ROOT, 'node_modules', '.bin', 'node'), [join(ROOT, 'dist', 'edge', 'main.js')], () => plant);

  console.log(`start to first answered request, median of ${RUNS} (target < 2000 ms):`);
  console.log(`  executable, empty data directory   ${firstRun.toFixed(0)} ms`);
  console.log(`  executable, configured plant        ${configured.toFixed(0)} ms`);
  console.log(`  node dist/edge/main.js, same plant  ${npmStart.toFixed(0)} ms`);
} finally {
  killExecutables();
  rmSync(folder, { recursive: true, force: true });
}
