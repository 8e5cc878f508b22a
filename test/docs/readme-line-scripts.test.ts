import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileScript, decodeStoredScript, encodeStoredScript, type TagValue } from '../../edge/src/domain/script';

/**
 * README "Line scripts": every example there is written in the README as tested here, and evaluates through the real
 * compiler and evaluator to what the README says.
 */
const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const section = README.slice(README.indexOf('## Line scripts'), README.indexOf('## Sync to a central PostgreSQL'));

const values = (entries: Record<string, TagValue>) => new Map(Object.entries(entries));
function run(source: string, kind: 'boolean' | 'number', tags: Record<string, TagValue>) {
  const compiled = compileScript(source, { expect: kind, knownTags: new Set(Object.keys(tags)) });
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.script.evaluate(values(tags));
}

describe('the README line-script examples', () => {
  it('are in the README as written here', () => {
    for (const example of [
      '`Line1.Running`',
      '`Line1.Units`',
      '`Line1.Discards`',
      '`Line1.Running and coalesce(Line1.Speed, 0) > 5`',
      '`Line2.Status == 3`',
      '`[Llenadora 1.Contador] + [Llenadora 2.Contador]`',
      '`max(0, Line3.Infeed - Line3.Outfeed)`',
      '// @oee edited=0 tags=["Line1.Running","Line1.Speed"]\nLine1.Running and Line1.Speed > 5',
    ]) {
      expect(section, example).toContain(example);
    }
  });

  it("the demo's scripts read their tags as they are", () => {
    expect(run('Line1.Running', 'boolean', { 'Line1.Running': true })).toEqual({ ok: true, value: true });
    expect(run('Line1.Units', 'number', { 'Line1.Units': 1200 })).toEqual({ ok: true, value: 1200 });
    expect(run('Line1.Discards', 'number', { 'Line1.Discards': 7 })).toEqual({ ok: true, value: 7 });
  });

  it('a beacon from a running bit and a speed: running only above 5 u/min; a speed without value counts as stopped', () => {
    const beacon = 'Line1.Running and coalesce(Line1.Speed, 0) > 5';
    expect(run(beacon, 'boolean', { 'Line1.Running': true, 'Line1.Speed': 42.5 })).toEqual({ ok: true, value: true });
    expect(run(beacon, 'boolean', { 'Line1.Running': true, 'Line1.Speed': 3 })).toEqual({ ok: true, value: false });
    expect(run(beacon, 'boolean', { 'Line1.Running': false, 'Line1.Speed': 42.5 })).toEqual({ ok: true, value: false });
    expect(run(beacon, 'boolean', { 'Line1.Running': true, 'Line1.Speed': null })).toEqual({ ok: true, value: false });
    // The running bit itself without a value: the line cannot be read.
    expect(run(beacon, 'boolean', { 'Line1.Running': null, 'Line1.Speed': 42.5 })).toEqual({
      ok: false,
      message: "Tag 'Line1.Running' has no good value",
    });
  });

  it('a beacon from a numeric status word; a numeric tag is no condition by itself', () => {
    expect(run('Line2.Status == 3', 'boolean', { 'Line2.Status': 3 })).toEqual({ ok: true, value: true });
    expect(run('Line2.Status == 3', 'boolean', { 'Line2.Status': 1 })).toEqual({ ok: true, value: false });
    expect(run('Line2.Status', 'boolean', { 'Line2.Status': 3 })).toEqual({
      ok: false,
      message: "Tag 'Line2.Status' is a number, expected a boolean",
    });
    expect(run('Line2.Status != 0', 'boolean', { 'Line2.Status': 3 })).toEqual({ ok: true, value: true });
  });

  it('a counter summed over two tags named in brackets', () => {
    expect(
      run('[Llenadora 1.Contador] + [Llenadora 2.Contador]', 'number', { 'Llenadora 1.Contador': 1500, 'Llenadora 2.Contador': 1720 }),
    ).toEqual({ ok: true, value: 3220 });
  });

  it('discards as a difference, never below zero', () => {
    const discards = 'max(0, Line3.Infeed - Line3.Outfeed)';
    expect(run(discards, 'number', { 'Line3.Infeed': 10_050, 'Line3.Outfeed': 10_000 })).toEqual({ ok: true, value: 50 });
    expect(run(discards, 'number', { 'Line3.Infeed': 9_990, 'Line3.Outfeed': 10_000 })).toEqual({ ok: true, value: 0 });
  });

  it('the functions and rules the README states', () => {
    const n = (source: string, tags: Record<string, TagValue> = {}) => run(source, 'number', tags);
    expect(n('round(2.5)')).toEqual({ ok: true, value: 3 });
    expect(n('round(-2.5)')).toEqual({ ok: true, value: -3 });
    expect(n('round(1234, -2)')).toEqual({ ok: true, value: 1200 });
    expect(n('clamp(12, 0, 10) + min(4, 2, 9) + max(1, 3) + abs(-1) + floor(1.7) + ceil(1.2)')).toEqual({
      ok: true,
      value: 10 + 2 + 3 + 1 + 1 + 2,
    });
    expect(n('clamp(1, 10, 0)')).toMatchObject({ ok: false });
    expect(n('coalesce(A / 0, B, 7)', { A: 1, B: null })).toEqual({ ok: true, value: 7 });
    expect(n('ifnull(A, 1)', { A: null })).toEqual({ ok: true, value: 1 });
    expect(n('if(A > 1, 10, 20)', { A: 2 })).toEqual({ ok: true, value: 10 });
    expect(n('A / 0', { A: 1 })).toEqual({ ok: false, message: 'Division by zero at line 1, column 3' });
    expect(run('[true] AND NOT false', 'boolean', { true: true })).toEqual({ ok: true, value: true });
    // No conversion: a numeric script cannot end in a comparison; `not a == b` is `(not a) == b`.
    expect(compileScript('A > 1', { expect: 'number' }).ok).toBe(false);
    expect(compileScript('not A == 2', { expect: 'boolean' }).ok).toBe(false);
    // A wrong case is refused with a suggestion.
    const wrongCase = compileScript('line1.running', { expect: 'boolean', knownTags: new Set(['Line1.Running']) });
    expect(wrongCase.ok ? '' : wrongCase.error.message).toContain("did you mean 'Line1.Running'");
  });

  it('the marker line: written with the tags computed from the expression, skipped by the engine', () => {
    const stored = encodeStoredScript({ expression: 'Line1.Running and Line1.Speed > 5', edited: false, tags: [] });
    expect(stored).toBe('// @oee edited=0 tags=["Line1.Running","Line1.Speed"]\nLine1.Running and Line1.Speed > 5');
    expect(decodeStoredScript(stored)).toEqual({
      expression: 'Line1.Running and Line1.Speed > 5',
      edited: false,
      tags: ['Line1.Running', 'Line1.Speed'],
    });
    expect(decodeStoredScript('// @oee edited=1 tags=oops\nA + B').tags).toEqual(['A', 'B']);
    expect(run(stored, 'boolean', { 'Line1.Running': true, 'Line1.Speed': 6 })).toEqual({ ok: true, value: true });
  });

  it('the limits: 2,000 tokens and 100 levels of nesting', () => {
    expect(compileScript(Array.from({ length: 1_000 }, () => '1').join(' + '), { expect: 'number' }).ok).toBe(true);
    expect(compileScript(Array.from({ length: 1_001 }, () => '1').join(' + '), { expect: 'number' }).ok).toBe(false);
    expect(compileScript(`${'('.repeat(99)}1${')'.repeat(99)}`, { expect: 'number' }).ok).toBe(true);
    expect(compileScript(`${'('.repeat(101)}1${')'.repeat(101)}`, { expect: 'number' }).ok).toBe(false);
  });
});
