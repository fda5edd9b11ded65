import { rmSync } from 'node:fs';

/** jest globalTeardown of the e2e project: removes this run's derived ENDPOINTS rows. */
export default function removeDerivedEndpointsDir(): void {
  if (process.env.DERIVED_ENDPOINTS_DIR) rmSync(process.env.DERIVED_ENDPOINTS_DIR, { recursive: true, force: true });
}
