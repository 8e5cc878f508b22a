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
  const attributes = markerAttributes(firstLine);
  if (attributes === null) return { expression: text, edited: false, tags: listScriptTags(text) ?? [] };
  const editedValue = attributeValue(attributes, 'edited');
  const tags = parseTagList(tagsAttribute(attributes)) ?? listScriptTags(rest) ?? [];
  return { expression: rest, edited: editedValue === '1' || editedValue === 'true', tags };
}

// The marker is read by hand, in time linear in the line's length: the regular expressions it replaced backtracked
// cubically on a long run of blanks (a stored script could freeze the server on every load).
const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

function skipBlanks(text: string, from: number): number {
  let index = from;
  while (isBlank(text[index])) index += 1;
  return index;
}

/** `// @oee <attributes>` (blanks around each part allowed): the attributes without trailing blanks, or null. */
function markerAttributes(line: string): string | null {
  let index = skipBlanks(line, 0);
  if (!line.startsWith('//', index)) return null;
  index = skipBlanks(line, index + 2);
  if (!line.startsWith('@oee', index)) return null;
  index += 4;
  if (index < line.length && !isBlank(line[index])) return null;
  let end = line.length;
  while (end > index && isBlank(line[end - 1])) end -= 1;
  const attributes = line.slice(skipBlanks(line, index), end);
  // A line separator inside the line ends the comment for a reader of the script: not a marker.
  return /[\u2028\u2029]/.test(attributes) ? null : attributes;
}

/** The start of each `name=` that begins the attributes or follows a blank. */
function* attributeStarts(attributes: string, name: string): Generator<number> {
  for (let at = attributes.indexOf(`${name}=`); at >= 0; at = attributes.indexOf(`${name}=`, at + 1)) {
    if (at === 0 || isBlank(attributes[at - 1])) yield at + name.length + 1;
  }
}

/** A plain attribute's value: up to the next blank. */
function attributeValue(attributes: string, name: string): string | undefined {
  for (const start of attributeStarts(attributes, name)) {
    let end = start;
    while (end < attributes.length && !/\s/.test(attributes[end]!)) end += 1;
    return attributes.slice(start, end);
  }
  return undefined;
}

/** `tags=[…]`, written last: the JSON array to the end of the line. */
function tagsAttribute(attributes: string): string | undefined {
  if (!attributes.endsWith(']')) return undefined;
  for (const start of attributeStarts(attributes, 'tags')) if (attributes[start] === '[') return attributes.slice(start);
  return undefined;
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
  if (!stored) return false;
  let known = beaconAnswers.get(stored);
  if (known === undefined) {
    known = storedExpression(stored).trim() !== '';
    // Bounded: a plant has a few hundred lines; a full cache starts again rather than growing with edited scripts.
    if (beaconAnswers.size >= MAX_BEACON_ANSWERS) beaconAnswers.clear();
    beaconAnswers.set(stored, known);
  }
  return known;
}

/**
 * hasBeaconScript's answers by stored text: it is asked on every read of a line's settings (the periodic index
 * refresh, the dashboards), and the answer depends on the text alone.
 */
const beaconAnswers = new Map<string, boolean>();
const MAX_BEACON_ANSWERS = 1_024;

/** decodeStoredScript's expression alone: the marker line dropped, the tag list neither read nor recomputed. */
function storedExpression(text: string): string {
  const { firstLine, rest } = splitFirstLine(text);
  return markerAttributes(firstLine) === null ? text : rest;
}
