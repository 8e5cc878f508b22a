/**
 * How a simulated production line behaves: it runs for a while, then stops — mostly short microstops, sometimes a
 * stop of a few minutes, now and then a long one — and while it runs it counts units at about its nominal speed,
 * a small share of them discarded. Counters are absolute and only grow, like a PLC's. Time is an argument, so tests
 * drive it without waiting.
 */

export type StopKind = 'microstop' | 'stop' | 'longStop';

export interface LineModelOptions {
  /** Nominal speed, units per minute. */
  speedPerMinute: number;
  /** Share of the units that are discarded (0..1). */
  discardRatio: number;
  /** Mean length of a running spell, ms. */
  meanRunMs: number;
  /** Uniform in [0, 1). */
  random: () => number;
}

export const DEFAULT_LINE_MODEL: Omit<LineModelOptions, 'random' | 'speedPerMinute'> = {
  discardRatio: 0.02,
  meanRunMs: 4 * 60_000,
};

/** Stop lengths, ms: [min, max) per kind, and how often each kind happens. */
const STOP_LENGTHS: Record<StopKind, [number, number]> = {
  microstop: [5_000, 50_000],
  stop: [70_000, 6 * 60_000],
  longStop: [10 * 60_000, 25 * 60_000],
};
const STOP_SHARES: [StopKind, number][] = [
  ['microstop', 0.55],
  ['stop', 0.35],
  ['longStop', 0.1],
];
const MIN_RUN_MS = 20_000;

export interface LineSnapshot {
  running: boolean;
  units: number;
  discards: number;
  /** Current speed, units per minute (0 while stopped). */
  speed: number;
  automatic: boolean;
  stopKind: StopKind | null;
}

export class SimulatedLine {
  running = true;
  automatic = true;
  stopKind: StopKind | null = null;
  private unitsExact: number;
  private discardsExact: number;
  private speed = 0;
  private nextChangeAt: number;
  private lastAdvance: number;

  constructor(
    private options: LineModelOptions,
    now: number,
    initial: { units?: number; discards?: number; running?: boolean; firstChangeInMs?: number } = {},
  ) {
    this.unitsExact = initial.units ?? 0;
    this.discardsExact = initial.discards ?? 0;
    this.running = initial.running ?? true;
    this.lastAdvance = now;
    this.nextChangeAt = now + (initial.firstChangeInMs ?? this.runLength());
    if (!this.running) this.stopKind = 'stop';
  }

  get units(): number {
    return Math.floor(this.unitsExact);
  }

  get discards(): number {
    return Math.floor(this.discardsExact);
  }

  snapshot(): LineSnapshot {
    return {
      running: this.running,
      units: this.units,
      discards: this.discards,
      speed: this.running ? this.speed : 0,
      automatic: this.automatic,
      stopKind: this.stopKind,
    };
  }

  /** Moves the line to `now`: production while running, and (in automatic mode) the state changes that fall due. */
  advance(now: number): void {
    while (this.automatic && this.nextChangeAt <= now) {
      this.produceUntil(this.nextChangeAt);
      this.toggle(this.nextChangeAt);
    }
    this.produceUntil(now);
  }

  /** Takes the line out of automatic mode in the given state (tests: "stop line 2 now"). */
  hold(running: boolean, now: number): void {
    this.advance(now);
    this.automatic = false;
    this.running = running;
    this.stopKind = running ? null : 'stop';
  }

  /** Back to automatic mode; the next change comes after a fresh spell of the current state. */
  resume(now: number): void {
    this.advance(now);
    this.automatic = true;
    this.nextChangeAt = now + (this.running ? this.runLength() : this.stopLength(this.stopKind ?? 'stop'));
  }

  /** Adds counts at once (tests), whatever the state. */
  produce(units: number, discards: number): void {
    this.unitsExact += units;
    this.discardsExact += discards;
  }

  /** Changes the nominal speed from now on (0: only `produce` changes the counters, for deterministic tests). */
  setSpeed(speedPerMinute: number, now: number): void {
    this.advance(now);
    this.options = { ...this.options, speedPerMinute };
  }

  private produceUntil(time: number): void {
    const elapsed = time - this.lastAdvance;
    this.lastAdvance = Math.max(this.lastAdvance, time);
    if (elapsed <= 0 || !this.running) {
      this.speed = 0;
      return;
    }
    // Speed wanders between 85 % and 100 % of nominal.
    this.speed = this.options.speedPerMinute * (0.85 + 0.15 * this.options.random());
    const made = (this.speed * elapsed) / 60_000;
    this.unitsExact += made;
    this.discardsExact += made * this.options.discardRatio;
  }

  private toggle(at: number): void {
    if (this.running) {
      this.running = false;
      this.stopKind = this.pickStopKind();
      this.nextChangeAt = at + this.stopLength(this.stopKind);
    } else {
      this.running = true;
      this.stopKind = null;
      this.nextChangeAt = at + this.runLength();
    }
  }

  private pickStopKind(): StopKind {
    let draw = this.options.random();
    for (const [kind, share] of STOP_SHARES) {
      if (draw < share) return kind;
      draw -= share;
    }
    return 'stop';
  }

  private stopLength(kind: StopKind): number {
    const [min, max] = STOP_LENGTHS[kind];
    return min + (max - min) * this.options.random();
  }

  /** Exponentially distributed running spells (memoryless failures), never shorter than MIN_RUN_MS. */
  private runLength(): number {
    return Math.max(MIN_RUN_MS, -Math.log(1 - this.options.random()) * this.options.meanRunMs);
  }
}

/** A small seeded generator (mulberry32), so a simulated plant can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
