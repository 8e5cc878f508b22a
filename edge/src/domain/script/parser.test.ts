import { describe, expect, it } from 'vitest';
import type { ScriptNode } from './ast';
import { listScriptTags, parseScript } from './parser';

/** The tree as an S-expression, to state precedence and associativity compactly. */
function show(node: ScriptNode): string {
  switch (node.kind) {
    case 'number':
    case 'boolean':
      return String(node.value);
    case 'string':
      return JSON.stringify(node.value);
    case 'tag':
      return `{${node.name}}`;
    case 'unary':
      return `(${node.operator} ${show(node.operand)})`;
    case 'binary':
      return `(${node.operator} ${show(node.left)} ${show(node.right)})`;
    case 'conditional':
      return `(? ${show(node.condition)} ${show(node.whenTrue)} ${show(node.whenFalse)})`;
    case 'call':
      return `(${node.name}${node.args.map((arg) => ` ${show(arg)}`).join('')})`;
  }
}

function parsed(source: string): string {
  const result = parseScript(source);
  if (!result.ok) throw new Error(result.error.message);
  return show(result.node);
}

function parseError(source: string): string {
  const result = parseScript(source);
  if (result.ok) throw new Error(`expected a syntax error for ${source}`);
  return result.error.message;
}

describe('parseScript: precedence and associativity', () => {
  it.each([
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['1 * 2 + 3', '(+ (* 1 2) 3)'],
    ['10 - 4 - 3', '(- (- 10 4) 3)'],
    ['8 / 4 / 2', '(/ (/ 8 4) 2)'],
    ['7 % 4 * 2', '(* (% 7 4) 2)'],
    ['-a * b', '(* (negate {a}) {b})'],
    ['- -a', '(negate (negate {a}))'],
    ['a + b < c * d', '(< (+ {a} {b}) (* {c} {d}))'],
    ['a < b == c >= d', '(== (< {a} {b}) (>= {c} {d}))'],
    ['a == b and c != d', '(and (== {a} {b}) (!= {c} {d}))'],
    ['a or b and c', '(or {a} (and {b} {c}))'],
    ['a || b && c', '(or {a} (and {b} {c}))'],
    ['not a and b', '(and (not {a}) {b})'],
    ['!a or !b', '(or (not {a}) (not {b}))'],
    ['(a or b) and c', '(and (or {a} {b}) {c})'],
    ['a or b ? 1 : 2', '(? (or {a} {b}) 1 2)'],
    ['a ? b ? 1 : 2 : 3', '(? {a} (? {b} 1 2) 3)'],
    ['a ? 1 : b ? 2 : 3', '(? {a} 1 (? {b} 2 3))'],
    ['a ? 1 + 2 : 3 * 4', '(? {a} (+ 1 2) (* 3 4))'],
  ])('parses %s as %s', (source, tree) => {
    expect(parsed(source)).toBe(tree);
  });
});

describe('parseScript: operands', () => {
  it('parses a name followed by ( as a call and any other name as a tag', () => {
    expect(parsed('min(a, b.c) + min')).toBe('(+ (min {a} {b.c}) {min})');
  });

  it('parses a call with no arguments', () => {
    expect(parsed('f()')).toBe('(f)');
  });

  it('never treats a bracketed name as a call', () => {
    expect(parseError('[min](1)')).toBe("Unexpected '('; expected an operator at line 1, column 6");
  });

  it('parses literals of every type', () => {
    expect(parsed('if(true, "on", \'off\') == "x" or false')).toBe('(or (== (if true "on" "off") "x") false)');
  });

  it('keeps the source span of each node and the offset of each operator', () => {
    const result = parseScript('  a + [b c]');
    expect(result.ok && result.node).toMatchObject({ kind: 'binary', start: 2, end: 11, operatorOffset: 4 });
  });
});

describe('parseScript: syntax errors carry the exact line and column', () => {
  it.each([
    ['', 'Empty script at line 1, column 1'],
    ['// only a comment\n', 'Empty script at line 2, column 1'],
    ['(1 + 2', "Unclosed '(' at line 1, column 1"],
    ['min(a,\n  b', "Unclosed '(' at line 1, column 4"],
    ['max(', "Unclosed '(' at line 1, column 4"],
    ['1 +', "Missing value after '+' at line 1, column 3"],
    ['a and\n', "Missing value after 'and' at line 1, column 3"],
    ['not', "Missing value after 'not' at line 1, column 1"],
    ['a ?', "Missing value after '?' at line 1, column 3"],
    ['a ? 1', "Missing ':' for '?' at line 1, column 3"],
    ['a ? 1 , 2', "Expected ':', found ',' at line 1, column 7"],
    ['1 + 2)', "Unmatched ')' at line 1, column 6"],
    ['a b', "Unexpected 'b'; expected an operator at line 1, column 3"],
    ['min(a b)', "Expected ',' or ')', found 'b' at line 1, column 7"],
    ['(a b)', "Expected ')', found 'b' at line 1, column 4"],
    ['min(a,)', "Expected a value, found ')' at line 1, column 7"],
    ['* 2', "Expected a value, found '*' at line 1, column 1"],
    ['a and or b', "Expected a value, found 'or' at line 1, column 7"],
    ['1 +\r\n\r\n  * 2', "Expected a value, found '*' at line 3, column 3"],
    ['/* a\n b */ x ==\r y\r #', "Unexpected character '#' at line 4, column 2"],
  ])('%j fails with %j', (source, message) => {
    expect(parseError(source)).toBe(message);
  });

  it('reports offset, line and column as separate fields too', () => {
    const result = parseScript('a +\n  (b');
    expect(result.ok ? undefined : result.error).toEqual({
      message: "Unclosed '(' at line 2, column 3",
      problem: { key: 'script.at', params: { problem: { key: 'script.unclosedParen' }, line: 2, column: 3 } },
      offset: 6,
      line: 2,
      column: 3,
    });
  });
});

describe('listScriptTags', () => {
  it('lists distinct tag names in order of first appearance, bracketed or bare', () => {
    expect(listScriptTags('b + [L3 Units] + min(a, b) + coalesce([L3 Units], c)')).toEqual(['b', 'L3 Units', 'a', 'c']);
  });

  it('lists nothing for a script with no tag and undefined for one that does not parse', () => {
    expect(listScriptTags('1 + 2')).toEqual([]);
    expect(listScriptTags('1 +')).toBeUndefined();
  });
});
