import type { CDPSession, Page } from 'playwright-core';
import type { DemoPlant } from '../../e2e/support/demo-plant';

export interface HeapKinds {
  /** Compiled code, bytecode and their metadata (what V8 adds as it optimizes). */
  code: number;
  /** Everything else of the JS heap: objects, arrays, strings, closures. */
  objects: number;
  /** The objects' bytes by kind: a constructor's or a system object's name, or the type (strings, numbers) alone. */
  byKind: Map<string, number>;
  /** The strings' bytes by their first characters (what kind of text the page holds). */
  byText: Map<string, number>;
}

const add = (map: Map<string, number>, key: string, size: number) => map.set(key, (map.get(key) ?? 0) + size);

/** Node types whose names say what they are (a constructor, a function, a system object); a string's name is its text. */
const NAMED_TYPES = new Set(['object', 'closure', 'hidden', 'array', 'object shape', 'regexp']);

/** The JS heap after a forced GC split by a heap snapshot into compiled code and JS objects (Blink's objects left out). */
export async function heapKinds(cdp: CDPSession): Promise<HeapKinds> {
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const nameAt = fields.indexOf('name');
  const kinds: HeapKinds = { code: 0, objects: 0, byKind: new Map(), byText: new Map() };
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!]!;
    const size = snapshot.nodes[i + sizeAt]!;
    if (type === 'code') kinds.code += size;
    else if (type !== 'native' && type !== 'synthetic') {
      kinds.objects += size;
      const name = snapshot.strings[snapshot.nodes[i + nameAt]!]!;
      // A scope's name ends in its object's id ('system / Context / scope @123'): the kind is the name without it.
      add(kinds.byKind, NAMED_TYPES.has(type) ? `${type} ${name.replace(/ @\d+$/, '').slice(0, 60)}` : type, size);
      if (type === 'string' || type === 'concatenated string' || type === 'sliced string')
        add(kinds.byText, JSON.stringify(name.slice(0, 24)), size);
    }
  }
  return kinds;
}

/** The JS objects a dashboard that ran all along keeps beyond a fresh load of the same screen, with what it printed. */
export interface KeptObjects {
  /** Bytes of JS objects (compiled code apart) the page that ran kept beyond the fresh load. */
  kept: number;
  ran: HeapKinds;
  fresh: HeapKinds;
  ranNodes: number;
  freshNodes: number;
}

/**
 * The leak check of a dashboard left running: the plant's lines held running (the screen stops changing) until two
 * refreshes have passed, the page's heap split; then the same screen reloaded and left `freshMs` to load and poll,
 * split again. What the page that ran all along keeps beyond the fresh one is what it accumulated.
 */
export async function keptBeyondFreshLoad(
  page: Page,
  cdp: CDPSession,
  plant: DemoPlant,
  options: { refreshSeconds: number; freshMs: number },
): Promise<KeptObjects> {
  const domNodes = async () => (await cdp.send('Memory.getDOMCounters')).nodes;
  for (let line = 1; line <= plant.simulator.lineCount; line += 1) plant.simulator.runLine(line);
  await page.waitForTimeout(2 * options.refreshSeconds * 1000 + 5_000);
  const ran = await heapKinds(cdp);
  const ranNodes = await domNodes();
  await page.reload();
  await page.getByTestId('gauge-oee-value').waitFor();
  await page.waitForTimeout(options.freshMs);
  const fresh = await heapKinds(cdp);
  const freshNodes = await domNodes();
  return { kept: ran.objects - fresh.objects, ran, fresh, ranNodes, freshNodes };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The kinds of object whose bytes differ most between the page that ran and the fresh load, largest first. */
function largestDifferences(ran: Map<string, number>, fresh: Map<string, number>, count: number): string {
  const kinds = new Set([...ran.keys(), ...fresh.keys()]);
  return [...kinds]
    .map((kind) => [kind, (ran.get(kind) ?? 0) - (fresh.get(kind) ?? 0)] as const)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .slice(0, count)
    .map(([kind, bytes]) => `${kind} ${bytes >= 0 ? '+' : ''}${kb(bytes)}`)
    .join('; ');
}

/** The leak check's figures, as both benches print them. */
export function describeKept(result: KeptObjects, minutes: number, freshMs: number): string {
  const { ran, fresh } = result;
  return `lines held running: after ${minutes} min JS objects ${mb(ran.objects)}, compiled code ${mb(ran.code)}, ${result.ranNodes} DOM nodes; the same screen loaded fresh (${freshMs / 1000} s): JS objects ${mb(fresh.objects)}, compiled code ${mb(fresh.code)}, ${result.freshNodes} DOM nodes; the largest differences by kind: ${largestDifferences(ran.byKind, fresh.byKind, 12)}; of strings, by their start: ${largestDifferences(ran.byText, fresh.byText, 8)}`;
}
