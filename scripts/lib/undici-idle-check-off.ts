import { readFileSync } from 'node:fs';
import Module from 'node:module';

/**
 * Measurement only (`npm run bench -- --undici-idle-check-off`), preloaded with `--require` into one bench gateway:
 * undici's HTTP/1 client is compiled without the check that writes a request on a reused keep-alive socket one
 * event-loop phase late (a security fix, GHSA-35p6-xmwp-9g52; decision 002), so the bench shows what that wait costs
 * beside the stock gateway. The product never loads this file.
 */
const CLIENT_H1 = require.resolve('undici/lib/dispatcher/client-h1.js');
/** The branch that defers the write (resumeH1); the patch makes it never taken. */
const IDLE_CHECK = 'if (client[kRunning] === 0 && client[kPending] > 0 && socket[kSocketUsed]) {';

type CompilingModule = NodeJS.Module & { _compile(source: string, filename: string): void };
const loaders = (Module as unknown as { _extensions: Record<string, (module: CompilingModule, filename: string) => void> })._extensions;
const loadJs = loaders['.js'];
let patched = false;
loaders['.js'] = (module, filename) => {
  if (filename !== CLIENT_H1) return loadJs(module, filename);
  const source = readFileSync(filename, 'utf8');
  // An undici that no longer has this branch would otherwise be measured stock under the wrong label.
  if (!source.includes(IDLE_CHECK)) throw new Error(`undici-idle-check-off: ${filename} no longer holds the idle-socket check`);
  module._compile(source.replace(IDLE_CHECK, 'if (false) {'), filename);
  patched = true;
};
// Loaded here, through the loader above, before the gateway's modules ask for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(CLIENT_H1);
if (!patched) throw new Error(`undici-idle-check-off: ${CLIENT_H1} was loaded before the patch`);
