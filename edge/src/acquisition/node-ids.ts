import { isUaNodeId } from '../modules/opc/node-id';

/**
 * A tag's value names its node as `ns=<index>;<id>` or `nsu=<namespace URI>;<id>` (or `<id>` in namespace 0).
 * OPC UA requests carry namespace indexes only, and a server may renumber its namespaces when it restarts, so a
 * `nsu=` id is resolved against the server's NamespaceArray each time a session is (re)established.
 */

export type NodeIdResolution = { ok: true; nodeId: string } | { ok: false; status: string };

const WITH_URI = /^nsu=([^;]+);(.+)$/s;

/** The node id to put in a request, given the server's NamespaceArray. */
export function resolveTagNodeId(tagValue: string, namespaceArray: readonly string[]): NodeIdResolution {
  const text = tagValue.trim();
  if (!isUaNodeId(text)) return { ok: false, status: 'BadNodeIdInvalid' };
  const withUri = WITH_URI.exec(text);
  if (!withUri) return { ok: true, nodeId: text };
  let uri: string;
  try {
    uri = decodeURIComponent(withUri[1] ?? '');
  } catch {
    return { ok: false, status: 'BadNodeIdInvalid' };
  }
  const index = namespaceArray.indexOf(uri);
  // A namespace the server does not publish: its nodes do not exist there (yet), as for an unknown node.
  if (index < 0) return { ok: false, status: 'BadNodeIdUnknown' };
  return { ok: true, nodeId: index === 0 ? (withUri[2] ?? '') : `ns=${index};${withUri[2] ?? ''}` };
}
