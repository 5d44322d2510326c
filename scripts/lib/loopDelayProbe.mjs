// Preloaded into the local host by `npm run bench:stall` (node --import): the host's event-loop
// delay (perf_hooks.monitorEventLoopDelay), which the bench resets and reads over the IPC channel
// it starts the host with. Worker threads inherit the flag and load this too; only the thread
// that answers requests is measured.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

/** A sample every 5 ms: a stall of 20 ms or more is seen as such, not spread over a coarser tick. */
const RESOLUTION_MS = 5;

if (isMainThread && process.send) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  process.on('message', (message) => {
    if (message === 'loop-delay:reset') {
      delay.reset();
      process.send?.({ loopDelay: 'reset' });
    } else if (message === 'loop-delay:read') {
      const ms = (ns) => ns / 1e6;
      process.send?.({
        loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), samples: delay.count },
      });
    }
  });
  // The channel must not keep a host alive that was told to stop.
  process.channel?.unref();
}
