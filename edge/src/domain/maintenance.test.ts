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
      for (const action of ['start', 'finish', 'close'] as const)
        expect(nextStatus(closed, action)).toEqual({ ok: false, refusal: 'closed' });
    }
  });
});

describe("the stop's maintenance times", () => {
  const call = { status: S.WAITING, declarationDate: 10 * MIN, startDate: null };

  const open = { startMs: 0, endMs: null };

  it('declaring time runs from the stop start to the call, in minutes to the hundredth', () => {
    expect(declaringTimes(open, 10 * MIN + 30_000)).toEqual({ declaringTime: 10.5 });
    expect(minutesBetween(5 * MIN, MIN)).toBe(0);
  });

  it('start fills the waiting time, finish the maintenance time', () => {
    expect(timesOfAction(call, 'start', 14 * MIN, open)).toEqual({ waitingTime: 4 });
    expect(timesOfAction({ ...call, status: S.STARTED, startDate: 14 * MIN }, 'finish', 21 * MIN + 45_000, open)).toEqual({
      maintenanceTime: 7.75,
    });
  });

  it('a close ends the phase the call was in: waiting has no maintenance time', () => {
    expect(timesOfAction(call, 'close', 12 * MIN, open)).toEqual({ waitingTime: 2 });
    expect(timesOfAction({ ...call, status: S.STARTED, startDate: 14 * MIN }, 'close', 20 * MIN, open)).toEqual({ maintenanceTime: 6 });
  });

  it('cuts every phase at the end of a stop that ended first: the phases never add up to more than the stop', () => {
    // The case: a 12.2-min stop, the call 11.6 min into it, maintenance started 11.4 min after the call and
    // finished 0.2 min later, long after the line ran again.
    const stop = { startMs: 0, endMs: 12.2 * MIN };
    const declaring = declaringTimes(stop, 11.6 * MIN);
    const waiting = timesOfAction({ ...call, declarationDate: 11.6 * MIN }, 'start', 23 * MIN, stop);
    const maintenance = timesOfAction({ status: S.STARTED, declarationDate: 11.6 * MIN, startDate: 23 * MIN }, 'finish', 23.2 * MIN, stop);
    expect({ ...declaring, ...waiting, ...maintenance }).toEqual({ declaringTime: 11.6, waitingTime: 0.6, maintenanceTime: 0 });
    // A call made after its stop's end (a stop whose end a pass stored a moment before the call) declares the stop.
    expect(declaringTimes(stop, 13 * MIN)).toEqual({ declaringTime: 12.2 });
    // A stop still open bounds nothing: the phase runs to the action.
    expect(timesOfAction(call, 'start', 30 * MIN, { startMs: 0, endMs: null })).toEqual({ waitingTime: 20 });
  });

  it('MTTR is the summed maintenance minutes over the finished calls, null without any', () => {
    expect(mttrMinutes(50, 4)).toBe(12.5);
    expect(mttrMinutes(0, 0)).toBeNull();
  });
});
