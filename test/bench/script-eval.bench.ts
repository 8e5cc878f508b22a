// Evaluates the 300 line scripts of a 100-line plant (baliza, units, discards per line) over 1,000 tags, as the
// calculation loop does on every pass. Target: a full pass well under 1 ms. Prints mean and p99 per pass for a
// healthy plant (a few bad-quality tags) and for a disconnected one (every tag null, every script failing).
import { compileScript, type CompiledScript, type TagValue } from '../../edge/src/domain/script/index';

const LINES = 100;
const WARM_UP_PASSES = 5_000;
const MEASURED_PASSES = 20_000;

function balizaOf(n: number): string {
  switch (n % 4) {
    case 0:
      return `Line${n}.Running and not Line${n}.Fault`;
    case 1:
      return `coalesce(Line${n}.Speed, 0) > 5 && Line${n}.Mode == 2`;
    case 2:
      return `if(Line${n}.Mode == 3, false, Line${n}.Running) // mode 3 is cleaning`;
    default:
      return `Line${n}.Speed >= 0.5 * 60 or (Line${n}.Running && !Line${n}.Fault)`;
  }
}

function unitsOf(n: number): string {
  switch (n % 4) {
    case 0:
      return `Line${n}.Counter`;
    case 1:
      return `Line${n}.GoodCount + Line${n}.BadCount`;
    case 2:
      return `floor(PLC_${n}.Weight / 25)`;
    default:
      return `[L${n} Units] * 6 /* six units per pack */`;
  }
}

function discardsOf(n: number): string {
  switch (n % 4) {
    case 0:
      return `coalesce(Line${n}.Rejects, 0)`;
    case 1:
      return `Line${n}.BadCount`;
    case 2:
      return `max(Line${n}.Counter - Line${n}.GoodCount, 0)`;
    default:
      return `round(coalesce(Line${n}.Rejects / Line${n}.Speed, 0) * 100, 1)`;
  }
}

/** Ten tags per line, 1,000 in all; about 2% bad quality. */
function plantValues(line: number): [string, TagValue][] {
  const bad = line % 50 === 7;
  return [
    [`Line${line}.Running`, line % 3 !== 0],
    [`Line${line}.Fault`, line % 11 === 0],
    [`Line${line}.Speed`, bad ? null : 20 + (line % 40)],
    [`Line${line}.Mode`, line % 4],
    [`Line${line}.Counter`, BigInt(1_000_000 + line * 37)],
    [`Line${line}.GoodCount`, 990_000 + line * 31],
    [`Line${line}.BadCount`, line * 3],
    [`Line${line}.Rejects`, bad ? null : line * 2],
    [`L${line} Units`, 12_000 + line],
    [`PLC_${line}.Weight`, 15_432.75 + line],
  ];
}

function compileAll(knownTags: ReadonlySet<string>): CompiledScript[] {
  const scripts: CompiledScript[] = [];
  for (let line = 1; line <= LINES; line += 1) {
    for (const [source, expect] of [
      [balizaOf(line), 'boolean'],
      [unitsOf(line), 'number'],
      [discardsOf(line), 'number'],
    ] as const) {
      const compiled = compileScript(source, { expect, knownTags });
      if (!compiled.ok) throw new Error(`${source}: ${compiled.error.message}`);
      scripts.push(compiled.script);
    }
  }
  return scripts;
}

/** One calculation pass; returns a checksum so the work cannot be optimised away. */
function pass(scripts: readonly CompiledScript[], values: ReadonlyMap<string, TagValue>): number {
  let checksum = 0;
  for (const script of scripts) {
    const result = script.evaluate(values);
    checksum += result.ok ? Number(result.value) : 1;
  }
  return checksum;
}

function measure(label: string, scripts: readonly CompiledScript[], values: ReadonlyMap<string, TagValue>): void {
  let checksum = 0;
  for (let index = 0; index < WARM_UP_PASSES; index += 1) checksum += pass(scripts, values);
  (globalThis as { gc?: () => void }).gc?.();
  const micros = new Float64Array(MEASURED_PASSES);
  for (let index = 0; index < MEASURED_PASSES; index += 1) {
    const start = performance.now();
    checksum += pass(scripts, values);
    micros[index] = (performance.now() - start) * 1000;
  }
  micros.sort();
  const mean = micros.reduce((sum, value) => sum + value, 0) / micros.length;
  const p99 = micros[Math.floor(micros.length * 0.99)] ?? Number.NaN;
  const failures = scripts.filter((script) => !script.evaluate(values).ok).length;
  console.log(
    `${label}: ${scripts.length} scripts, ${failures} failing; per full pass mean ${mean.toFixed(1)} µs, ` +
      `p99 ${p99.toFixed(1)} µs (${MEASURED_PASSES} passes, checksum ${checksum.toExponential(3)})`,
  );
}

const healthy = new Map<string, TagValue>();
for (let line = 1; line <= LINES; line += 1) for (const [name, value] of plantValues(line)) healthy.set(name, value);
const disconnected = new Map<string, TagValue>([...healthy.keys()].map((name) => [name, null]));

const compileStart = performance.now();
const scripts = compileAll(new Set(healthy.keys()));
console.log(`compile: ${scripts.length} scripts over ${healthy.size} tags in ${(performance.now() - compileStart).toFixed(1)} ms`);
measure('healthy plant', scripts, healthy);
measure('disconnected plant (every tag null)', scripts, disconnected);
