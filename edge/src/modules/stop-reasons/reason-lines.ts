/**
 * Which lines a stop reason is offered on (enabledForLine). [] means every line, including lines added later. A
 * reason hidden on every line is stored as [0]: line 0 never exists (lines are 1..99), and [] would mean "all".
 */
export const HIDDEN_ON_EVERY_LINE: readonly number[] = [0];

/** The stored enabledForLine text as a list of lineIDs (anything unreadable counts as [], every line). */
export function parseEnabledForLine(text: unknown): number[] {
  try {
    const value: unknown = JSON.parse(String(text));
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** True when a reason with this list is offered on `lineID`. */
export function isEnabledOnLine(enabledForLine: readonly number[], lineID: number): boolean {
  return enabledForLine.length === 0 || enabledForLine.includes(lineID);
}

/**
 * The list after showing (`enabled`) or hiding the reason on one line, given the plant's lines. Showing it on the
 * last line where it was hidden gives [] again (every line, also future ones).
 */
export function linesAfterVisibilityChange(
  current: readonly number[],
  allLines: readonly number[],
  lineID: number,
  enabled: boolean,
): number[] {
  const shown = new Set((current.length === 0 ? allLines : current).filter((id) => id !== 0));
  if (enabled) shown.add(lineID);
  else shown.delete(lineID);
  if (allLines.every((id) => shown.has(id))) return [];
  if (shown.size === 0) return [...HIDDEN_ON_EVERY_LINE];
  return [...shown].sort((a, b) => a - b);
}
