import { describe, expect, it } from 'vitest';
import { declaringTimes, MAINTENANCE_STATUS as S, minutesBetween, mttrMinutes, nextStatus, timesOfAction } from './maintenance';

const MIN = 60_000;

describe('maintenance call status machine', () => {
  it('goes Waiting → Started → Finished, and closes as NoMtto from Waiting or Started', () => {
    expect(nextStatus(S.WAITING, 'start')).toEqual({ ok: true, status: S.STARTED });
    expect(nextStatus(S.STARTED, 'finish')).toEqual({ ok: true, status: S.FINISHED });
    expect(nextStatus(S.WAITING, 'close')).toEqual({ ok: true, status: S.NO_MAINTENANCE });
    expect(nextStatus(S.STARTED, 'close')).toEqual({ ok: true, status: S.NO_MAINTENANCE });
  });

  it('refuses starting twice, finishing a call not started, and any action on a closed call', () => {
    expect(nextStatus(S.STARTED, 'start')).toEqual({ ok: false, refusal: 'alreadyStarted' });
    expect(nextStatus(S.WAITING, 'finish')).toEqual({ ok: false, refusal: 'notStarted' });
    for (const closed of [S.FINISHED, S.NO_MAINTENANCE]) {
      for (const action of ['start', 'finish', 'close'] as const) expect(nextStatus(closed, action)).toEqual({ ok: false, refusal: 'closed' });
    }
  });
});

describe("the stop's maintenance times", () => {
  const call = { status: S.WAITING, declarationDate: 10 * MIN, startDate: null };

  it('declaring time runs from the stop start to the call, in minutes to the hundredth', () => {
    expect(declaringTimes(0, 10 * MIN + 30_000)).toEqual({ declaringTime: 10.5 });
    expect(minutesBetween(5 * MIN, MIN)).toBe(0);
  });

  it('start fills the waiting time, finish the maintenance time', () => {
    expect(timesOfAction(call, 'start', 14 * MIN)).toEqual({ waitingTime: 4 });
    expect(timesOfAction({ ...call, status: S.STARTED, startDate: 14 * MIN }, 'finish', 21 * MIN + 45_000)).toEqual({ maintenanceTime: 7.75 });
  });

  it('a close ends the phase the call was in: waiting has no maintenance time', () => {
    expect(timesOfAction(call, 'close', 12 * MIN)).toEqual({ waitingTime: 2 });
    expect(timesOfAction({ ...call, status: S.STARTED, startDate: 14 * MIN }, 'close', 20 * MIN)).toEqual({ maintenanceTime: 6 });
  });

  it('MTTR is the summed maintenance minutes over the finished calls, null without any', () => {
    expect(mttrMinutes(50, 4)).toBe(12.5);
    expect(mttrMinutes(0, 0)).toBeNull();
  });
});
