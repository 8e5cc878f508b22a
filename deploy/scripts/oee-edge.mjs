#!/usr/bin/env node
// The checkout's `oee-edge` (`npx oee-edge <command>`, `npm run edge -- <command>`; `npm start` and `npm run demo` too):
// the same commands as the single executable, always on the project's pinned Node (dist/edge/main.js needs Node 24's
// node:sea), rebuilding dist/ first when a source is newer than it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { edgeBundlePath, root } from './edge-bundle.mjs';

const PINNED_MAJOR = 24;
const args = process.argv.slice(2);

if (Number(process.versions.node.split('.')[0]) < PINNED_MAJOR) {
  // Started by an older Node (the machine's own): run again on the pinned one from node_modules.
  const pinned = join(root, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(pinned)) {
    console.error(`oee-edge needs Node ${PINNED_MAJOR}: run npm ci first (it installs the pinned Node into node_modules).`);
    process.exit(1);
  }
  const child = spawnSync(pinned, [process.argv[1], ...args], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

// The build's progress goes to stderr so that a command's own output (--version, reset-admin's password) stays clean.
const build = spawnSync(process.execPath, [join(root, 'deploy/scripts/build.mjs'), '--if-stale'], {
  cwd: root,
  stdio: ['ignore', 2, 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

await import(pathToFileURL(edgeBundlePath).href);
