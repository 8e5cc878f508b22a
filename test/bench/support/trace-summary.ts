/**
 * A Chromium trace (the JSON `browser.startTracing` writes) read for where a page's main thread spent its time: the
 * self time of each kind of event on the renderer's main thread (CrRendererMain), that is its duration less the
 * events nested in it — style recalculation, layout, parsing and compiling scripts, running them, painting.
 */

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/** Self time (ms) by event name on the main threads of the renderers in `trace`, largest first. */
export function mainThreadSelfTime(trace: { traceEvents: TraceEvent[] } | TraceEvent[]): [string, number][] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || event.dur === undefined || !mainThreads.has(thread)) continue;
    let list = byThread.get(thread);
    if (!list) byThread.set(thread, (list = []));
    list.push(event);
  }
  const self = new Map<string, number>();
  for (const list of byThread.values()) {
    // Enclosing events first: by start, the longer first when two start together.
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const open: { end: number; name: string }[] = [];
    for (const event of list) {
      while (open.length > 0 && open.at(-1)!.end <= event.ts) open.pop();
      const parent = open.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur!);
      self.set(event.name, (self.get(event.name) ?? 0) + event.dur!);
      open.push({ end: event.ts + event.dur!, name: event.name });
    }
  }
  return [...self].map(([name, us]): [string, number] => [name, us / 1000]).sort((a, b) => b[1] - a[1]);
}
