// Preloaded (`node -r`) by tests that run a TypeScript entry in a child process (the demo scripts): each .ts file is
// transpiled on its own, as ts-jest does for the tests (isolatedModules), so no build is needed and no dist/ goes stale.
// The output is cached in the temp directory by a hash of the source, so the many child processes a run starts
// transpile each file once.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
// typescript is loaded only on a cache miss: most children then never pay for it.
const TS_VERSION = require('typescript/package.json').version;
let ts;
const compilerOptions = () => ({
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2023,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  inlineSourceMap: true,
});
const CACHE = join(tmpdir(), `qqgw-ts-cache-${TS_VERSION}`);
mkdirSync(CACHE, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const source = readFileSync(filename, 'utf8');
  const cached = join(CACHE, `${createHash('sha256').update(filename).update('\0').update(source).digest('hex')}.js`);
  let outputText;
  try {
    outputText = readFileSync(cached, 'utf8');
  } catch {
    ts ??= require('typescript');
    ({ outputText } = ts.transpileModule(source, { compilerOptions: compilerOptions(), fileName: filename }));
    // Written under a temporary name, then renamed: a concurrent reader never sees half a file.
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, outputText);
    renameSync(partial, cached);
  }
  module._compile(outputText, filename);
};
