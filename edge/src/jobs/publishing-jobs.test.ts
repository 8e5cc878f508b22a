import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../config';
import { RecentLogStore } from '../logger';
import { openTestPlant, type TestPlant } from '../../../test/support/test-plant';
import { Plant } from '../plant';
import { attachPublishingJobs } from './publishing-jobs';
import type { RunnableJob } from './on-configured';

/** Counts the queries that read the parameters table. */
class ParameterReads implements KyselyPlugin {
  count = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (JSON.stringify(args.node).includes('"parameters"')) this.count += 1;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

let store: TestPlant;
let job: RunnableJob | null = null;

beforeEach(async () => {
  store = await openTestPlant({ syncQueue: false });
});
afterEach(async () => {
  vi.useRealTimers();
  await job?.stop();
  job = null;
  await store.close();
});

describe('the MQTT publishing job', () => {
  it('reads its settings once (no periodic check while publishing is off) and again when the configuration changes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const plant = new Plant({ timeZone: 'UTC' } as Settings, pino({ level: 'silent' }), new RecentLogStore(10));
    const reads = new ParameterReads();
    job = attachPublishingJobs(plant);
    plant.attachDatabase(store.db.withPlugin(reads));
    await expect.poll(() => reads.count, { timeout: 5_000 }).toBe(1);
    // Publishing is off: no periodic check is even scheduled.
    expect(vi.getTimerCount()).toBe(0);

    // Many checks (one a second): none reads the parameters again.
    for (let check = 0; check < 10; check += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      await job.runNow();
    }
    expect(reads.count).toBe(1);

    // The General parameters were written (their route emits this): read again, once.
    plant.emit('configurationChanged', { area: 'parameters' });
    await job.runNow();
    expect(reads.count).toBe(2);
    await vi.advanceTimersByTimeAsync(3_000);
    await job.runNow();
    expect(reads.count).toBe(2);
  });
});
