import { describe, expect, it } from 'vitest';
import { compileScript } from './compile';
import { decodeStoredScript, encodeStoredScript, hasBeaconScript } from './markers';

describe('encodeStoredScript', () => {
  it('writes one marker comment line with the edited flag and the tag list, then the expression verbatim', () => {
    expect(encodeStoredScript({ expression: 'Line1.Running and [L3 Units] > 0', edited: true, tags: [] })).toBe(
      '// @oee edited=1 tags=["Line1.Running","L3 Units"]\nLine1.Running and [L3 Units] > 0',
    );
    expect(encodeStoredScript({ expression: '0', edited: false, tags: [] })).toBe('// @oee edited=0 tags=[]\n0');
  });

  it('recomputes the tag list from the expression, ignoring the list it is given', () => {
    const stored = encodeStoredScript({ expression: 'a + b', edited: false, tags: ['stale'] });
    expect(decodeStoredScript(stored).tags).toEqual(['a', 'b']);
  });

  it('keeps the given tag list while the expression does not parse', () => {
    const stored = encodeStoredScript({ expression: 'a +', edited: true, tags: ['a'] });
    expect(stored).toBe('// @oee edited=1 tags=["a"]\na +');
  });

  it('replaces the marker of an already encoded expression instead of stacking a second one', () => {
    const once = encodeStoredScript({ expression: 'a', edited: false, tags: [] });
    const twice = encodeStoredScript({ expression: once, edited: true, tags: [] });
    expect(twice).toBe('// @oee edited=1 tags=["a"]\na');
  });

  it('produces text that is itself a valid script: the marker is a comment', () => {
    const stored = encodeStoredScript({ expression: 'Line1.Good\n  + Line1.Bad', edited: true, tags: [] });
    const compiled = compileScript(stored, { expect: 'number' });
    expect(
      compiled.ok &&
        compiled.script.evaluate(
          new Map([
            ['Line1.Good', 2],
            ['Line1.Bad', 1],
          ]),
        ),
    ).toEqual({
      ok: true,
      value: 3,
    });
  });

  it('writes tag names with quotes, brackets and comment markers on the one marker line', () => {
    const stored = encodeStoredScript({ expression: '[a "q"] + [b]]] + [c */ d]', edited: false, tags: [] });
    expect(stored.split('\n')).toHaveLength(2);
    expect(decodeStoredScript(stored).tags).toEqual(['a "q"', 'b]', 'c */ d']);
  });
});

describe('decodeStoredScript', () => {
  it('round-trips what encodeStoredScript wrote', () => {
    const script = { expression: '// comment kept\ncoalesce([L3 Units], 0) * 6', edited: true, tags: ['L3 Units'] };
    expect(decodeStoredScript(encodeStoredScript(script))).toEqual(script);
  });

  it('reads text without a marker as an unedited expression and computes its tags', () => {
    expect(decodeStoredScript('Line1.Running and not Line1.Fault')).toEqual({
      expression: 'Line1.Running and not Line1.Fault',
      edited: false,
      tags: ['Line1.Running', 'Line1.Fault'],
    });
  });

  it('reads an empty or null column as an empty unedited expression', () => {
    expect(decodeStoredScript(null)).toEqual({ expression: '', edited: false, tags: [] });
    expect(decodeStoredScript('')).toEqual({ expression: '', edited: false, tags: [] });
  });

  it('reads an unparsable expression without a marker with no tags', () => {
    expect(decodeStoredScript('a +')).toEqual({ expression: 'a +', edited: false, tags: [] });
  });

  it('accepts CRLF after the marker and keeps the expression’s own line breaks', () => {
    expect(decodeStoredScript('// @oee edited=1 tags=["a"]\r\na +\r\n 1')).toEqual({
      expression: 'a +\r\n 1',
      edited: true,
      tags: ['a'],
    });
  });

  it('recomputes tags when the marker has none or an unreadable list', () => {
    expect(decodeStoredScript('// @oee edited=1\na + b').tags).toEqual(['a', 'b']);
    expect(decodeStoredScript('// @oee edited=0 tags=[1,\nx').tags).toEqual(['x']);
    expect(decodeStoredScript('// @oee tags=[not json]\nx').tags).toEqual(['x']);
  });

  it('treats edited as false unless it is 1 or true, and ignores unknown attributes', () => {
    expect(decodeStoredScript('// @oee edited=true\nx').edited).toBe(true);
    expect(decodeStoredScript('// @oee edited=yes\nx').edited).toBe(false);
    expect(decodeStoredScript('// @oee version=2 edited=1 tags=["x"]\nx')).toEqual({
      expression: 'x',
      edited: true,
      tags: ['x'],
    });
  });

  it('leaves an ordinary first comment line in the expression', () => {
    expect(decodeStoredScript('// units of line 1\nx')).toEqual({
      expression: '// units of line 1\nx',
      edited: false,
      tags: ['x'],
    });
    expect(decodeStoredScript('// @oeee edited=1\nx').edited).toBe(false);
  });
});

describe('reading a marker line of hostile text', () => {
  it('reads long runs of blanks, a line separator and repeated attribute names in linear time, as the format says', () => {
    const blanks = ' '.repeat(200_000);
    // A line separator inside the first line: not a marker, the whole text is the expression.
    const separated = `//@oee${blanks}\u2028`;
    expect(decodeStoredScript(separated)).toEqual({ expression: separated, edited: false, tags: [] });
    expect(decodeStoredScript(`//${blanks}@oee${blanks}edited=1${blanks}tags=["a"]${blanks}\na`)).toEqual({
      expression: 'a',
      edited: true,
      tags: ['a'],
    });
    const repeated = `// @oee ${'tags=['.repeat(50_000)}x]\nb`;
    expect(decodeStoredScript(repeated)).toEqual({ expression: 'b', edited: false, tags: ['b'] });
    expect(decodeStoredScript('// @oeeX edited=1\na').expression).toBe('// @oeeX edited=1\na');
    expect(decodeStoredScript('\t//\t@oee\tedited=true\ttags=["a b"]\t\n[a b]')).toEqual({
      expression: '[a b]',
      edited: true,
      tags: ['a b'],
    });
  });
});

describe('hasBeaconScript', () => {
  it('answers as the decoded expression says, asked once or again (its answers are kept by text)', () => {
    const stored = [
      null,
      undefined,
      '',
      '   ',
      'Line1.Running',
      'a +',
      encodeStoredScript({ expression: 'Line1.Running', edited: false, tags: [] }),
      encodeStoredScript({ expression: '', edited: true, tags: [] }),
      '// @oee edited=1 tags=["a"]\r\n  \r\n',
      '// @oee edited=1 tags=["a"]\r\na',
      '// @oee edited=1',
      '// a comment only',
      '// @oeex edited=1\nLine1.Running',
    ];
    for (const text of stored) {
      const expected = decodeStoredScript(text).expression.trim() !== '';
      expect(hasBeaconScript(text), String(text)).toBe(expected);
      expect(hasBeaconScript(text), String(text)).toBe(expected);
    }
  });
});
