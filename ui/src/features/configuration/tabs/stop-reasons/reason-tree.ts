/** A stop reason as GET /api/stopreasons answers it. */
export interface StopReason {
  reasonID: number;
  parentID: number | null;
  reason: string;
  detail: string | null;
  pareto: boolean;
  discountOEE: boolean;
  isCategory: boolean;
  color: string | null;
  systemStop: boolean;
  enabledForLine: number[] | null;
}

export interface ReasonNode {
  reason: StopReason;
  children: ReasonNode[];
}

/** Reason 1 is the technical root; the tree shows its children (the top categories) and below. */
export const ROOT_REASON_ID = 1;

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

/** Whether a reason is offered on a line: an empty list means every line (SPEC.md section 3, enabledForLine). */
export function isShownOnLine(enabledForLine: readonly number[] | null, lineID: number): boolean {
  return !enabledForLine || enabledForLine.length === 0 || enabledForLine.includes(lineID);
}
