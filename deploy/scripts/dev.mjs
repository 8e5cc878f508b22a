// `npm run dev`: the server rebuilt on every change (esbuild watch) and restarted (node --watch), and the React app
// served by Vite with hot reload, proxying /api and /meta.json to the server. Open the URL Vite prints.
// EDGE_PORT (default 8080) is the server's port; other flags after `--` go to the server (e.g. --data-dir).
import { context } from 'esbuild';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { edgeBundleOptions, edgeBundlePath, root } from './edge-bundle.mjs';

const edgePort = process.env.EDGE_PORT ?? '8080';
const serverArgs = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));

const edgeBuild = await context(edgeBundleOptions('info'));
await edgeBuild.rebuild();
await edgeBuild.watch();

const children = [
  spawn(process.execPath, ['--watch', edgeBundlePath, 'serve', '--port', edgePort, ...serverArgs], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, EDGE_URL: `http://127.0.0.1:${edgePort}` },
  }),
];

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await edgeBuild.dispose();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
for (const child of children) child.on('exit', (code) => void stop(code ?? 0));
