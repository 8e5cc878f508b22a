import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { loadInMemory, MAX_FILTER_TERMS, MAX_SKIP, parseFilter, parseLoadOptions, parseSort, type ColumnMap } from './load-options';

const columns: ColumnMap = { lineID: 'number', startDate: 'date', reason: 'string', recognized: 'boolean', endDate: 'date' };
const tz = 'Europe/Madrid';

describe('grid load options', () => {
  it('parses a comparison, an and-chain and converts values by column kind', () => {
    const filter = parseFilter('[["lineID","=","3"],"and",["recognized","=",false],"and",["endDate","=",null]]', columns, tz);
    expect(filter).toEqual({
      kind: 'and',
      nodes: [
        { kind: 'compare', column: 'lineID', op: '=', value: 3 },
        { kind: 'compare', column: 'recognized', op: '=', value: false },
        { kind: 'compare', column: 'endDate', op: '=', value: null },
      ],
    });
  });

  it('reads dates with an offset as instants and naive dates as plant time', () => {
    const withOffset = parseFilter(['startDate', '>=', '2026-03-29T06:00:00+02:00'], columns, tz);
    const naive = parseFilter(['startDate', '>=', '2026-03-29T06:00:00'], columns, tz);
    expect(withOffset).toEqual({ kind: 'compare', column: 'startDate', op: '>=', value: Date.UTC(2026, 2, 29, 4) });
    expect(naive).toEqual(withOffset);
  });

  it('binds and tighter than or, and supports negation', () => {
    const filter = parseFilter([['lineID', '=', 1], 'or', ['lineID', '=', 2], 'and', ['reason', 'contains', 'x']], columns, tz);
    expect(filter).toMatchObject({ kind: 'or', nodes: [{ kind: 'compare' }, { kind: 'and' }] });
    expect(parseFilter(['!', ['lineID', '=', 1]], columns, tz)).toMatchObject({ kind: 'not' });
  });

  it('matches column names case-insensitively but refuses columns that are not whitelisted', () => {
    expect(parseFilter(['LINEID', '=', 1], columns, tz)).toMatchObject({ column: 'lineID' });
    expect(() => parseFilter(['passwordHash', '=', 'x'], columns, tz)).toThrow(AppError);
    expect(() => parseSort([{ selector: 'passwordHash' }], columns)).toThrow(AppError);
  });

  it('refuses malformed expressions with a 400', () => {
    for (const bad of ['not json', '[["lineID","~",1]]', '[["lineID","=",1],"and"]', '[["lineID","=","abc"]]', '{"a":1}']) {
      const error = (() => {
        try {
          parseFilter(bad, columns, tz);
        } catch (e) {
          return e;
        }
      })();
      expect(error, bad).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
  });

  it('reads sort, skip, take (capped) and requireTotalCount', () => {
    const options = parseLoadOptions(
      { sort: '[{"selector":"startDate","desc":true}]', skip: '20', take: '999999', requireTotalCount: 'true' },
      columns,
      tz,
    );
    expect(options).toMatchObject({ sort: [{ column: 'startDate', desc: true }], skip: 20, take: 10_000, requireTotalCount: true });
    expect(() => parseLoadOptions({ skip: '-1' }, columns, tz)).toThrow(AppError);
  });

  it('takes skip and take as plain digits only, at most MAX_SKIP', () => {
    for (const skip of ['1e20', '1e3', '0x10', ' 3 ', '3.0', '+3', 'true', 1e20, 2.5, Number.MAX_SAFE_INTEGER + 2, String(MAX_SKIP + 1)]) {
      expect(() => parseLoadOptions({ skip }, columns, tz), String(skip)).toThrow(AppError);
    }
    expect(parseLoadOptions({ skip: String(MAX_SKIP), take: 7 }, columns, tz)).toMatchObject({ skip: MAX_SKIP, take: 7 });
  });

  it(`refuses a filter of more than ${MAX_FILTER_TERMS} comparisons, counting the plain parameters too`, () => {
    const terms = (n: number) =>
      Array.from({ length: n }, (_, i) => ['lineID', '=', i]).flatMap((term, i) => (i === 0 ? [term] : ['or', term]));
    expect(parseFilter(terms(MAX_FILTER_TERMS), columns, tz)).toMatchObject({ kind: 'or' });
    const tooLarge = (() => {
      try {
        parseFilter(terms(MAX_FILTER_TERMS + 1), columns, tz);
      } catch (error) {
        return error;
      }
    })();
    expect(tooLarge).toBeInstanceOf(AppError);
    expect((tooLarge as AppError).status).toBe(400);
    expect(() => parseLoadOptions({ filter: JSON.stringify(terms(MAX_FILTER_TERMS)), lineID: '3' }, columns, tz, ['lineID'])).toThrow(
      AppError,
    );
  });

  it('filters, sorts and pages rows in memory the same way', () => {
    const rows = [
      { lineID: 1, reason: 'Falta material', recognized: true },
      { lineID: 2, reason: 'Cambio de formato', recognized: false },
      { lineID: 3, reason: 'Falta operario', recognized: false },
    ];
    const options = parseLoadOptions(
      { filter: '["reason","contains","falta"]', sort: '[{"selector":"lineID","desc":true}]', take: '1', requireTotalCount: 'true' },
      columns,
      tz,
    );
    expect(loadInMemory(rows, options)).toEqual({ data: [rows[2]], totalCount: 2 });
  });
});
