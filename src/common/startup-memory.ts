import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GcOptions = { type: 'major'; execution: 'sync'; flavor: 'last-resort' };
type CollectGarbage = (options: GcOptions) => void;

/** The V8 flags that turn the optimising compilers on; a command line naming any of them is left as it is. */
const OPTIMISERS = ['--maglev', '--turbofan'];
const NAMES_AN_OPTIMISER = /--(no[-_])?(maglev|turbofan|opt)\b|--jitless/;
let paused = false;

/**
 * Turns V8's optimising compilers off while the app loads. Start-up runs the top level of ≈ 1 800 modules and their
 * decorators once; optimising that code only leaves the compilers' code pages and its output resident (≈ 12 MB at
 * rest, decision 014). Must run before the app's modules are loaded; resumed by releaseStartupMemory.
 */
export function pauseOptimisersForStartup(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (paused || NAMES_AN_OPTIMISER.test(given)) return;
  for (const flag of OPTIMISERS) setFlagsFromString(flag.replace('--', '--no-'));
  paused = true;
}

/**
 * Hands the memory start-up used back to the system and lets the optimising compilers work on what requests run.
 * Loading modules and wiring the app fill the young generation to its cap (32 MB with the production flags), and V8
 * keeps it committed until a collection that reduces memory, which an idle server may never see. One such
 * collection after listening brings the process at rest from ≈ 138 to ≈ 100 MB (decision 014). It takes tens of
 * milliseconds, once, before the first request.
 */
export function releaseStartupMemory(): void {
  collectGarbage()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  if (!paused) return;
  for (const flag of OPTIMISERS) setFlagsFromString(flag);
  paused = false;
}

/**
 * One memory-reducing full collection, for a server that has gone quiet after a burst of large answers: what they
 * left behind (garbage strings, and Buffers whose native memory is freed only when their objects are collected) would
 * otherwise stay until some later allocation triggers a collection, which an idle server may never make (decision 018).
 */
export function reduceMemoryNow(): void {
  const gc = collectGarbage();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  // Measured on Node 20: that collection leaves dead Buffers' native memory in place; a plain full one frees it.
  (gc as () => void)();
}

function collectGarbage(): CollectGarbage {
  const exposed = (globalThis as { gc?: CollectGarbage }).gc;
  if (exposed) return exposed;
  // Without --expose-gc: the flag reaches only contexts created after it is set, so a fresh one hands `gc` over.
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as CollectGarbage;
}
