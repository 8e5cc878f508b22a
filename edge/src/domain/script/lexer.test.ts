import { describe, expect, it } from 'vitest';
import { type Token, tokenize } from './lexer';
import { ScriptSyntaxError } from './script-error';

/** Kind and value of each token, without positions. */
function shapes(source: string): string[] {
  return tokenize(source).map((token: Token) => (token.kind === 'end' ? 'end' : `${token.kind}:${String(token.value)}`));
}

function lexError(source: string): { description: string; offset: number } {
  try {
    tokenize(source);
  } catch (error) {
    if (error instanceof ScriptSyntaxError) return { description: error.message, offset: error.offset };
  }
  throw new Error(`expected a syntax error for ${source}`);
}

describe('tokenize', () => {
  it('reads a dotted bare name as one name token', () => {
    expect(shapes('Line1.Running PLC_2.Counter')).toEqual(['name:Line1.Running', 'name:PLC_2.Counter', 'end']);
  });

  it('allows non-ASCII letters and digit-led segments after a dot in bare names', () => {
    expect(shapes('Línea1.Año Line1.2nd')).toEqual(['name:Línea1.Año', 'name:Line1.2nd', 'end']);
  });

  it('reads a bracketed tag name literally, spaces and dots included, with ]] standing for ]', () => {
    expect(shapes('[L3 Units] [a]]b] [ x ]')).toEqual(['bracketed-name:L3 Units', 'bracketed-name:a]b', 'bracketed-name: x ', 'end']);
  });

  it('matches keywords case-insensitively but only as whole bare names', () => {
    expect(shapes('AND Or nOt TRUE false Line1.true [and]')).toEqual([
      'keyword:and',
      'keyword:or',
      'keyword:not',
      'keyword:true',
      'keyword:false',
      'name:Line1.true',
      'bracketed-name:and',
      'end',
    ]);
  });

  it('reads integers, decimals and exponents as numbers', () => {
    expect(shapes('0 42 3.25 1e3 2.5E-2')).toEqual(['number:0', 'number:42', 'number:3.25', 'number:1000', 'number:0.025', 'end']);
  });

  it('reads the longest operator first', () => {
    expect(shapes('<= < >= > == != && || ! ( ) , ? : + - * / %')).toEqual([
      'symbol:<=',
      'symbol:<',
      'symbol:>=',
      'symbol:>',
      'symbol:==',
      'symbol:!=',
      'symbol:&&',
      'symbol:||',
      'symbol:!',
      'symbol:(',
      'symbol:)',
      'symbol:,',
      'symbol:?',
      'symbol::',
      'symbol:+',
      'symbol:-',
      'symbol:*',
      'symbol:/',
      'symbol:%',
      'end',
    ]);
  });

  it('decodes string escapes in single- and double-quoted strings', () => {
    expect(shapes(`"a\\"b" 'it\\'s' "\\\\ \\n \\t"`)).toEqual(['string:a"b', "string:it's", 'string:\\ \n \t', 'end']);
  });

  it('skips line and block comments, which produce no tokens', () => {
    expect(shapes('// header\n1 /* inline\n comment */ + 2 // trailing')).toEqual(['number:1', 'symbol:+', 'number:2', 'end']);
  });

  it('keeps source offsets on every token and ends with one end token at the source length', () => {
    const tokens = tokenize('  a + [b c]');
    expect(tokens.map((token) => [token.offset, token.end])).toEqual([
      [2, 3],
      [4, 5],
      [6, 11],
      [11, 11],
    ]);
  });

  it('rejects a number glued to a name, hinting at brackets', () => {
    expect(lexError('1 + 2Line.Count')).toEqual({
      description: 'Invalid number; write a tag name that starts with a digit in brackets, e.g. [2Line.Count]',
      offset: 4,
    });
  });

  it('rejects a number with a dangling decimal point', () => {
    expect(lexError('1.')).toEqual({ description: "Invalid number '1.'", offset: 0 });
  });

  it('rejects an unterminated string at its opening quote', () => {
    expect(lexError('a == "RUN')).toEqual({ description: 'Unterminated string: missing closing "', offset: 5 });
  });

  it('rejects an unterminated block comment at its opening', () => {
    expect(lexError('1 /* no end')).toEqual({ description: "Unterminated comment: '/*' has no matching '*/'", offset: 2 });
  });

  it('rejects an unterminated or empty bracketed name', () => {
    expect(lexError('[L3 Units')).toEqual({ description: "Unterminated tag name: missing closing ']'", offset: 0 });
    expect(lexError('1 + []')).toEqual({ description: 'Empty tag name in brackets', offset: 4 });
  });

  it("rejects a single '=' with a hint to use '=='", () => {
    expect(lexError('a = 1')).toEqual({ description: "Unexpected '='; use '==' to compare", offset: 2 });
  });

  it('rejects characters that start no token', () => {
    expect(lexError('a # b')).toEqual({ description: "Unexpected character '#'", offset: 2 });
    expect(lexError('a & b').description).toBe("Unexpected '&'; use '&&' or 'and'");
    expect(lexError('Line1.').description).toBe("Unexpected '.'; a tag name cannot start or end with a dot");
  });
});
