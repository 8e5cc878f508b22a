import { describe, expect, expectTypeOf, it } from 'vitest';
import { compileScript, type EvaluationResult, type ScriptKind } from './compile';
import { MAX_SCRIPT_NESTING, MAX_SCRIPT_TOKENS } from './parser';
import type { ScriptError } from './script-error';
import { SCRIPT_MESSAGES, scriptProblemText } from './script-messages';
import type { TagValue, TagValueLookup } from './runtime';

type Values = readonly (readonly [string, TagValue])[];

function compiled(source: string, expect: ScriptKind, knownTags?: ReadonlySet<string>) {
  const result = compileScript(source, { expect, knownTags });
  if (!result.ok) throw new Error(`unexpected compile error: ${result.error.message}`);
  return result.script;
}

function evaluate(source: string, expect: ScriptKind, values: Values = []): EvaluationResult {
  return compiled(source, expect).evaluate(new Map(values));
}

/** The value of a numeric script that must succeed. */
function num(source: string, values: Values = []): number {
  const result = evaluate(source, 'number', values);
  if (!result.ok) throw new Error(`unexpected failure: ${result.message}`);
  return result.value as number;
}

/** The value of a boolean script that must succeed. */
function bool(source: string, values: Values = []): boolean {
  const result = evaluate(source, 'boolean', values);
  if (!result.ok) throw new Error(`unexpected failure: ${result.message}`);
  return result.value as boolean;
}

function failure(source: string, expect: ScriptKind, values: Values = []): string {
  const result = evaluate(source, expect, values);
  if (result.ok) throw new Error(`expected a failure, got ${String(result.value)}`);
  return result.message;
}

function compileError(source: string, expect: ScriptKind, knownTags?: ReadonlySet<string>): ScriptError {
  const result = compileScript(source, { expect, knownTags });
  if (result.ok) throw new Error(`expected a compile error for ${source}`);
  return result.error;
}

describe('arithmetic operators', () => {
  it.each([
    ['7 + 3', 10],
    ['7 - 3', 4],
    ['7 * 3', 21],
    ['7 / 2', 3.5],
    ['7 % 3', 1],
    ['-7 % 3', -1],
    ['-(2 + 3)', -5],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3],
    ['16 / 4 / 2', 2],
    ['2 * 3 % 4', 2],
    ['-2 * -3', 6],
    ['1.5e2 + 0.25', 150.25],
  ])('%s = %d', (source, value) => {
    expect(num(source)).toBe(value);
  });

  it('the remainder takes the sign of the dividend', () => {
    expect(num('-7 % 3')).toBe(-1);
    expect(num('7 % -3')).toBe(1);
  });

  it('a result of -0 is returned as 0', () => {
    expect(Object.is(num('-a', [['a', 0]]), 0)).toBe(true);
    expect(Object.is(num('round(-0.4)'), 0)).toBe(true);
  });

  it('a result that overflows to infinity is a failure, not a value', () => {
    expect(failure('a * a', 'number', [['a', 1e200]])).toBe('The result is not a finite number');
  });
});

