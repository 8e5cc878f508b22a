import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes (browsers, OPC UA and Modbus servers killed and restarted, PostgreSQL, the single
 * executable, the demo) start first, the unit files fill the gaps after them. Vitest's own order on a fresh clone,
 * which has no timings of earlier runs, is by file size: a short file of long browser tests (the screen sizes, 100 s)
 * then started last and ran alone at the end of a CI run while the other workers had nothing left.
 */
const SLOW = /^(test\/(e2e|acquisition|package|demo|api)\/|sync\/|portal\/|edge\/src\/demo\/)/;

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSlow = (spec: TestSpecification) => SLOW.test(relative(process.cwd(), spec.moduleId).split('\\').join('/'));
    return [...sorted.filter(isSlow), ...sorted.filter((spec) => !isSlow(spec))];
  }
}
