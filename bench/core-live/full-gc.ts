import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full collection on demand without asking every caller for `node --expose-gc` (npm run passes it
 * nowhere): the flag is set at run time and a fresh context hands out the function it defines.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap in use right after a full collection: what is alive, not what waits to be collected. */
export function heapAfterGc(): number {
  gc();
  return process.memoryUsage().heapUsed;
}
