import { getAsset, isSea } from 'node:sea';
import { nodesets } from 'node-opcua';
import { SEA_ASSET } from './sea-assets';

/**
 * The standard OPC UA nodeset an OPC UA server (the plant simulator) loads: inside the single executable, the
 * precompiled image node-opcua-nodesets ships, carried as an asset (node-opcua looks for its nodesets in files beside
 * its package, and there is no package); elsewhere node-opcua's own file.
 */
export function standardNodeset(): string | { name: string; source: Uint8Array } {
  return isSea()
    ? { name: 'Opc.Ua.NodeSet2 (embedded image)', source: new Uint8Array(getAsset(SEA_ASSET.opcuaStandardNodeset)) }
    : nodesets.standard;
}
