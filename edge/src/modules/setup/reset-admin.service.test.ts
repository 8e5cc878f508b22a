import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { openPlantDatabase } from '../../db/installation';
import { resetAdministrator } from './setup.service';

const folder = mkdtempSync(join(tmpdir(), 'oee-reset-admin-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Another connection (the running service, here a worker thread) that holds SQLite's write lock for `holdMs` and then
 * commits a write; resolves once it holds the lock, and `committed` once it let go.
 */
async function writerHoldingTheLock(file: string, holdMs: number): Promise<{ committed: Promise<void> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file);
     db.pragma('busy_timeout = 5000');
     db.exec('BEGIN IMMEDIATE');
     db.prepare("UPDATE users SET updateDate = updateDate + 1 WHERE userID = 'admin'").run();
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
     db.exec('COMMIT');
     db.close();
     parentPort.postMessage('committed');`,
    { eval: true, workerData: { file, holdMs, module: require.resolve('better-sqlite3') } },
  );
  let committed!: () => void;
  const done = new Promise<void>((resolve) => (committed = resolve));
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message) => (message === 'locked' ? resolve() : committed()));
    worker.on('error', reject);
  });
  return { committed: done };
}

describe('oee-edge reset-admin beside the running service', () => {
  it('waits for the service to commit its write and then resets admin, instead of failing with SQLITE_BUSY', async () => {
    const file = join(folder, 'oee.db');
    const { db } = await openPlantDatabase(file);
    try {
      await resetAdministrator(db, Date.now()); // creates admin
      // Held longer than the password hashing takes, so the reset reaches its transaction while the lock is held.
      const writer = await writerHoldingTheLock(file, 2500);
      const password = await resetAdministrator(db, Date.now());
      await writer.committed;
      expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
      const admin = await db
        .selectFrom('users')
        .select(['roleID', 'active', 'mustChangePassword', 'updatedBy'])
        .where('userID', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(admin).toEqual({ roleID: 1, active: 1, mustChangePassword: 1, updatedBy: 'reset-admin' });
    } finally {
      await db.destroy();
    }
  });
});
