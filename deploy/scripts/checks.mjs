// `npm test`'s first step: the lint and the type check side by side (each is one process on one core; one after the
// other they took twice as long on a 2-core CI machine). Each one's output is printed whole when it ends, so the two
// never interleave; the exit code is 1 when either fails.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (script) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(['lint', 'typecheck'].map(run));
process.exit(results.every(Boolean) ? 0 : 1);
