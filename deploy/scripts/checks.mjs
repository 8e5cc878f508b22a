// `npm test`: the lint, the type check and (with --with-tests) the whole vitest suite side by side, so the suite
// does not wait for the other two (each one process on one core; before the suite they took 60-70 s of a CI run).
// Beside the suite, the lint and the type check run at the lowest CPU priority (nice 19): the suite keeps both cores
// busy most of the time, and at equal priority the two (about 140 CPU-s) lengthened it by 80-120 s; niced, they take
// the cores the suite leaves idle while its files wait on servers and browsers. The suite prints as it runs; the lint's
// and the type check's output is printed whole when each ends, so theirs never interleave. The exit code is 1 when
// any fails.
import { spawn } from 'node:child_process';
import { constants, setPriority } from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const withTests = process.argv.includes('--with-tests');

const run = (script, { buffered, background = false }) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'],
      shell: process.platform === 'win32',
    });
    // Set before npm, still starting, spawns the script's own process (which inherits it); where the system refuses,
    // the script runs at the usual priority.
    if (background && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_LOW);
      } catch {
        // runs at the usual priority
      }
    }
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });

const scripts = ['lint', 'typecheck'].map((script) => run(script, { buffered: true, background: withTests }));
if (withTests) scripts.push(run('test:suite', { buffered: false }));
const results = await Promise.all(scripts);
process.exit(results.every(Boolean) ? 0 : 1);
