import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Settings } from '../config';
import { RecentLogStore } from '../logger';
import { HOUR, openTestPlant, type TestPlant } from '../../../test/support/test-plant';
import { Plant } from '../plant';
import { attachRetentionJobs, type RetentionJobs } from './retention-jobs';

const NOW = Date.parse('2026-11-24T12:00:00Z');
let store: TestPlant;
let jobs: RetentionJobs | null = null;

beforeEach(async () => {
  store = await openTestPlant();
});
afterEach(async () => {
  await jobs?.stop();
  jobs = null;
  await store.close();
});

describe('retention job', () => {
  it('deletes the sessions past their expiry and keeps every session still usable', async () => {
    await store.db
      .insertInto('users')
      .values({
        userID: 'ana',
        groupID: null,
        firstName: 'Ana',
        lastName: 'Paz',
        email: null,
        passwordHash: 'x',
        roleID: 2,
        lockedUntil: null,
        updatedBy: null,
        updateDate: null,
      })
      .execute();
    const session = (tokenHash: string, expiresAt: number) => ({
      tokenHash,
      userID: 'ana',
      createdAt: expiresAt - 12 * HOUR,
      expiresAt,
      ipAddress: null,
    });
    await store.db
      .insertInto('sessions')
      .values([session('expired-long-ago', NOW - 30 * 24 * HOUR), session('expired-now', NOW), session('still-valid', NOW + 1)])
      .execute();
    const plant = new Plant({ timeZone: 'Europe/Madrid' } as Settings, pino({ level: 'silent' }), new RecentLogStore(10), () => NOW);
    jobs = attachRetentionJobs(plant);
    plant.attachDatabase(store.db);
    await jobs.runNow();
    const left = await store.db.selectFrom('sessions').select('tokenHash').orderBy('tokenHash').execute();
    expect(left.map((row) => row.tokenHash)).toEqual(['still-valid']);
  });
});
