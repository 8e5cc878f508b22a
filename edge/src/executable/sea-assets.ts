/**
 * What the single executable carries besides its script, by asset key (deploy/scripts/package.mjs writes the same keys):
 * better-sqlite3's addon, every file of the built UI under `ui/`, and node-opcua's standard nodeset.
 */
export const SEA_ASSET = {
  sqliteAddon: 'sqlite/better_sqlite3.node',
  uiPrefix: 'ui/',
  opcuaStandardNodeset: 'opcua/Opc.Ua.NodeSet2.ndjson.gz',
} as const;
