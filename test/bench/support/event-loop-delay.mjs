// Preloaded into the edge by the dashboard-load benchmark (`node --import`): every second the edge's event-loop delay
// (perf_hooks.monitorEventLoopDelay, 10-ms resolution) is written to stdout as one line the benchmark reads:
// `event-loop-delay <epoch ms> <p50 ms> <p99 ms> <max ms>`. Measurement only: the edge itself is unchanged.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
const ms = (ns) => (ns / 1e6).toFixed(1);
setInterval(() => {
  if (histogram.count > 0)
    process.stdout.write(
      `event-loop-delay ${Date.now()} ${ms(histogram.percentile(50))} ${ms(histogram.percentile(99))} ${ms(histogram.max)}\n`,
    );
  histogram.reset();
}, 1_000).unref();
