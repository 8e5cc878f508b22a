// Runs after `npm ci`/`npm install`: checks that better-sqlite3 loads under the Node running npm scripts (npm puts
// node_modules/.bin first on PATH, so it is the pinned Node 24). better-sqlite3 13 loads a Node-API prebuild shipped
// in its package; if none fits this platform, it is rebuilt from source against the pinned Node's headers (.npmrc).
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';

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

if (!addonLoads()) {
  console.log('Rebuilding better-sqlite3 for the pinned Node…');
  execSync('npm rebuild better-sqlite3 --build-from-source', { stdio: 'inherit' });
  if (!addonLoads()) process.exit(1);
}
console.log(`better-sqlite3 ready for Node ${process.version}`);
