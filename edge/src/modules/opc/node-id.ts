/**
 * The OPC UA NodeId string form (OPC 10000-6, 5.3.1.10): an optional namespace, `ns=<index>;` or `nsu=<uri>;`, then
 * the identifier: `i=<uint32>` numeric, `s=<text>` string, `g=<guid>` GUID or `b=<base64>` opaque. The tag grid
 * stores this text as the tag's value for UA servers; the acquisition reads the node it names.
 */
const NAMESPACE = String.raw`(?:ns=\d+;|nsu=[^;]+;)?`;
const IDENTIFIER = String.raw`(?:i=\d+|s=.+|g=[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|b=[A-Za-z0-9+/]+={0,2})`;
const NODE_ID = new RegExp(`^${NAMESPACE}${IDENTIFIER}$`, 's');

/** True when `text` is an OPC UA NodeId in its string form (numeric ids within uint32). */
export function isUaNodeId(text: string): boolean {
  if (!NODE_ID.test(text)) return false;
  const numeric = /(?:^|;)i=(\d+)$/.exec(text);
  const namespace = /^ns=(\d+);/.exec(text);
  return (!numeric || Number(numeric[1]) <= 0xffff_ffff) && (!namespace || Number(namespace[1]) <= 0xffff);
}

/** An OPC UA endpoint URL: opc.tcp://host[:port][/path]. */
export function isUaEndpointUrl(text: string): boolean {
  return /^opc\.tcp:\/\/[^\s/:]+(?::\d{1,5})?(?:\/\S*)?$/i.test(text);
}
