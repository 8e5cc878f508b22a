import type { CDPSession } from 'playwright-core';

export interface HeapKinds {
  /** Compiled code, bytecode and their metadata (what V8 adds as it optimizes). */
  code: number;
  /** Everything else of the JS heap: objects, arrays, strings, closures. */
  objects: number;
}

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
  };
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const kinds: HeapKinds = { code: 0, objects: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!];
    if (type === 'code') kinds.code += snapshot.nodes[i + sizeAt]!;
    else if (type !== 'native' && type !== 'synthetic') kinds.objects += snapshot.nodes[i + sizeAt]!;
  }
  return kinds;
}
