import { derivedEndpointsFile, runDerivation } from './derived-endpoints-file';

/**
 * jest globalSetup of the e2e project: derives the rows of the routes without a hand row once per run (one app boot,
 * one example request per route, ~5 s) and tells the test workers, which inherit the environment, where they are.
 */
export default function deriveEndpointsOnce(): void {
  const file = derivedEndpointsFile();
  runDerivation(file);
  process.env.DERIVED_ENDPOINTS_FILE = file;
}
