import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** N=2^15 (r=8, p=1): the OWASP-recommended minimum for scrypt; 32 MiB and 0.1 to 0.4 s of CPU per hash on this class of PC. */
export const SCRYPT_N = 32768;

const MIN_N = 1024;

/** Whether `n` can be the N of new hashes: a power of two from 2^10 up to SCRYPT_N. */
export function isPasswordHashCost(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_N && n <= SCRYPT_N && (n & (n - 1)) === 0;
}

let hashCost = SCRYPT_N;

/**
 * Sets the N of new hashes. SCRYPT_N unless the composition root lowers it: the test suite does (config.ts,
 * `passwordHashCost`), as it starts hundreds of edges and signs in thousands of times, and at the real cost those hashes
 * were most of its CPU. Every hash stores its own N, so verifying is the same code at any cost.
 */
export function setPasswordHashCost(n: number): void {
  if (!isPasswordHashCost(n)) throw new RangeError(`scrypt N must be a power of two from ${MIN_N} to ${SCRYPT_N}, not ${n}`);
  hashCost = n;
}

/** The N new hashes are made with. */
export function passwordHashCost(): number {
  return hashCost;
}

const R = 8;
const P = 1;
const MAXMEM = 64 * 1024 * 1024;
const KEY_LENGTH = 32;

/**
 * Password hashes computed at once. Each holds a thread of Node's pool (4) and 32 MiB for ~50 ms: a burst of sign-ins
 * waits its turn here instead of filling the pool that file reads and the rest of the server also need.
 */
const CONCURRENT_HASHES = 1;
let running = 0;

/**
 * Whose hash it is: 'known' (a signed-in session's signature or password change, a sign-in from a device that signed
 * in before, a password being set) or 'anonymous' (a sign-in from a source never seen to sign in). Known hashes go
 * before every anonymous one waiting: 180 anonymous sign-ins from 6 addresses once made a real sign-in, and every
 * signed action, wait 52.9 s in one queue (issue 26).
 */
export type HashPriority = 'known' | 'anonymous';
const waiting: Record<HashPriority, Array<() => void>> = { known: [], anonymous: [] };

async function oneAtATime<T>(priority: HashPriority, work: () => Promise<T>): Promise<T> {
  // A finishing hash hands its slot to the next one waiting, so a newcomer never slips in between.
  if (running < CONCURRENT_HASHES) running += 1;
  else await new Promise<void>((resolve) => waiting[priority].push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.known.shift() ?? waiting.anonymous.shift();
    if (next) next();
    else running -= 1;
  }
}

/** 'scrypt$N$r$p$salt$hash' (base64), a per-user random salt in every hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await oneAtATime('known', () => scryptAsync(password, salt, KEY_LENGTH, { N: hashCost, r: R, p: P, maxmem: MAXMEM }));
  return ['scrypt', hashCost, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string, priority: HashPriority = 'known'): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await oneAtATime(priority, () =>
    scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAXMEM,
    }),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password for a new account that a person types once: 12 characters, no look-alike characters. */
export function generateTemporaryPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
