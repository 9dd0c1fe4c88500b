/**
 * Benchmark: the duplicate engine (apps/server/src/modules/duplicates/engine) on a labelled ledger
 * of 1,000,000 documents: full detection (wall time, peak memory, precision and recall on pairs,
 * beside the exact check's), then one new document at a time against the whole history.
 * See bench/README.md#duplicates.
 *
 *   npm run bench:duplicates -- [--documents 1000000] [--seed 20] [--duplicate-rate 0.03] [--checks 2000]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DuplicateIndex, detectDuplicates, exactDuplicateGroups } from '../apps/server/src/modules/duplicates/engine';
import { DOCUMENT_KINDS, makeDuplicateLedger, makeProbes, NOISES } from './lib/duplicate-data';
import { scorePairs, truePairCount } from './lib/pair-metrics';
import { markdownTable, ms, percentile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    documents: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '20' },
    'duplicate-rate': { type: 'string', default: '0.03' },
    checks: { type: 'string', default: '2000' },
  },
});
const DOCUMENTS = Number(args.documents);
const CHECKS = Number(args.checks);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const pct = (v: number) => v.toFixed(5);

console.log(`duplicates: ${DOCUMENTS.toLocaleString('en')} documents, seed ${args.seed}, load average ${load()}`);

let started = performance.now();
const ledger = makeDuplicateLedger({
  documents: DOCUMENTS,
  seed: Number(args.seed),
  duplicateRate: Number(args['duplicate-rate']),
});
const kindCounts = DOCUMENT_KINDS.map((k, i) => `${k} ${ledger.kinds.filter((x) => x === i).length}`).join(', ');
console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s (not counted): ${kindCounts}`);
console.log(`noise applied: ${NOISES.map((n) => `${n} ${ledger.noise[n]}`).join(', ')}`);
const rssBefore = process.memoryUsage().rss;

started = performance.now();
const result = detectDuplicates(ledger.documents);
const detectionMs = performance.now() - started;
const detectionPeak = peakRss();

const groups = result.groups.map((g) => [g.originalPosition, ...g.duplicates.map((d) => d.position)]);
const truePairs = truePairCount(ledger.labels);
const engine = scorePairs(groups, ledger.labels, truePairs);
started = performance.now();
const exactGroups = exactDuplicateGroups(ledger.documents);
const exactMs = performance.now() - started;
const exact = scorePairs(exactGroups, ledger.labels, truePairs);

console.log(
  `\n${markdownTable(
    ['figure', 'value'],
    [
      ['full detection wall time', `${(detectionMs / 1000).toFixed(1)} s`],
      ['candidate pairs scored', result.candidates.toLocaleString('en')],
      ['duplicate pairs / groups', `${result.pairs.length.toLocaleString('en')} / ${result.groups.length.toLocaleString('en')}`],
      ['RSS with the ledger generated, before detection', mb(rssBefore)],
      ['peak RSS of the process (ledger included)', mb(detectionPeak)],
    ],
  )}`,
);
console.log(
  `\n${markdownTable(
    ['method', 'true pairs', 'claimed pairs', 'right', 'precision', 'recall', 'time'],
    [
      [
        'engine',
        truePairs,
        engine.predictedPairs,
        engine.correctPairs,
        pct(engine.precision),
        pct(engine.recall),
        `${(detectionMs / 1000).toFixed(1)} s`,
      ],
      [
        'exact check',
        truePairs,
        exact.predictedPairs,
        exact.correctPairs,
        pct(exact.precision),
        pct(exact.recall),
        `${(exactMs / 1000).toFixed(1)} s`,
      ],
    ],
  )}`,
);

// Recall by noise (a duplicate counts as found when it is in its original's group) and the wrong
// pairs by what made their documents.
const groupOf = new Int32Array(DOCUMENTS).fill(-1);
groups.forEach((g, i) => {
  for (const p of g) groupOf[p] = i;
});
const byNoise = NOISES.map(() => ({ all: 0, found: 0 }));
ledger.kinds.forEach((kind, i) => {
  if (kind !== DOCUMENT_KINDS.indexOf('duplicate')) return;
  const original = ledger.labels[i] as number;
  const found = groupOf[i] !== -1 && groupOf[i] === groupOf[original];
  NOISES.forEach((_, b) => {
    if (((ledger.noiseBits[i] as number) & (1 << b)) === 0) return;
    (byNoise[b] as { all: number }).all++;
    if (found) (byNoise[b] as { found: number }).found++;
  });
});
console.log(
  `\n${markdownTable(
    ['noise', 'duplicates', 'found', 'recall'],
    NOISES.map((n, b) => {
      const { all, found } = byNoise[b] as { all: number; found: number };
      return [n, all, found, all ? (found / all).toFixed(3) : '–'];
    }),
  )}`,
);
const wrong = new Map<string, number>();
for (const g of groups) {
  for (let i = 0; i < g.length; i++) {
    for (let j = i + 1; j < g.length; j++) {
      const [a, b] = [g[i] as number, g[j] as number];
      if (ledger.labels[a] === ledger.labels[b]) continue;
      const key = [DOCUMENT_KINDS[ledger.kinds[a] as number], DOCUMENT_KINDS[ledger.kinds[b] as number]].sort().join(' + ');
      wrong.set(key, (wrong.get(key) ?? 0) + 1);
    }
  }
}
console.log(`wrong pairs by kind: ${[...wrong].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);

// Incremental: the history in an index, then each new document checked against it alone.
started = performance.now();
const index = new DuplicateIndex(ledger.documents);
const indexMs = performance.now() - started;
const probes = makeProbes(ledger, CHECKS);
for (const probe of probes.slice(0, 50)) index.check(probe.doc); // warm-up, not counted
const times: number[] = [];
let duplicatesFound = 0;
let duplicateProbes = 0;
let falseAlarms = 0;
for (const probe of probes) {
  const t0 = performance.now();
  const matches = index.check(probe.doc);
  times.push(performance.now() - t0);
  if (probe.duplicates.size > 0) {
    duplicateProbes++;
    if (matches.some((m) => probe.duplicates.has(m.id))) duplicatesFound++;
  } else if (matches.length > 0) falseAlarms++;
}
times.sort((a, b) => a - b);
console.log(
  `\n${markdownTable(
    ['incremental figure', 'value'],
    [
      ['index built from the history', `${(indexMs / 1000).toFixed(1)} s, ${index.size.toLocaleString('en')} documents`],
      ['checks (one new document each)', times.length],
      [
        'p50 / p95 / p99 / max ms',
        `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))} / ${ms(percentile(times, 99))} / ${ms(times.at(-1) ?? Number.NaN)}`,
      ],
      ['re-entered documents found', `${duplicatesFound} / ${duplicateProbes}`],
      ['new documents flagged', `${falseAlarms} / ${probes.length - duplicateProbes}`],
      ['peak RSS of the process', mb(peakRss())],
    ],
  )}`,
);
console.log(`\nload average at the end ${load()}`);
