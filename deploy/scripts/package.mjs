// `npm run package`: the single executable dist/oee-edge-<platform>-<arch> (Node's own Single Executable Application on
// the project's pinned Node 24): the server bundled as CommonJS, the built UI and better-sqlite3's addon as SEA
// assets, injected with postject into a copy of the Node binary. Nothing is downloaded.
//
//   node deploy/scripts/package.mjs [--if-stale] [--target <platform-arch> --node <that platform's node 24.21 binary>
//                             [--addon <that platform's better_sqlite3.node>]]
//
// --if-stale reuses the executable when it is newer than the build (dist/.build-stamp), this script and its inputs.
// --target builds for another platform (deploy/README.md): the blob is made by the pinned Node and injected into
// the target's Node binary, which must be the very same version; V8's code cache is then left out (it is only valid
// for the Node that made it).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import postject from 'postject';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const started = Date.now();
const { values: options } = parseArgs({
  options: { 'if-stale': { type: 'boolean' }, target: { type: 'string' }, node: { type: 'string' }, addon: { type: 'string' } },
});

// The asset keys the edge reads (edge/src/executable/sea-assets.ts).
const SEA_ASSET = {
  sqliteAddon: 'sqlite/better_sqlite3.node',
  uiPrefix: 'ui/',
  opcuaStandardNodeset: 'opcua/Opc.Ua.NodeSet2.ndjson.gz',
};
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

const host = `${process.platform}-${process.arch}`;
const target = options.target ?? host;
const crossBuild = target !== host;
if (crossBuild && !options.node) fail(`--target ${target} needs --node <path of Node ${pinnedNodeVersion()} for ${target}>`);
// The pinned Node makes the blob; the executable is a copy of it (or of the target's Node of the same version).
const pinnedNode = realpathSync(join(root, 'node_modules/node/bin/node'));
const baseNode = realpathSync(options.node ?? pinnedNode);
if (crossBuild) checkBinaryFor(target, baseNode);
const addon = options.addon ?? defaultAddon(target);
const output = join(root, 'dist', `oee-edge-${target}${target.startsWith('win32') ? '.exe' : ''}`);
const buildStamp = join(root, 'dist', '.build-stamp');
const uiDir = join(root, 'dist', 'ui');

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

function pinnedNodeVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/node/package.json'), 'utf8')).version;
}

/** Refuses a --node binary of another platform or architecture than --target (its format and machine fields). */
function checkBinaryFor(platformArch, file) {
  const head = Buffer.alloc(4096);
  const fd = openSync(file, 'r');
  readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const [platform, arch] = platformArch.split('-');
  let found = 'an unknown format';
  if (head.readUInt32BE(0) === 0x7f454c46) found = `linux-${{ 0x3e: 'x64', 0xb7: 'arm64' }[head.readUInt16LE(18)] ?? '?'}`;
  else if (head.toString('latin1', 0, 2) === 'MZ')
    found = `win32-${{ 0x8664: 'x64', 0xaa64: 'arm64' }[head.readUInt16LE(head.readUInt32LE(0x3c) + 4)] ?? '?'}`;
  else if (head.readUInt32LE(0) === 0xfeedfacf) found = `darwin-${{ 0x01000007: 'x64', 0x0100000c: 'arm64' }[head.readUInt32LE(4)] ?? '?'}`;
  if (found !== `${platform.replace('linuxmusl', 'linux')}-${arch}`) fail(`--node ${file} is a ${found} binary, not ${platformArch}`);
}

/** The addon better-sqlite3 itself would load: one compiled here (postinstall may build it), else its prebuild. */
function defaultAddon(platformArch) {
  const compiled = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  if (platformArch === host && existsSync(compiled)) return compiled;
  const prebuild = join(root, 'node_modules/better-sqlite3/prebuilds', `${platformArch}.node`);
  if (!existsSync(prebuild)) fail(`better-sqlite3 ships no prebuild for ${platformArch}: pass --addon <better_sqlite3.node built for it>`);
  return prebuild;
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail(`${[command, ...args].join(' ')} failed (${result.status ?? result.signal})`);
}

// 1. The normal build (dist/edge, dist/ui), when its sources changed.
run(pinnedNode, [join(root, 'deploy/scripts/build.mjs'), '--if-stale']);
if (!existsSync(join(uiDir, 'index.html'))) fail('dist/ui/index.html is missing: the UI did not build');

