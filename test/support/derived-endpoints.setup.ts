import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * jest globalSetup of the e2e project: a directory for this run's derived ENDPOINTS rows, which the test workers
 * (they inherit the environment) share, so the rows are derived once per run (test/support/derived-endpoints-file.ts).
 */
export default function makeDerivedEndpointsDir(): void {
  process.env.DERIVED_ENDPOINTS_DIR = mkdtempSync(join(tmpdir(), 'qqgw-derived-'));
}
