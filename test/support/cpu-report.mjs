// Prints the CPU each test file took, largest first, from the log test/support/cpu-log.ts writes
// (OEE_TEST_CPU_LOG=<log> npm run test:suite): its own process's seconds, its child processes' (browser, simulators,
// edges run as processes), the total and its wall-clock duration, and the suite's sums.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [logFile, count = '40', only] = process.argv.slice(2);
if (!logFile) {
  console.error('usage: node test/support/cpu-report.mjs <log> [how many rows] [a file path, for its tests]');
  process.exit(2);
}
const rows = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((row) => (only ? row.test !== undefined && row.file.endsWith(only) : row.test === undefined))
  .map((row) => ({ ...row, file: relative(process.cwd(), row.file), total: row.self + row.children }))
  .sort((a, b) => b.total - a.total);
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
const figure = (seconds) => seconds.toFixed(1).padStart(7);
console.log(
  `${rows.length} ${only ? 'tests' : 'files'}: CPU ${sum('total').toFixed(0)} s (test processes ${sum('self').toFixed(0)} s, their children ${sum('children').toFixed(0)} s)`,
);
console.log('  total    self children   wall  file');
for (const row of rows.slice(0, Number(count)))
  console.log(`${figure(row.total)}${figure(row.self)}${figure(row.children)}${figure(row.wall)}  ${only ? row.test : row.file}`);
