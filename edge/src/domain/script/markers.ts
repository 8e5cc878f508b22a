/**
 * The stored form of a line script (Resource.calculationBaliza / calculationUnits / calculationDiscards).
 *
 * SPEC: "Scripts embed markers for edited flag and tag list". One marker line, then the expression verbatim:
 *
 *   // @oee edited=1 tags=["Line1.Running","L3 Units"]
 *   Line1.Running and [L3 Units] > 0
 *
 * The marker is a line comment, so a stored script is itself valid script source. `tags` is a JSON array of strings
 * (JSON never emits a raw line break, so any tag name fits on the line); it is written last so names with spaces
 * need no further quoting. Unknown attributes are ignored, for formats to come.
 *
 * The expression is the truth, the tag list a copy of it for readers that do not parse scripts: `encode` always
 * recomputes it from the expression and only falls back to the given list while the expression does not parse.
 */
import { listScriptTags } from './parser';

export interface StoredScript {
  /** The script as the user wrote it, without the marker line. */
  expression: string;
  /** True once a person edited the script by hand rather than leaving it as generated. */
  edited: boolean;
  /** Distinct tag names the expression refers to, in order of first appearance. */
  tags: readonly string[];
}

const MARKER_LINE = /^[ \t]*\/\/[ \t]*@oee(?:[ \t]+(.*?))?[ \t]*$/;
const EDITED_ATTRIBUTE = /(?:^|[ \t])edited=(\S*)/;
const TAGS_ATTRIBUTE = /(?:^|[ \t])tags=(\[.*\])$/;

/** The text to store. Encoding an already encoded expression replaces its marker rather than stacking a second one. */
export function encodeStoredScript(script: StoredScript): string {
  const expression = decodeStoredScript(script.expression).expression;
  const tags = listScriptTags(expression) ?? script.tags;
  return `// @oee edited=${script.edited ? 1 : 0} tags=${JSON.stringify(tags)}\n${expression}`;
}

/**
 * Reads a stored script, tolerantly: text without a marker line (or an empty column) is an unedited expression, and
 * a tag list that is missing or unreadable is recomputed from the expression ([] if that does not parse either).
 */
export function decodeStoredScript(stored: string | null | undefined): StoredScript {
  const text = stored ?? '';
  const { firstLine, rest } = splitFirstLine(text);
  const marker = MARKER_LINE.exec(firstLine);
  if (!marker) return { expression: text, edited: false, tags: listScriptTags(text) ?? [] };
  const attributes = marker[1] ?? '';
  const editedValue = EDITED_ATTRIBUTE.exec(attributes)?.[1];
  const tags = parseTagList(TAGS_ATTRIBUTE.exec(attributes)?.[1]) ?? listScriptTags(rest) ?? [];
  return { expression: rest, edited: editedValue === '1' || editedValue === 'true', tags };
}

function splitFirstLine(text: string): { firstLine: string; rest: string } {
  const newline = text.search(/\r\n|\n|\r/);
  if (newline < 0) return { firstLine: text, rest: '' };
  const breakLength = text.startsWith('\r\n', newline) ? 2 : 1;
  return { firstLine: text.slice(0, newline), rest: text.slice(newline + breakLength) };
}

function parseTagList(json: string | undefined): readonly string[] | undefined {
  if (json === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed) && parsed.every((tag): tag is string => typeof tag === 'string')) return parsed;
  } catch {
    // Unreadable list: recomputed from the expression by the caller.
  }
  return undefined;
}

/**
 * Whether a line has a beacon signal: its stored beacon script has an expression. Such a line's stops are recorded by
 * the acquisition (line-events); a line without one can only have stops entered by hand.
 */
export function hasBeaconScript(stored: string | null | undefined): boolean {
  return decodeStoredScript(stored).expression.trim() !== '';
}
