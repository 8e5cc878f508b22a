import { isShownOnLine, ROOT_REASON_ID, type StopReason } from '../../lib/stop-reasons';

/**
 * What the recognition dialog offers (SPEC.md section 4, Recognition): under a category, its children shown on the
 * line, or on every one of the lines when stops of several are recognized at once (enabledForLine empty = every line). A reason can be chosen unless the system assigns it (microstop, OPC
 * disconnected, end of lot, adjustment); a category is offered only when something below it can be chosen, so the
 * system category does not appear. Categories first, then by text.
 */
export function reasonChoices(reasons: readonly StopReason[], parentID: number, lineIDs: number | readonly number[]): StopReason[] {
  const lines = typeof lineIDs === 'number' ? [lineIDs] : lineIDs;
  const children = new Map<number, StopReason[]>();
  for (const reason of reasons) {
    if (reason.parentID === null || !lines.every((lineID) => isShownOnLine(reason.enabledForLine, lineID))) continue;
    const list = children.get(reason.parentID) ?? [];
    list.push(reason);
    children.set(reason.parentID, list);
  }
  const offered = (reason: StopReason, depth = 0): boolean => {
    if (!reason.isCategory) return !reason.systemStop;
    // A cycle in the stored tree must not hang the dialog.
    if (depth > reasons.length) return false;
    return (children.get(reason.reasonID) ?? []).some((child) => offered(child, depth + 1));
  };
  return (children.get(parentID) ?? [])
    .filter((reason) => reason.reasonID !== ROOT_REASON_ID && offered(reason))
    .sort((a, b) => Number(b.isCategory) - Number(a.isCategory) || a.reason.localeCompare(b.reason));
}

/** 'No planificadas / Mecánicas / Atasco de envases': the reason and its categories, without the root. */
export function reasonPathText(reasons: readonly StopReason[], reasonID: number): string {
  const byId = new Map(reasons.map((reason) => [reason.reasonID, reason]));
  const names: string[] = [];
  let current = byId.get(reasonID);
  while (current && current.reasonID !== ROOT_REASON_ID && names.length <= reasons.length) {
    names.unshift(current.reason);
    current = current.parentID === null ? undefined : byId.get(current.parentID);
  }
  return names.join(' / ');
}
