import { ROOT_REASON_ID, type StopReason } from '../../../../lib/stop-reasons';

export interface ReasonNode {
  reason: StopReason;
  children: ReasonNode[];
}

/** The reasons as a tree under the root: categories first, then by text. Orphans (parent missing) go to the top. */
export function buildReasonTree(reasons: readonly StopReason[]): ReasonNode[] {
  const nodes = new Map(reasons.map((reason) => [reason.reasonID, { reason, children: [] as ReasonNode[] }]));
  const top: ReasonNode[] = [];
  for (const node of nodes.values()) {
    if (node.reason.reasonID === ROOT_REASON_ID) continue;
    const parent = node.reason.parentID === null ? undefined : nodes.get(node.reason.parentID);
    if (!parent || parent.reason.reasonID === ROOT_REASON_ID) top.push(node);
    else parent.children.push(node);
  }
  const order = (list: ReasonNode[]) => {
    list.sort((a, b) => Number(b.reason.isCategory) - Number(a.reason.isCategory) || a.reason.reason.localeCompare(b.reason.reason));
    list.forEach((node) => order(node.children));
    return list;
  };
  return order(top);
}
