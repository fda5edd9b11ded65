/** Tiny flag parser for the bench/soak scripts: `--duration 5`, `--quick`, `--out file.json`. */
export interface Flags {
  [name: string]: string | boolean | undefined;
}

export function parseFlags(argv: string[] = process.argv.slice(2)): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      flags[arg.slice(2)] = argv[++i];
    } else {
      flags[arg.slice(2)] = true;
    }
  }
  return flags;
}

/** A positive number flag, clamped to [min, max]; `fallback` when absent or not a number. */
export function numberFlag(flags: Flags, name: string, fallback: number, min: number, max: number): number {
  const raw = flags[name];
  const n = typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}
