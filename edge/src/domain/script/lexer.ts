/**
 * Tokenizer of the line-script language.
 *
 * Invariants the parser relies on:
 * - the token list always ends with exactly one `end` token, whose offset is the source length;
 * - comments (`// …` to the end of the line, `/* … *\/`) and white space produce no token;
 * - keywords (`and`, `or`, `not`, `true`, `false`) are matched case-insensitively and only as whole bare names, so
 *   `Line1.true` is a tag name and `[true]` is the tag named "true";
 * - a bare name is letters, digits and `_`, not starting with a digit, with `.` allowed between segments
 *   (`Line1.Running`, `PLC_2.Counter`); any other tag name is written in brackets, `]]` standing for one `]`
 *   (`[L3 Units]`, `[Line-4 (kg)]`).
 */
import { ScriptSyntaxError } from './script-error';
import { scriptProblem, type ScriptProblem } from './script-messages';

export type Keyword = 'and' | 'or' | 'not' | 'true' | 'false';

export type SymbolText =
  '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '&&' | '||' | '!' | '(' | ')' | ',' | '?' | ':';

interface Span {
  /** 0-based offset of the first character. */
  offset: number;
  /** Offset just past the last character. */
  end: number;
}

export type Token =
  | (Span & { kind: 'number'; value: number })
  | (Span & { kind: 'string'; value: string })
  /** A bare tag or function name, possibly dotted. */
  | (Span & { kind: 'name'; value: string })
  /** A tag name written in brackets; `value` is the name without brackets, `]]` unescaped. */
  | (Span & { kind: 'bracketed-name'; value: string })
  | (Span & { kind: 'keyword'; value: Keyword })
  | (Span & { kind: 'symbol'; value: SymbolText })
  | (Span & { kind: 'end' });

const KEYWORDS: ReadonlyMap<string, Keyword> = new Map<string, Keyword>([
  ['and', 'and'],
  ['or', 'or'],
  ['not', 'not'],
  ['true', 'true'],
  ['false', 'false'],
]);

/** Longest first, so `<=` wins over `<`. */
const SYMBOLS: readonly SymbolText[] = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
  '!',
  '(',
  ')',
  ',',
  '?',
  ':',
];

const NAME = /[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}\p{N}_]+)*/uy;
const NUMBER = /[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const NAME_CHARACTER = /[\p{L}\p{N}_]/u;
const WHITE_SPACE = /\s/u;

const STRING_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['\\', '\\'],
  ['"', '"'],
  ["'", "'"],
  ['n', '\n'],
  ['t', '\t'],
]);

/** Splits a script into tokens; throws `ScriptSyntaxError` at the first character that cannot start a token. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let offset = skipTrivia(source, 0);
  while (offset < source.length) {
    const token = readToken(source, offset);
    tokens.push(token);
    offset = skipTrivia(source, token.end);
  }
  tokens.push({ kind: 'end', offset: source.length, end: source.length });
  return tokens;
}

/** Skips white space and comments; returns the offset of the next token (or the source length). */
function skipTrivia(source: string, start: number): number {
  let offset = start;
  while (offset < source.length) {
    const character = source[offset] ?? '';
    if (WHITE_SPACE.test(character)) {
      offset += 1;
    } else if (source.startsWith('//', offset)) {
      offset = lineEndAfter(source, offset);
    } else if (source.startsWith('/*', offset)) {
      const close = source.indexOf('*/', offset + 2);
      if (close < 0) throw new ScriptSyntaxError(scriptProblem('script.unterminatedComment'), offset);
      offset = close + 2;
    } else {
      return offset;
    }
  }
  return offset;
}

function lineEndAfter(source: string, offset: number): number {
  for (let index = offset; index < source.length; index += 1) {
    const code = source.charCodeAt(index);
    if (code === 10 || code === 13) return index;
  }
  return source.length;
}

function readToken(source: string, offset: number): Token {
  const character = source[offset] ?? '';
  if (character >= '0' && character <= '9') return readNumber(source, offset);
  if (character === '"' || character === "'") return readString(source, offset, character);
  if (character === '[') return readBracketedName(source, offset);
  NAME.lastIndex = offset;
  const name = NAME.exec(source);
  if (name) return nameToken(name[0], offset);
  const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, offset));
  if (symbol) return { kind: 'symbol', value: symbol, offset, end: offset + symbol.length };
  throw new ScriptSyntaxError(unexpectedCharacterMessage(character), offset);
}

function nameToken(text: string, offset: number): Token {
  const end = offset + text.length;
  const keyword = KEYWORDS.get(text.toLowerCase());
  return keyword ? { kind: 'keyword', value: keyword, offset, end } : { kind: 'name', value: text, offset, end };
}

function readNumber(source: string, offset: number): Token {
  NUMBER.lastIndex = offset;
  const text = NUMBER.exec(source)?.[0] ?? '';
  const end = offset + text.length;
  const next = source[end] ?? '';
  if (next === '.') throw new ScriptSyntaxError(scriptProblem('script.invalidNumberDot', { text }), offset);
  if (NAME_CHARACTER.test(next)) {
    throw new ScriptSyntaxError(scriptProblem('script.invalidNumberName'), offset);
  }
  const value = Number(text);
  if (!Number.isFinite(value)) throw new ScriptSyntaxError(scriptProblem('script.numberTooLarge', { text }), offset);
  return { kind: 'number', value, offset, end };
}

function readString(source: string, offset: number, quote: string): Token {
  let value = '';
  let index = offset + 1;
  while (index < source.length) {
    const character = source[index] ?? '';
    if (character === quote) return { kind: 'string', value, offset, end: index + 1 };
    if (character === '\n' || character === '\r') break;
    if (character === '\\') {
      const escaped = STRING_ESCAPES.get(source[index + 1] ?? '');
      if (escaped === undefined) {
        throw new ScriptSyntaxError(scriptProblem('script.invalidEscape'), index);
      }
      value += escaped;
      index += 2;
    } else {
      value += character;
      index += 1;
    }
  }
  throw new ScriptSyntaxError(scriptProblem('script.unterminatedString', { quote }), offset);
}

function readBracketedName(source: string, offset: number): Token {
  let value = '';
  let index = offset + 1;
  while (index < source.length) {
    const character = source[index] ?? '';
    if (character === ']') {
      if (source[index + 1] === ']') {
        value += ']';
        index += 2;
        continue;
      }
      if (value.length === 0) throw new ScriptSyntaxError(scriptProblem('script.emptyTagName'), offset);
      return { kind: 'bracketed-name', value, offset, end: index + 1 };
    }
    if (character === '\n' || character === '\r') break;
    value += character;
    index += 1;
  }
  throw new ScriptSyntaxError(scriptProblem('script.unterminatedTagName'), offset);
}

function unexpectedCharacterMessage(character: string): ScriptProblem {
  if (character === '=') return scriptProblem('script.unexpectedEquals');
  if (character === '&') return scriptProblem('script.unexpectedAmpersand');
  if (character === '|') return scriptProblem('script.unexpectedBar');
  if (character === '.') return scriptProblem('script.unexpectedDot');
  return scriptProblem('script.unexpectedCharacter', { character });
}
