import { describe, expect, it } from 'vitest';
import { passwordHashCost } from '../../config';
import { hashPassword, passwordHashCost as currentCost, SCRYPT_N, setPasswordHashCost, verifyPassword } from './password';

describe('password hashes', () => {
  it('hash new passwords at N=2^15 everywhere but under the test runner with a valid lower cost', () => {
    expect(SCRYPT_N).toBe(32768);
    expect(passwordHashCost({})).toBe(SCRYPT_N);
    expect(passwordHashCost({ OEE_TEST_SCRYPT_N: '1024' })).toBe(SCRYPT_N);
    expect(passwordHashCost({ VITEST: 'true' })).toBe(SCRYPT_N);
    expect(passwordHashCost({ VITEST: 'true', OEE_TEST_SCRYPT_N: '1024' })).toBe(1024);
    for (const invalid of ['512', '1000', '65536', 'x', ''])
      expect(passwordHashCost({ VITEST: 'true', OEE_TEST_SCRYPT_N: invalid })).toBe(SCRYPT_N);
  });

  it('take the cost the composition root sets, and refuse one that is not a power of two from 2^10 to 2^15', () => {
    expect(currentCost()).toBe(passwordHashCost(process.env));
    for (const invalid of [512, 1000, 65536, 1.5, Number.NaN]) expect(() => setPasswordHashCost(invalid)).toThrow(RangeError);
    expect(currentCost()).toBe(passwordHashCost(process.env));
  });

  it('store their own cost and a fresh salt, and verify only the right password', async () => {
    const [first, second] = [await hashPassword('clave'), await hashPassword('clave')];
    const [scheme, n, r, p] = first.split('$');
    expect([scheme, Number(n), r, p]).toEqual(['scrypt', currentCost(), '8', '1']);
    expect(second).not.toBe(first);
    expect(await verifyPassword('clave', first)).toBe(true);
    expect(await verifyPassword('Clave', first)).toBe(false);
    expect(await verifyPassword('clave', 'bcrypt$whatever')).toBe(false);
  });

  it('known callers hash before every anonymous guess waiting, in the order they came', async () => {
    const stored = await hashPassword('clave');
    const finished: string[] = [];
    const verify = (name: string, priority: 'known' | 'anonymous') => verifyPassword('x', stored, priority).then(() => finished.push(name));
    const guesses = Array.from({ length: 12 }, (_, i) => verify(`guess-${i}`, 'anonymous'));
    const known = [verify('signature', 'known'), verify('terminal', 'known')];
    await Promise.all([...guesses, ...known]);
    // The first guess had started before the known ones came; every other guess waited for them.
    expect(finished).toEqual(['guess-0', 'signature', 'terminal', ...Array.from({ length: 11 }, (_, i) => `guess-${i + 1}`)]);
  });

  it('verify a hash made at the full cost whatever the cost of new ones', async () => {
    const full = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$';
    const { scryptSync } = await import('node:crypto');
    const stored = full + scryptSync('clave', Buffer.alloc(16), 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64');
    expect(await verifyPassword('clave', stored)).toBe(true);
    expect(await verifyPassword('otra', stored)).toBe(false);
  });
});
