// Runs after `npm ci`/`npm install`. npm may build better-sqlite3 before the pinned Node 24 (the `node`
// package) is in node_modules/.bin; then the addon targets the machine's Node and fails to load under 24.
// This checks the addon under the Node running the script (npm puts node_modules/.bin first on PATH, so it is
// the pinned one) and rebuilds it when it does not load.
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
