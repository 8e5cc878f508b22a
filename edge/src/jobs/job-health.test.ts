import { describe, expect, it } from 'vitest';
import type { Plant } from '../plant';
import { failingJobs, recordJobRun } from './job-health';

describe('job health', () => {
  it('a job is failing from a failed run until its next successful one, per plant', () => {
    const plant = {} as Plant;
    const other = {} as Plant;
    expect(failingJobs(plant)).toEqual([]);
    recordJobRun(plant, 'refresh', new Error('database is locked'));
    recordJobRun(plant, 'notifications', new Error('no such table'));
    expect(failingJobs(plant)).toEqual(['notifications', 'refresh']);
    expect(failingJobs(other)).toEqual([]);
    recordJobRun(plant, 'refresh');
    expect(failingJobs(plant)).toEqual(['notifications']);
  });
});
