import type { Plant } from '../plant';

/**
 * Which of a plant's scheduled jobs failed at their last run (index refresh, shift close, notification pass…), for
 * /api/health: a job that keeps failing leaves indexes or messages behind while everything else looks fine.
 */
const failing = new WeakMap<Plant, Map<string, string>>();

function jobsOf(plant: Plant): Map<string, string> {
  let jobs = failing.get(plant);
  if (!jobs) {
    jobs = new Map();
    failing.set(plant, jobs);
  }
  return jobs;
}

/** Records the outcome of one run of `job`: an error marks it failing, a success clears it. */
export function recordJobRun(plant: Plant, job: string, error?: unknown): void {
  if (error === undefined) jobsOf(plant).delete(job);
  else jobsOf(plant).set(job, error instanceof Error ? error.message : String(error));
}

/** The jobs whose last run failed, by name. */
export function failingJobs(plant: Plant): string[] {
  return [...jobsOf(plant).keys()].sort();
}
