/**
 * Failed sign-ins and signatures per user name, known or not (so the answer never tells which names exist): a few
 * free attempts, then each attempt must wait a delay that doubles up to a cap. The attempts for one name are checked
 * one after another (`inTurn`), and an attempt counts as a failure from the moment it starts until it succeeds, so
 * parallel wrong passwords cannot slip past the count, while parallel right ones (the terminals of a line signing in
 * as one user after a restart) each find the name forgotten by the success before them. A success forgets the name.
 * There is no lock anyone could put on someone else's account for long: the owner waits at most the cap.
 */
export const FREE_ATTEMPTS = 5;
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;
/** Names remembered at most (the oldest forgotten first): a flood of invented names cannot grow memory. */
const MAX_NAMES = 10_000;
/**
 * Characters of the names remembered, all together, at most (the oldest forgotten first). Names are refused beyond
 * SIGN_IN_NAME_MAX before they get here, and a key is cut at KEY_LENGTH whatever reaches it, so the throttle holds at
 * most about a megabyte whatever anyone sends (60 names of 4 MB once held 244 MB here).
 */
export const MAX_KEY_CHARACTERS = 400_000;
/** The longest key kept: longer names are cut (they count with the name they start with; nobody's name is that long). */
const KEY_LENGTH = 128;

/**
 * Where an attempt comes from: a source address (`ip:10.0.0.5`) or a signed-in session of the very user who signs
 * (`session`). Failures count per name and source together, so guesses at a name from elsewhere never make its owner
 * wait at their own terminal or in their own session (one wrong password a minute kept any account waiting, issue 26).
 * `known`: the source signed in before (a known device) or is a session: its hashes go before anonymous guesses.
 */
export interface AttemptSource {
  key: string;
  known: boolean;
}

/** A session of the user who signs (a signature, a change of one's own password). */
export const SESSION_SOURCE: AttemptSource = { key: 'session', known: true };

/** The throttle's key of a name from a source: case and blanks at either end aside, the name cut to KEY_LENGTH. */
const keyOf = (name: string, source: string) =>
  `${name
    .trim()
    .slice(0, KEY_LENGTH * 4)
    .toLowerCase()
    .slice(0, KEY_LENGTH)}\n${source.slice(0, 64)}`;

/** Source addresses that signed in, remembered at most (the oldest forgotten first). */
const MAX_KNOWN_SOURCES = 1_000;

interface Attempts {
  failures: number;
  blockedUntil: number;
  /** A mark of the password the account had at the last failure: when it changes (reset-admin), the count restarts. */
  passwordMark: string | null;
}

export class LoginThrottle {
  private readonly names = new Map<string, Attempts>();
  /** The characters of the keys of `names`, all together. */
  private keyCharacters = 0;
  /** Per name, the end of the last attempt queued (absent: none running). */
  private readonly turns = new Map<string, Promise<unknown>>();
  /** Sources a sign-in succeeded from: known devices. */
  private readonly knownSources = new Set<string>();

  /**
   * Runs `attempt` once the attempts for `name` started before it are over. Checked in parallel, right passwords
   * counted as failures until each one ended: the sixth terminal signing in as one user at once was refused for up
   * to a minute ('wait 32 s'), though every password was right.
   */
  inTurn<T>(name: string, source: AttemptSource, attempt: () => Promise<T>): Promise<T> {
    const key = keyOf(name, source.key);
    const run = (this.turns.get(key) ?? Promise.resolve()).then(attempt);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(key, done);
    void done.then(() => {
      if (this.turns.get(key) === done) this.turns.delete(key);
    });
    return run;
  }

  /**
   * Starts an attempt for `name` from `source` at `now`: null when it may go on, else the milliseconds still to wait.
   * `passwordMark` marks the account's stored password (null: no account, or a directory's): a password set since the
   * last failure (reset-admin, from another process; an administrator) restarts the count.
   */
  begin(name: string, source: AttemptSource, now: number, passwordMark: string | null = null): number | null {
    const key = keyOf(name, source.key);
    let attempts = this.names.get(key) ?? { failures: 0, blockedUntil: 0, passwordMark };
    if (attempts.passwordMark !== passwordMark) attempts = { failures: 0, blockedUntil: 0, passwordMark };
    if (attempts.blockedUntil > now) return attempts.blockedUntil - now;
    attempts.failures += 1;
    if (attempts.failures >= FREE_ATTEMPTS) attempts.blockedUntil = now + delayAfter(attempts.failures);
    // Map order is insertion order: re-inserting keeps the most recent names last, the oldest first to go.
    this.forget(key);
    this.names.set(key, attempts);
    this.keyCharacters += key.length;
    while (this.names.size > MAX_NAMES || this.keyCharacters > MAX_KEY_CHARACTERS) this.forget(this.names.keys().next().value!);
    return null;
  }

  /** The attempt for `name` from `source` succeeded: its count starts again, and the source is a known device. */
  succeeded(name: string, source: AttemptSource): void {
    this.forget(keyOf(name, source.key));
    this.knownSources.delete(source.key);
    this.knownSources.add(source.key);
    if (this.knownSources.size > MAX_KNOWN_SOURCES) this.knownSources.delete(this.knownSources.values().next().value!);
  }

  /** The source of a sign-in from `ip`, known when a sign-in succeeded from it before. */
  sourceOf(ip: string): AttemptSource {
    const key = `ip:${ip}`;
    return { key, known: this.knownSources.has(key) };
  }

  /** The names remembered and their characters, all together (diagnostics, tests). */
  size(): { names: number; characters: number } {
    return { names: this.names.size, characters: this.keyCharacters };
  }

  private forget(key: string): void {
    if (this.names.delete(key)) this.keyCharacters -= key.length;
  }
}

/** The wait after the `failures`-th failure in a row (from the FREE_ATTEMPTS-th on). */
export function delayAfter(failures: number): number {
  return Math.min(FIRST_DELAY_MS * 2 ** Math.max(0, failures - FREE_ATTEMPTS), MAX_DELAY_MS);
}

/** One throttle per plant database (tests run several edges in one process). */
const throttles = new WeakMap<object, LoginThrottle>();

export function throttleOf(owner: object): LoginThrottle {
  let throttle = throttles.get(owner);
  if (!throttle) throttles.set(owner, (throttle = new LoginThrottle()));
  return throttle;
}
