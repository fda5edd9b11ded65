/** Percentiles, ratios and plain-text tables for the bench/soak reports. */

/** Nearest-rank percentile of a list of numbers (ms); NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/** Keeps at most `cap` samples (reservoir sampling), so a long soak cannot grow memory without bound. */
export class Reservoir {
  readonly values: number[] = [];
  private seen = 0;
  constructor(private readonly cap = 200_000) {}
  add(v: number): void {
    this.seen++;
    if (this.values.length < this.cap) this.values.push(v);
    else {
      const i = Math.floor(Math.random() * this.seen);
      if (i < this.cap) this.values[i] = v;
    }
  }
}

export const fmt = (n: number | undefined | null, digits = 1): string =>
  n === undefined || n === null || !Number.isFinite(n) ? '—' : n.toFixed(digits);

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export interface Verdict {
  target: string;
  measured: string;
  pass: boolean;
  note?: string;
  /** Reported, not a target of this stage: printed as "info: met" / "info: not met". */
  info?: boolean;
}

export function verdictTable(verdicts: Verdict[]): string {
  return table(
    ['target', 'measured', 'result'],
    verdicts.map((v) => [v.target, v.measured + (v.note ? ` (${v.note})` : ''), v.info ? (v.pass ? 'info: met' : 'info: not met') : v.pass ? 'PASS' : 'FAIL']),
  );
}
