import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { namesOf } from './scaffold/names';
import { type Plan, planEndpoint } from './scaffold/plan';
import { parseArgs, USAGE } from './scaffold/spec';
import { thenSteps, TODO } from './scaffold/templates';

/**
 * `npm run new:endpoint -- <area> <name> [--write] …`: writes the files a new route needs (DTO, controller and service
 * methods, client method, answer schema and mapper, fake handler, tests, docs/upstream section, endpoint-table row
 * and MCP tool when asked) so that it compiles and passes its tests at once; the author then fills in what the upstream
 * research found (CONTRIBUTING.md "Adding an endpoint"). Refuses to overwrite anything; --dry-run prints the plan.
 */

/** The repository root: this file runs from dist/scripts/ (npm run new:endpoint) or scripts/ (ts). */
const ROOT = join(__dirname, __dirname.includes(join('dist', 'scripts')) ? '../..' : '..');

/** Plans, prints and (unless --dry-run) writes; returns the plan. Throws with a message on a refusal. */
export function newEndpoint(argv: string[], log: (line: string) => void = console.log): Plan {
  const spec = parseArgs(argv);
  const root = spec.root ? resolve(spec.root) : ROOT;
  const plan = planEndpoint(spec, root);
  const n = namesOf(spec);
  const call = 'module' in spec.call ? `musicu ${spec.call.module}.${spec.call.method}` : `CGI ${spec.call.cgi}`;
  log(`new:endpoint ${spec.write ? 'POST' : 'GET'} ${spec.name} in src/${spec.area} (${call})${spec.dryRun ? ': dry run, nothing written' : ''}`);
  const width = Math.max(...plan.changes.map((c) => c.file.length));
  for (const c of plan.changes) log(`  ${spec.dryRun ? 'would ' : ''}${c.action === 'create' ? 'create' : 'edit  '} ${c.file.padEnd(width)}  ${c.what.join('; ')}`);
  for (const k of plan.kept) log(`  kept   ${k}`);
  if (!spec.dryRun) {
    for (const c of plan.changes) {
      mkdirSync(dirname(join(root, c.file)), { recursive: true });
      writeFileSync(join(root, c.file), c.content);
    }
  }
  log(`\nFill in next (each place is marked ${TODO}):`);
  plan.fillIn.forEach((step, i) => log(`  ${i + 1}. ${step}`));
  log('\nThen:');
  for (const step of thenSteps({ spec, n })) log(`  - ${step}`);
  return plan;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  if (!argv.length || argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    process.exit(argv.length ? 0 : 1);
  }
  try {
    newEndpoint(argv);
  } catch (err) {
    console.error(`new:endpoint: ${(err as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
}