describe('comparison and equality operators', () => {
  it.each([
    ['2 < 3', true],
    ['3 < 3', false],
    ['3 <= 3', true],
    ['4 <= 3', false],
    ['4 > 3', true],
    ['3 > 3', false],
    ['3 >= 3', true],
    ['2 >= 3', false],
    ['3 == 3', true],
    ['3 == 4', false],
    ['3 != 4', true],
    ['3 != 3', false],
    ['"RUN" == "RUN"', true],
    ['"RUN" != "run"', true],
    ['true == true', true],
    ['true != false', true],
    ['1 + 1 == 2', true],
    ['1 < 2 == 3 < 4', true],
  ])('%s is %s', (source, value) => {
    expect(bool(source)).toBe(value);
  });

  it('compares a tag with a literal as the literal’s type', () => {
    expect(bool('Line1.State == "RUN"', [['Line1.State', 'RUN']])).toBe(true);
    expect(bool('Line1.Mode == 2', [['Line1.Mode', 2]])).toBe(true);
    expect(bool('Line1.Running == true', [['Line1.Running', true]])).toBe(true);
  });

  it('compares two tags of the same type at run time', () => {
    expect(
      bool('a == b', [
        ['a', 'x'],
        ['b', 'x'],
      ]),
    ).toBe(true);
    expect(
      bool('a != b', [
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe(true);
  });

  it('comparing two tags of different types at run time is a failure with the position of the operator', () => {
    expect(
      failure('a == b', 'boolean', [
        ['a', 'x'],
        ['b', 1],
      ]),
    ).toBe('Cannot compare a string with a number at line 1, column 3');
  });

  it('comparing values whose types are known to differ is a compile error at the operator', () => {
    expect(compileError('1 == "1"', 'boolean').message).toBe('Cannot compare a number with a string at line 1, column 3');
    expect(compileError('Line1.Mode + 1 == true', 'boolean').message).toBe('Cannot compare a number with a boolean at line 1, column 16');
  });

  it('ordering strings or booleans is a compile error', () => {
    expect(compileError('"a" < "b"', 'boolean').message).toBe('Expected a number, found a string at line 1, column 1');
    expect(compileError('true > a', 'boolean').message).toBe('Expected a number, found a boolean at line 1, column 1');
  });
});

describe('boolean operators', () => {
  it.each([
    ['true and true', true],
    ['true and false', false],
    ['false or true', true],
    ['false or false', false],
    ['true && false', false],
    ['false || true', true],
    ['not true', false],
    ['!false', true],
    ['NOT false AND TRUE', true],
    ['true or true and false', true],
    ['(true or true) and false', false],
    ['not false and false', false],
    ['!(1 > 2)', true],
  ])('%s is %s', (source, value) => {
    expect(bool(source)).toBe(value);
  });

  it('and/or skip their right operand when the left decides, so a bad tag there does not fail', () => {
    expect(bool('false and Bad', [['Bad', null]])).toBe(false);
    expect(bool('true or Bad', [['Bad', null]])).toBe(true);
    expect(failure('true and Bad', 'boolean', [['Bad', null]])).toBe("Tag 'Bad' has no good value");
  });

  it('not binds tighter than comparison, so not a == b compares a boolean and fails to compile', () => {
    expect(compileError('not Line1.Mode == 3', 'boolean').message).toBe('Cannot compare a boolean with a number at line 1, column 16');
    expect(bool('not (Line1.Mode == 3)', [['Line1.Mode', 2]])).toBe(true);
  });

  it('a number is never taken as a boolean: an Int16 running flag needs != 0', () => {
    expect(failure('Line1.Running', 'boolean', [['Line1.Running', 1]])).toBe("Tag 'Line1.Running' is a number, expected a boolean");
    expect(bool('Line1.Running != 0', [['Line1.Running', 1]])).toBe(true);
    expect(compileError('1 and true', 'boolean').message).toBe('Expected a boolean, found a number at line 1, column 1');
  });
});

describe('conditionals', () => {
  it('cond ? a : b picks a branch', () => {
    expect(num('a > 1 ? 10 : 20', [['a', 2]])).toBe(10);
    expect(num('a > 1 ? 10 : 20', [['a', 0]])).toBe(20);
  });

  it('? : is right-associative, so chains read as else-if', () => {
    const script = compiled('m == 1 ? 10 : m == 2 ? 20 : 30', 'number');
    expect([1, 2, 3].map((m) => script.evaluate(new Map([['m', m]])))).toEqual([
      { ok: true, value: 10 },
      { ok: true, value: 20 },
      { ok: true, value: 30 },
    ]);
  });

  it('if(cond, a, b) is the same as cond ? a : b, and IF is the same as if', () => {
    expect(num('if(a > 1, 10, 20)', [['a', 2]])).toBe(10);
    expect(bool('IF(a > 1, false, true)', [['a', 2]])).toBe(false);
  });

  it('evaluates only the branch taken, so a bad tag in the other branch does not fail', () => {
    expect(
      num('a ? 1 : Bad', [
        ['a', true],
        ['Bad', null],
      ]),
    ).toBe(1);
    expect(
      num('if(a, Bad, 2)', [
        ['a', false],
        ['Bad', null],
      ]),
    ).toBe(2);
  });

  it('branches of known different types are a compile error at the second branch', () => {
    expect(compileError('a ? 1 : "x"', 'number').message).toBe(
      'Both branches must have the same type, found a number and a string at line 1, column 9',
    );
    expect(compileError('if(a, true, 1 + 1)', 'boolean').message).toBe(
      'Both branches of if must have the same type, found a boolean and a number at line 1, column 15',
    );
  });

  it('the condition must be a boolean', () => {
    expect(compileError('1 ? 2 : 3', 'number').message).toBe('Expected a boolean, found a number at line 1, column 1');
  });
});

describe('functions', () => {
  it.each([
    ['min(3, 1, 2)', 1],
    ['min(4)', 4],
    ['max(3, 1, 2)', 3],
    ['max(-1, -5)', -1],
    ['abs(-2.5)', 2.5],
    ['floor(2.7)', 2],
    ['floor(-2.2)', -3],
    ['ceil(2.2)', 3],
    ['ceil(-2.7)', -2],
    ['clamp(5, 0, 10)', 5],
    ['clamp(-5, 0, 10)', 0],
    ['clamp(50, 0, 10)', 10],
    ['MAX(1, 2) + Min(1, 2)', 3],
  ])('%s = %d', (source, value) => {
    expect(num(source)).toBe(value);
  });

  it.each([
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(2.4)', 2],
    ['round(1.005, 2)', 1.01],
    ['round(2.675, 2)', 2.68],
    ['round(1234.5678, 1)', 1234.6],
    ['round(1250, -2)', 1300],
    ['round(-1250, -2)', -1300],
    ['round(0.1 + 0.2, 10)', 0.3],
  ])('round rounds half away from zero: %s = %d', (source, value) => {
    expect(num(source)).toBe(value);
  });

  it('round digits must be an integer literal within ±15', () => {
    expect(compileError('round(a, b)', 'number').message).toBe(
      'round digits must be a whole number from -15 to 15, written as a literal at line 1, column 10',
    );
    expect(compileError('round(a, 1.5)', 'number').offset).toBe(9);
    expect(compileError('round(a, 16)', 'number').offset).toBe(9);
    expect(num('round(a, -15)', [['a', 1]])).toBe(0);
  });

  it('clamp with its lower bound above its upper bound is a failure at the call', () => {
    expect(failure('clamp(x, 10, 0)', 'number', [['x', 5]])).toBe('clamp lower bound 10 is greater than upper bound 0 at line 1, column 1');
  });

  it('a call with the wrong number of arguments is a compile error at the function name', () => {
    expect(compileError('1 + abs(1, 2)', 'number').message).toBe('abs expects 1 argument, got 2 at line 1, column 5');
    expect(compileError('round()', 'number').message).toBe('round expects 1 or 2 arguments, got 0 at line 1, column 1');
    expect(compileError('min()', 'number').message).toBe('min expects at least 1 argument, got 0 at line 1, column 1');
    expect(compileError('coalesce(a)', 'number').message).toBe('coalesce expects at least 2 arguments, got 1 at line 1, column 1');
    expect(compileError('ifnull(a, b, c)', 'number').message).toBe('ifnull expects 2 arguments, got 3 at line 1, column 1');
    expect(compileError('if(a, 1)', 'number').message).toBe('if expects 3 arguments, got 2 at line 1, column 1');
  });

  it('an unknown function is a compile error at its name, checked before its arguments', () => {
    expect(compileError('1 +\n  sqrt(Line9.X)', 'number', new Set()).message).toBe("Unknown function 'sqrt' at line 2, column 3");
  });

  it('numeric functions take numbers only', () => {
    expect(compileError('max(1, true)', 'number').message).toBe('Expected a number, found a boolean at line 1, column 8');
    expect(failure('abs(a)', 'number', [['a', 'x']])).toBe("Tag 'a' is a string, expected a number");
  });
});

describe('tag references', () => {
  it('reads a bare dotted tag name', () => {
    expect(
      num('Line1.Count + PLC_2.Counter', [
        ['Line1.Count', 3],
        ['PLC_2.Counter', 4],
      ]),
    ).toBe(7);
  });

  it('reads a bracketed tag name with spaces, dots, operators and ]] for ]', () => {
    const values: Values = [
      ['L3 Units', 10],
      ['Line-4 (kg)', 2],
      ['odd]name', 1],
    ];
    expect(num('[L3 Units] * [Line-4 (kg)] + [odd]]name]', values)).toBe(21);
  });

  it('a bracketed name may be a keyword or a function name', () => {
    expect(
      num('[true] + [min] + min', [
        ['true', 1],
        ['min', 2],
      ]),
    ).toBe(5);
  });

  it('tag names are case-sensitive', () => {
    expect(failure('line1.count', 'number', [['Line1.Count', 1]])).toBe("Tag 'line1.count' has no good value");
  });

  it('reads a bigint (Int64/UInt64 tag) as a number', () => {
    expect(num('Counter + 1', [['Counter', 41n]])).toBe(42);
  });

  it('reads a string tag for comparison with a string', () => {
    expect(bool('State == "RUN" or State == "SETUP"', [['State', 'SETUP']])).toBe(true);
  });

  it('lists the distinct tags in order of first appearance, including branches not taken', () => {
    expect(compiled('a ? [L3 Units] : coalesce(b, [L3 Units], a)', 'number').tags).toEqual(['a', 'L3 Units', 'b']);
  });

  it('accepts any { get } lookup, not only a Map', () => {
    const lookup: TagValueLookup = { get: (name) => (name === 'Line1.Count' ? 5 : null) };
    expect(compiled('Line1.Count * 2', 'number').evaluate(lookup)).toEqual({ ok: true, value: 10 });
  });
});

describe('tags without a good value', () => {
  it('a null tag makes the evaluation fail with "Tag X has no good value"', () => {
    expect(failure('Line1.Count + 1', 'number', [['Line1.Count', null]])).toBe("Tag 'Line1.Count' has no good value");
  });

  it('a tag absent from the lookup counts as having no good value', () => {
    expect(failure('Line1.Running', 'boolean')).toBe("Tag 'Line1.Running' has no good value");
  });

  it('NaN and Infinity count as no good value', () => {
    expect(failure('a', 'number', [['a', Number.NaN]])).toBe("Tag 'a' has no good value");
    expect(
      failure('a == b', 'boolean', [
        ['a', 1],
        ['b', Number.POSITIVE_INFINITY],
      ]),
    ).toBe("Tag 'b' has no good value");
  });

  it('coalesce returns its first argument that has a value', () => {
    expect(
      num('coalesce(a, b, 0)', [
        ['a', null],
        ['b', 7],
      ]),
    ).toBe(7);
    expect(
      num('coalesce(a, b, 0)', [
        ['a', 3],
        ['b', 7],
      ]),
    ).toBe(3);
    expect(num('coalesce(a, b, 0)')).toBe(0);
    expect(bool('coalesce(Line1.Running, false)')).toBe(false);
    expect(bool('coalesce(State, "STOP") == "RUN"', [['State', 'RUN']])).toBe(true);
  });

  it('coalesce recovers from a bad tag anywhere inside an argument', () => {
    expect(
      num('coalesce(a + b * 2, -1)', [
        ['a', 1],
        ['b', null],
      ]),
    ).toBe(-1);
  });

  it('when no argument of coalesce has a value, the last argument’s failure is reported', () => {
    expect(failure('coalesce(a, b)', 'number')).toBe("Tag 'b' has no good value");
  });

  it('ifnull(a, b) is coalesce with two arguments', () => {
    expect(num('IfNull(a, 5)', [['a', null]])).toBe(5);
    expect(num('ifnull(a, 5)', [['a', 1]])).toBe(1);
  });

  it('coalesce does not hide a tag of the wrong type', () => {
    expect(failure('coalesce(a, 0)', 'number', [['a', 'x']])).toBe("Tag 'a' is a string, expected a number");
  });

  it('coalesce arguments of known different types are a compile error', () => {
    expect(compileError('coalesce(a, false)', 'number').message).toBe(
      'The script must produce a number, not a boolean at line 1, column 1',
    );
    expect(compileError('coalesce(a, 1, false) > 0', 'boolean').message).toBe(
      'All arguments of coalesce must have the same type, found a number and a boolean at line 1, column 16',
    );
  });
});

describe('division by zero', () => {
  it('dividing by zero is a failure with the position of the operator', () => {
    expect(
      failure('Line1.Count /\n  Line1.Minutes', 'number', [
        ['Line1.Count', 5],
        ['Line1.Minutes', 0],
      ]),
    ).toBe('Division by zero at line 1, column 13');
  });

  it('a remainder by zero is a division by zero too', () => {
    expect(failure('5 % a', 'number', [['a', 0]])).toBe('Division by zero at line 1, column 3');
  });

  it('zero divided by zero is a division by zero, not NaN', () => {
    expect(failure('0 / 0', 'number')).toBe('Division by zero at line 1, column 3');
  });

  it('a division by zero has no value, so coalesce recovers from it', () => {
    expect(
      num('coalesce(units / minutes, 0)', [
        ['units', 10],
        ['minutes', 0],
      ]),
    ).toBe(0);
  });
});

describe('the expected result type', () => {
  it('a numeric script whose result is statically boolean is a compile error at the deciding operator', () => {
    expect(compileError('Line1.Count > 3', 'number')).toEqual({
      message: 'The script must produce a number, not a boolean at line 1, column 13',
      problem: {
        key: 'script.at',
        params: {
          problem: {
            key: 'script.wrongResultType',
            params: { want: { key: 'script.type.number' }, found: { key: 'script.type.boolean' } },
          },
          line: 1,
          column: 13,
        },
      },
      offset: 12,
      line: 1,
      column: 13,
    });
  });

  it('a boolean script whose result is statically numeric is a compile error', () => {
    expect(compileError('Line1.Count + 1', 'boolean').message).toBe('The script must produce a boolean, not a number at line 1, column 13');
    expect(compileError('"RUN"', 'boolean').message).toBe('The script must produce a boolean, not a string at line 1, column 1');
  });

  it('a script that is only a tag is checked at run time', () => {
    expect(failure('Line1.Running', 'number', [['Line1.Running', true]])).toBe("Tag 'Line1.Running' is a boolean, expected a number");
    expect(failure('x', 'boolean', [['x', 'on']])).toBe("Tag 'x' is a string, expected a boolean");
  });

  it('mixing types inside an expression is a compile error at the offending operand', () => {
    expect(compileError('1 + true', 'number').message).toBe('Expected a number, found a boolean at line 1, column 5');
    expect(compileError('-"a"', 'number').message).toBe('Expected a number, found a string at line 1, column 2');
    expect(compileError('!(1 + 2)', 'boolean').message).toBe('Expected a boolean, found a number at line 1, column 5');
  });

  it('types the evaluation result after the expected kind', () => {
    const units = compileScript('a', { expect: 'number' });
    const baliza = compileScript('a', { expect: 'boolean' });
    if (units.ok) expectTypeOf(units.script.evaluate).returns.toEqualTypeOf<EvaluationResult<number>>();
    if (baliza.ok) expectTypeOf(baliza.script.evaluate).returns.toEqualTypeOf<EvaluationResult<boolean>>();
  });
});

describe('comments', () => {
  it('ignores line and block comments anywhere between tokens', () => {
    const source = '// units of line 1\nLine1.Good /* good */ + // plus\n Line1.Bad /* bad */';
    expect(
      num(source, [
        ['Line1.Good', 5],
        ['Line1.Bad', 2],
      ]),
    ).toBe(7);
  });

  it('does not read comment markers inside strings or bracketed names', () => {
    expect(bool('s == "a//b"', [['s', 'a//b']])).toBe(true);
    expect(num('[a /* b */]', [['a /* b */', 3]])).toBe(3);
  });
});

describe('unknown tags (when the known tags are given)', () => {
  const knownTags = new Set(['Line1.Running', 'Line1.Count', 'L3 Units']);

  it('compiles when every tag is known', () => {
    expect(compileScript('Line1.Count + [L3 Units]', { expect: 'number', knownTags }).ok).toBe(true);
  });

  it('an unknown tag is a compile error at its position', () => {
    expect(compileError('Line1.Count +\n    Line9.Count', 'number', knownTags)).toEqual({
      message: "Unknown tag 'Line9.Count' at line 2, column 5",
      problem: { key: 'script.at', params: { problem: { key: 'script.unknownTag', params: { name: 'Line9.Count' } }, line: 2, column: 5 } },
      offset: 18,
      line: 2,
      column: 5,
    });
  });

  it('reports the first unknown tag as written', () => {
    expect(compileError('[L3 units] + Line9.Count', 'number', knownTags).message).toBe(
      "Unknown tag 'L3 units' (did you mean 'L3 Units'?) at line 1, column 1",
    );
  });

  it('a refusal is a message key and its parameters, whose text is Spanish or English (the request language)', () => {
    const { problem } = compileError('[L3 units] + 1', 'number', knownTags);
    expect(problem).toEqual({
      key: 'script.at',
      params: { problem: { key: 'script.unknownTagDidYouMean', params: { name: 'L3 units', suggestion: 'L3 Units' } }, line: 1, column: 1 },
    });
    expect(scriptProblemText(problem, 'es')).toBe("Tag desconocido 'L3 units' (¿quiso decir 'L3 Units'?) en la línea 1, columna 1");
    expect(scriptProblemText(problem, 'en')).toBe("Unknown tag 'L3 units' (did you mean 'L3 Units'?) at line 1, column 1");
    const types = compileError('1 == "RUN"', 'boolean').problem;
    expect(scriptProblemText(types, 'es')).toBe('No se puede comparar un número con un texto en la línea 1, columna 3');
    expect(scriptProblemText(types, 'en')).toBe('Cannot compare a number with a string at line 1, column 3');
    const end = compileError('Line1.Count +', 'number').problem;
    expect(scriptProblemText(end, 'es')).toBe("Falta un valor después de '+' en la línea 1, columna 13");
  });

  it('every message of the checker has its Spanish and English text, with the same placeholders', () => {
    for (const [key, texts] of Object.entries(SCRIPT_MESSAGES)) {
      const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      expect(placeholders(texts.es), key).toEqual(placeholders(texts.en));
    }
  });

  it('without known tags any name compiles and is resolved at run time', () => {
    expect(compileScript('Anything.At.All', { expect: 'number' }).ok).toBe(true);
  });
});

describe('security: names never reach JavaScript objects', () => {
  const names = ['constructor', '__proto__', 'prototype', 'process', 'globalThis', 'this', 'window', 'require'];

  it.each(names)('%s is an ordinary tag name with no good value when the plant has no such tag', (name) => {
    expect(failure(name, 'number')).toBe(`Tag '${name}' has no good value`);
    expect(failure(`${name}.constructor.name`, 'number')).toBe(`Tag '${name}.constructor.name' has no good value`);
  });

  it.each(names)('%s is an unknown tag when the known tags are given', (name) => {
    expect(compileError(`1 + ${name}`, 'number', new Set(['Line1.Count'])).message).toBe(`Unknown tag '${name}' at line 1, column 5`);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'eval', 'require', 'Function'])(
    '%s(…) is an unknown function',
    (name) => {
      expect(compileError(`${name}(1)`, 'number').message).toBe(`Unknown function '${name}' at line 1, column 1`);
    },
  );

  it('a tag literally named __proto__ is just a map key', () => {
    expect(
      num('__proto__ + [constructor]', [
        ['__proto__', 1],
        ['constructor', 2],
      ]),
    ).toBe(3);
  });

  it('a value outside the tag value types is refused, never used', () => {
    const hostile = { get: (): TagValue => ({ valueOf: () => 1 }) as unknown as TagValue };
    expect(compiled('a + 1', 'number').evaluate(hostile)).toEqual({
      ok: false,
      message: "Tag 'a' has an unsupported value type (object)",
    });
    expect(compiled('a == b', 'boolean').evaluate(hostile)).toEqual({
      ok: false,
      message: "Tag 'a' has an unsupported value type (object)",
    });
  });

  it('strings are data: quotes and code in a string are compared, not run', () => {
    expect(bool('s == "\\"); process.exit(1); (\\""', [['s', '"); process.exit(1); ("']])).toBe(true);
  });
});

describe('evaluate', () => {
  it('returns failures as results and never throws for them', () => {
    const script = compiled('a / b', 'number');
    expect(() => script.evaluate(new Map())).not.toThrow();
    expect(
      script.evaluate(
        new Map([
          ['a', 1],
          ['b', 0],
        ]),
      ),
    ).toEqual({
      ok: false,
      message: 'Division by zero at line 1, column 3',
    });
  });

  it('is reusable: the same compiled script gives each pass its own result', () => {
    const script = compiled('a * 2', 'number');
    expect(script.evaluate(new Map([['a', 1]]))).toEqual({ ok: true, value: 2 });
    expect(script.evaluate(new Map([['a', null]]))).toEqual({ ok: false, message: "Tag 'a' has no good value" });
    expect(script.evaluate(new Map([['a', 4]]))).toEqual({ ok: true, value: 8 });
  });

  it('keeps the source and freezes the compiled script', () => {
    const script = compiled('a', 'number');
    expect(script.source).toBe('a');
    expect(Object.isFrozen(script)).toBe(true);
    expect(Object.isFrozen(script.tags)).toBe(true);
  });
});

describe('size limits (hostile or generated scripts never reach the end of the stack)', () => {
  it(`compiles and evaluates scripts up to ${MAX_SCRIPT_NESTING} levels deep and ${MAX_SCRIPT_TOKENS} tokens long`, () => {
    const levels = MAX_SCRIPT_NESTING - 1;
    expect(num(`${'('.repeat(levels)}1${')'.repeat(levels)}`)).toBe(1);
    expect(num(`${'-'.repeat(levels - 1)}1`)).toBe((-1) ** (levels - 1));
    // 1 + 1 + … with MAX_SCRIPT_TOKENS tokens: n ones and n - 1 pluses.
    const ones = (MAX_SCRIPT_TOKENS + 1) / 2;
    expect(num(Array.from({ length: Math.floor(ones) }, () => '1').join(' + '))).toBe(Math.floor(ones));
  });

  it('refuses deeper nesting and longer scripts with a syntax error at the place, thousands of levels included', () => {
    expect(compileError(`${'('.repeat(MAX_SCRIPT_NESTING + 1)}1${')'.repeat(MAX_SCRIPT_NESTING + 1)}`, 'number').message).toMatch(
      /Nested too deeply/,
    );
    expect(compileError(`${'('.repeat(50_000)}1${')'.repeat(50_000)}`, 'number').message).toMatch(/Nested too deeply|too long/);
    expect(compileError(`${'not '.repeat(5_000)}true`, 'boolean').message).toMatch(/Nested too deeply|too long/);
    expect(compileError(Array.from({ length: MAX_SCRIPT_TOKENS }, () => '1').join('+'), 'number').message).toMatch(/Script too long/);
  });
});
