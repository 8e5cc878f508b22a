import { LINE_ROLES, OPERATIONAL_ROLES, hasRole } from '../../lib/roles';

/** What the dashboard route shows before any line data is loaded (SPEC.md section 2, "/"). */
export type LineSelection =
  { kind: 'line'; lineID: number } | { kind: 'picker' } | { kind: 'noTerminal' } | { kind: 'notAllowed' } | { kind: 'noAccess' };

/**
 * The line comes from ?line=, else from the terminal's configured line. Without either, an operator (who works at a
 * terminal) is told the terminal has no line, other roles pick one. A role outside the four gets the not-allowed page.
 * An operator at a configured terminal sees only that terminal's line.
 */
export function lineSelection(lineParam: string | null, roleID: number, terminalLine: number | null): LineSelection {
  if (!hasRole(roleID, LINE_ROLES)) return { kind: 'notAllowed' };
  const operator = hasRole(roleID, OPERATIONAL_ROLES);
  if (lineParam !== null && lineParam !== '') {
    const lineID = Number(lineParam);
    if (!Number.isInteger(lineID) || lineID < 1 || lineID > 99) return { kind: 'noAccess' };
    if (operator && terminalLine !== null && lineID !== terminalLine) return { kind: 'noAccess' };
    return { kind: 'line', lineID };
  }
  if (terminalLine !== null) return { kind: 'line', lineID: terminalLine };
  return operator ? { kind: 'noTerminal' } : { kind: 'picker' };
}
