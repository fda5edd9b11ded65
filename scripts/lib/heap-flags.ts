import { join } from 'node:path';
import type { FakeClient } from './fake-client';
import { memoryOf, startServerChild } from './proc';
import { runScenario, type ScenarioOptions, type ScenarioRow } from './scenario';

/**
 * The getRanks miss row on a fresh gateway per set of V8 flags (production's, production's without
 * --heap-growing-percent, and none), so the lead can weigh each flag's CPU cost against the memory it saves. Each
 * variant is its own process: peak RSS (VmHWM) is its alone.
 */
export interface HeapFlagsRow {
  flags: string;
  row: ScenarioRow;
  peakRssMb: number;
}

export async function heapFlagsComparison(
  variants: string[][],
  env: Record<string, string>,
  fake: FakeClient,
  paths: string[],
  o: ScenarioOptions,
): Promise<HeapFlagsRow[]> {
  const out: HeapFlagsRow[] = [];
  for (const flags of variants) {
    const label = flags.length ? flags.join(' ') : '(no V8 flags)';
    const gw = await startServerChild(`gateway ${label}`, join(__dirname, 'gateway-entry.js'), [], env, undefined, flags);
    try {
      const row = await runScenario(`gateway ${label}: miss getRanks`, gw, fake, paths, o);
      out.push({ flags: label, row, peakRssMb: memoryOf(gw.pid).hwmMb });
    } finally {
      await gw.kill();
    }
  }
  return out;
}
