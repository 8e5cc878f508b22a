import { describe, expect, it } from 'vitest';
import { joinNewest, logFilter, type LogEntry } from './log-view';

const entry = (id: number): LogEntry => ({ id, time: '2026-03-01T06:00:00.000-03:00', level: 'INFO', logger: 'edge', message: `m${id}` });

describe('logFilter', () => {
  it('is empty without a choice, and with every level chosen', () => {
    expect(logFilter({ levels: [], text: '  ' })).toBeNull();
    expect(logFilter({ levels: ['FATAL', 'ERROR', 'WARN', 'INFO', 'DEBUG', 'TRACE'], text: '' })).toBeNull();
  });

  it('keeps one level, or any of several', () => {
    expect(logFilter({ levels: ['WARN'], text: '' })).toEqual(['level', '=', 'WARN']);
    expect(logFilter({ levels: ['WARN', 'FATAL'], text: '' })).toEqual([['level', '=', 'FATAL'], 'or', ['level', '=', 'WARN']]);
  });

  it('looks for the text in the message or the logger, with the levels', () => {
    expect(logFilter({ levels: ['ERROR'], text: ' opc ' })).toEqual([
      ['level', '=', 'ERROR'],
      'and',
      [['message', 'contains', 'opc'], 'or', ['logger', 'contains', 'opc']],
    ]);
  });
});

describe('joinNewest', () => {
  it('puts newer lines on top, newest first, and keeps at most the limit', () => {
    expect(joinNewest([entry(3), entry(2)], [entry(4), entry(6), entry(5)], 4).map((e) => e.id)).toEqual([6, 5, 4, 3]);
  });

  it('never shows a line twice', () => {
    expect(joinNewest([entry(3), entry(2)], [entry(3), entry(4)]).map((e) => e.id)).toEqual([4, 3, 2]);
  });

  it('starts from nothing', () => {
    expect(joinNewest([], [entry(1), entry(2)]).map((e) => e.id)).toEqual([2, 1]);
  });
});
