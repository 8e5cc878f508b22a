import { describe, expect, it } from 'vitest';
import { maintenancePhases } from './maintenance-phases';

const M = 60_000;
const at = (minutes: number) => new Date(Date.parse('2026-03-01T09:00:00Z') + minutes * M).toISOString();
const NOW = Date.parse(at(30));

describe('maintenance call rings: declaring, waiting, maintenance', () => {
  it('while waiting: declared after 5 minutes, waiting since', () => {
    expect(maintenancePhases(at(0), { callDate: at(5), declarationDate: null, startDate: null, endDate: null }, NOW)).toEqual({
      declaringMs: 5 * M,
      waitingMs: 25 * M,
      maintenanceMs: 0,
    });
  });

  it('once started: the waiting stops growing and maintenance counts up to now, or to its end', () => {
    const call = { callDate: at(4), declarationDate: at(5), startDate: at(12), endDate: null };
    expect(maintenancePhases(at(0), call, NOW)).toEqual({ declaringMs: 5 * M, waitingMs: 7 * M, maintenanceMs: 18 * M });
    expect(maintenancePhases(at(0), { ...call, endDate: at(20) }, NOW).maintenanceMs).toBe(8 * M);
  });

  it('never counts negative times', () => {
    expect(maintenancePhases(at(10), { callDate: at(5), declarationDate: null, startDate: null, endDate: null }, NOW).declaringMs).toBe(0);
  });
});