if (options['if-stale'] && existsSync(output)) {
  const built = statSync(output).mtimeMs;
  const inputs = [buildStamp, fileURLToPath(import.meta.url), addon, baseNode];
  if (inputs.every((input) => statSync(input).mtimeMs <= built)) {
    console.log(`package: ${relative(root, output)} is up to date (${(statSync(output).size / 1024 / 1024).toFixed(1)} MiB)`);
    process.exit(0);
  }
}

const work = mkdtempSync(join(tmpdir(), 'oee-package-'));
try {
  // 2. The server as one CommonJS file: a SEA's main script is CommonJS, and its `require` reaches only Node's own
  //    modules, so every package is bundled; the addon travels as an asset and is loaded with process.dlopen.
  const main = join(work, 'oee-edge.cjs');
  await build({
    entryPoints: [join(root, 'edge/src/main.ts')],
    outfile: main,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    external: ['*.node'],
    // Code that finds files beside itself (import.meta.url) gets the executable's own path.
    define: { 'import.meta.url': '__import_meta_url' },
    banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [
      replaceModules({
        // Optional: global-mutex (node-opcua's PKI) tries it with import() and falls back to its own locks.
        'proper-lockfile': 'throw new Error("proper-lockfile is not part of the single executable");',
        // node-opcua re-exports its test helpers, which look for node-opcua's package.json on disk as they load.
        'node-opcua-address-space/testHelpers': 'module.exports = {};',
      }),
    ],
    legalComments: 'none',
    logLevel: 'warning',
  });

  // 3. The SEA configuration: the script, the addon and every file of the built UI (with the .br and .gz copies the
  //    build made, which the edge sends to browsers that accept them).
  const assets = {
    [SEA_ASSET.sqliteAddon]: addon,
    [SEA_ASSET.opcuaStandardNodeset]: join(root, 'node_modules/node-opcua-nodesets/nodesets/Opc.Ua.NodeSet2.ndjson.gz'),
  };
  for (const file of filesUnder(uiDir)) assets[SEA_ASSET.uiPrefix + relative(uiDir, file).split('\\').join('/')] = file;
  const blob = join(work, 'sea-prep.blob');
  const seaConfig = join(work, 'sea-config.json');
  writeFileSync(
    seaConfig,
    JSON.stringify(
      { main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: !crossBuild, useSnapshot: false, assets },
      null,
      2,
    ),
  );

  // 4. The blob, made by the pinned Node (Node 24.21 has --experimental-sea-config; --build-sea came in 25.5).
  run(pinnedNode, ['--experimental-sea-config', seaConfig]);

  // 5. A copy of Node with the blob injected (the fuse tells Node a blob is there). Written beside the target and
  //    renamed, so a running test or a second build never sees half an executable.
  const partial = join(dirname(output), `.${relative(dirname(output), output)}.${process.pid}.tmp`);
  copyFileSync(baseNode, partial);
  chmodSync(partial, 0o755);
  await postject.inject(partial, 'NODE_SEA_BLOB', readFileSync(blob), {
    sentinelFuse: SEA_FUSE,
    ...(target.startsWith('darwin') ? { machoSegmentName: 'NODE_SEA' } : {}),
  });
  renameSync(partial, output);
} finally {
  rmSync(work, { recursive: true, force: true });
}

const size = statSync(output).size;
console.log(
  `package: ${relative(root, output)}  ${(size / 1024 / 1024).toFixed(1)} MiB (${size} bytes)  in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
if (target.startsWith('darwin')) console.log('package: sign it on macOS before running it: codesign --sign - ' + relative(root, output));

/**
 * Modules bundled as the given source instead of their own: optional packages that are not installed (a module that
 * fails to load makes its importer take its fallback, as under node_modules, and leaves no dynamic import in the
 * bundle, which a SEA main script could not resolve) and parts that need files of node_modules at load.
 */
function replaceModules(replacements) {
  const escaped = Object.keys(replacements).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: 'replace-modules',
    setup(esbuild) {
      esbuild.onResolve({ filter: new RegExp(`^(${escaped.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'replaced' }));
      esbuild.onLoad({ filter: /.*/, namespace: 'replaced' }, (args) => ({ contents: replacements[args.path], loader: 'js' }));
    },
  };
}
