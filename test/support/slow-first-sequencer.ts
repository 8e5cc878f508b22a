import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes start first, the unit files fill the gaps after them. Vitest's own order on a fresh
 * clone, which has no timings of earlier runs, left a short file of long browser tests (the screen sizes, 100 s) to
 * start last and run alone at the end of a CI run while the other workers had nothing left.
 *
 * The long files are of two kinds, and they start alternately, each kind largest first (its size stands for its
 * length): those that mostly wait (OPC UA, Modbus and MQTT servers killed and restarted for a minute, PostgreSQL, the
 * single executable's packaging, the demo) and those that keep a core busy (a browser rendering the app, the API's
 * load tests). Started in one block, the waiting files left both cores half idle for the first minutes of a run.
 */
const WAITING = /^(test\/(acquisition|package)\/|sync\/|portal\/|edge\/src\/demo\/)/;
const BUSY = /^test\/(e2e|api|demo)\//;

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (spec: TestSpecification) => relative(process.cwd(), spec.moduleId).split('\\').join('/');
    const largestFirst = (pattern: RegExp) =>
      sorted
        .filter((spec) => pattern.test(path(spec)))
        .map((spec) => ({ spec, size: statSync(spec.moduleId).size }))
        .sort((a, b) => b.size - a.size)
        .map(({ spec }) => spec);
    const waiting = largestFirst(WAITING);
    const busy = largestFirst(BUSY);
    const alternated: TestSpecification[] = [];
    for (let i = 0; i < Math.max(waiting.length, busy.length); i++)
      alternated.push(...[waiting[i], busy[i]].filter((spec) => spec !== undefined));
    return [...alternated, ...sorted.filter((spec) => !WAITING.test(path(spec)) && !BUSY.test(path(spec)))];
  }
}
