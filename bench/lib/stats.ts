/** Latency figures of one benchmark scenario. */
export interface LatencySummary {
  /** Requests answered (any status). */
  count: number;
  /** Answers that were not 2xx, and requests that failed outright. */
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers per second over the time from the first scheduled send to the last answer. */
  achievedRate: number;
}

/**
 * The nearest-rank percentile (the smallest value with at least p % of the samples at or below
 * it), so p99 of 1,000 samples is the 990th and never an interpolation no request saw.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0] as number;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

export function summarize(
  samples: readonly { latencyMs: number; ok: boolean }[],
  startedAt: number,
  endedAt: number,
): LatencySummary {
  const sorted = samples.map((s) => s.latencyMs).sort((a, b) => a - b);
  const seconds = Math.max(1e-9, (endedAt - startedAt) / 1000);
  return {
    count: samples.length,
    errors: samples.filter((s) => !s.ok).length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    achievedRate: samples.length / seconds,
  };
}

/** Fixed-width table for the terminal and the README (a Markdown table). */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(cells[0] as string[]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join(
    '\n',
  );
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');
