import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * The bytes the process holds after a full garbage collection (heap and the buffers outside it, strings and request
 * bodies included): what a flood left behind, not what it happened to allocate on the way.
 */
export function heldAfterGc(): number {
  collect();
  collect();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

export const MB = 1024 * 1024;
