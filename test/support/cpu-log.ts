// The test files' setup (vitest.config.ts), when OEE_TEST_CPU_LOG names a file: each test file's CPU, its own test
// process's and that of every process under it (the shared browser, simulators, edges started as processes, including
// those that ended meanwhile), appended to that file as one JSON line a file. The suite is bound by CPU on a 2-core
// machine, so CPU seconds, not durations, say which files cost a CI run its time; unlike durations they hold on a busy
// machine. `node test/support/cpu-report.mjs <log>` prints them, largest first.
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const log = process.env.OEE_TEST_CPU_LOG;
const TICKS = 100; // USER_HZ

interface ProcessCpu {
  parent: number;
  seconds: number;
}

/** Every process's CPU, its children's that ended included (utime, stime, cutime, cstime), by pid. */
function processes(): Map<number, ProcessCpu> {
  const table = new Map<number, ProcessCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      table.set(Number(entry), { parent: Number(fields[1]), seconds: ticks / TICKS });
    } catch {
      // ended while read
    }
  }
  return table;
}

/** This process's descendants' CPU, by pid (a descendant's ended children are in its own figure). */
function descendants(): Map<number, number> {
  const table = processes();
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of table) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const found = new Map<number, number>();
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.set(child, table.get(child)!.seconds);
      walk(child);
    }
  };
  walk(process.pid);
  return found;
}

/** This process's own CPU and its reaped children's (cutime, cstime). */
function own(): { self: number; reaped: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { self: (Number(fields[11]) + Number(fields[12])) / TICKS, reaped: (Number(fields[13]) + Number(fields[14])) / TICKS };
}

interface Mark {
  at: number;
  own: { self: number; reaped: number };
  children: Map<number, number>;
}

const mark = (): Mark => ({ at: performance.now(), own: own(), children: descendants() });

/** The CPU since `start`: this process's, and its descendants' (one alive at the start counts from its figure then). */
function since(start: Mark): { wall: number; self: number; children: number } {
  const end = own();
  let children = end.reaped - start.own.reaped;
  for (const [pid, seconds] of descendants()) children += seconds - (start.children.get(pid) ?? 0);
  return { wall: (performance.now() - start.at) / 1000, self: end.self - start.own.self, children };
}

if (log) {
  // Each file's row, and each test's (`test` set): the file's hooks run outside its tests.
  let file: { path: string; start: Mark } | undefined;
  let test: Mark | undefined;
  beforeAll(() => {
    file = { path: expect.getState().testPath ?? 'unknown', start: mark() };
  });
  beforeEach(() => {
    test = mark();
  });
  afterEach(() => {
    if (!file || !test) return;
    appendFileSync(log, `${JSON.stringify({ file: file.path, test: expect.getState().currentTestName, ...since(test) })}\n`);
  });
  afterAll(() => {
    if (file) appendFileSync(log, `${JSON.stringify({ file: file.path, ...since(file.start) })}\n`);
  });
}
