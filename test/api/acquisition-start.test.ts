import { afterAll, describe, expect, it, vi } from 'vitest';
import { acquisitionProblem } from '../../edge/src/acquisition/index';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * A start that fails (issue 26, point 10: on a full disk the acquisition never started and /api/health said only
 * 'low disk space'): the edge says the plant is not being read, tries again, and reads it once the cause is gone.
 */
let t: TestEdge | undefined;
afterAll(async () => {
  await t?.close();
});

describe('an acquisition start that fails', () => {
  it('is tried again until it works; meanwhile /api/health is degraded with the reason, and ok again after', async () => {
    let diskFull = true;
    t = await startTestEdge({
      beforeReading: async () => {
        if (diskFull) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      },
    });
    const edge = t;
    await vi.waitFor(async () => {
      const health = await edge.call('GET', '/api/health', { language: 'en' });
      expect(health.body.status).toBe('degraded');
      expect(health.body.warnings).toContainEqual({
        code: 'acquisitionDown',
        message: 'The plant is not being read: the acquisition could not start and is being retried.',
      });
    });
    expect(acquisitionProblem(edge.edge.plant)).toBe('database or disk is full');
    diskFull = false;
    await vi.waitFor(
      async () => {
        expect(acquisitionProblem(edge.edge.plant)).toBeNull();
        const health = await edge.call('GET', '/api/health');
        expect(health.body.warnings.map((warning: { code: string }) => warning.code)).not.toContain('acquisitionDown');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(
      edge.edge.plant.recentLogs.all().some((entry) => entry.message.startsWith('Acquisition failed to start: it is tried again')),
    ).toBe(true);
  });
});
