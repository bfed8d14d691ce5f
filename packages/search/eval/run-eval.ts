/**
 * Relevance evaluation: runs a judged query set through our index and through MiniSearch on the
 * same generated catalog, and writes nDCG@10 and MRR side by side, overall, for the queries in Thai
 * script and per query class. `--set judged` (judged-queries.ts) writes eval/report.md; `--set hard`
 * (hard-queries.ts) writes eval/hard-report.md.
 *
 * Usage: npx tsx packages/search/eval/run-eval.ts [--set judged|hard] [--count 40000] [--out path]
 */
import { writeFileSync } from 'node:fs';
import { buildSearchIndex, documentFromProduct } from '../src/index.ts';
import { generateCorpus } from './corpus.ts';
import { HARD_QUERIES } from './hard-queries.ts';
import { JUDGED_QUERIES } from './judged-queries.ts';
import type { JudgedQuery } from './judgement-rules.ts';
import { createMiniSearchBaseline } from './minisearch-baseline.ts';
import { evaluateQueries, summariseOutcomes, type RankedEngine, type RelevanceSummary } from './relevance.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : fallback;
};
const set = option('set', 'judged');
if (set !== 'judged' && set !== 'hard') throw new Error(`--set must be judged or hard, not ${set}`);
const count = Number(option('count', '40000'));
const out = option('out', new URL(set === 'hard' ? './hard-report.md' : './report.md', import.meta.url).pathname);
const queries: readonly JudgedQuery[] = set === 'hard' ? HARD_QUERIES : JUDGED_QUERIES;
const K = 10;

const products = generateCorpus(count);
const docs = products.map((p) => documentFromProduct(p, null));

let started = performance.now();
const ours = buildSearchIndex(docs);
const oursBuildMs = performance.now() - started;
started = performance.now();
const mini = createMiniSearchBaseline(docs);
const miniBuildMs = performance.now() - started;
started = performance.now();
const miniThai = createMiniSearchBaseline(docs, { thaiSegmentation: true });
const miniThaiBuildMs = performance.now() - started;

type EngineName = 'ours' | 'minisearch' | 'minisearchThai';
const engines: Record<EngineName, RankedEngine> = {
  ours: (q, text, limit) => ours.search({ query: text, lang: q.lang, limit, mode: q.mode }).map((h) => h.cprcode),
  minisearch: (_q, text, limit) => mini.search(text, limit),
  minisearchThai: (_q, text, limit) => miniThai.search(text, limit),
};
const rows = evaluateQueries(queries, products, engines, K);
const summaries = summariseOutcomes(rows, ['ours', 'minisearch', 'minisearchThai']);
const problems = rows
  .filter((r) => r.exact === 0)
  .map((r) => `${r.query.id} "${r.text}": no product in the catalog is judged exact (grade 2)`);

const f = (v: number) => v.toFixed(3);
const line = (s: RelevanceSummary<EngineName>) =>
  `| ${s.label === 'all' ? '**all**' : s.label} | ${s.queries} | **${f(s.ndcg.ours)}** | ${f(s.ndcg.minisearch)} | ${f(s.ndcg.minisearchThai)} | ${f(s.ndcg.ours - s.ndcg.minisearch)} | **${f(s.mrr.ours)}** | ${f(s.mrr.minisearch)} | ${f(s.mrr.minisearchThai)} |`;
const all = summaries[0]!;
const thai = summaries[1]!;
const weakCount = rows.filter((r) => r.ndcg.ours < 0.5).length;
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
// Issue 31's targets: the hard set at 0.97 overall and in Thai, the judged set kept at 0.975, no query below 0.5.
const targets =
  set === 'hard'
    ? `Targets: nDCG@10 at least 0.97 overall (${f(all.ndcg.ours)}: ${met(all.ndcg.ours >= 0.97)}) and on the queries in Thai script (${f(thai.ndcg.ours)}: ${met(thai.ndcg.ours >= 0.97)}), at least 0.15 above MiniSearch (Δ ${f(all.ndcg.ours - all.ndcg.minisearch)}: ${met(all.ndcg.ours - all.ndcg.minisearch >= 0.15)}), no query below 0.5 (${weakCount}: ${met(weakCount === 0)}).`
    : `Targets: nDCG@10 at least 0.975 (${f(all.ndcg.ours)}: ${met(all.ndcg.ours >= 0.975)}), at least 0.15 above MiniSearch (Δ ${f(all.ndcg.ours - all.ndcg.minisearch)}: ${met(all.ndcg.ours - all.ndcg.minisearch >= 0.15)}; against MiniSearch with Thai segmentation Δ ${f(all.ndcg.ours - all.ndcg.minisearchThai)}), no query below 0.5 (${weakCount}: ${met(weakCount === 0)}).`;

const report = [
  set === 'hard' ? `# Search relevance report: hard queries` : `# Search relevance report`,
  ``,
  `Corpus: the grocer simulator's generated catalog, ${count.toLocaleString('en')} products (seed 1). ${rows.length} judged queries (packages/search/eval/${set === 'hard' ? 'hard-queries.ts' : 'judged-queries.ts'}), graded by rules over product attributes: 2 = exactly what was asked, 1 = related.`,
  `Metrics: nDCG@${K} (gain 2^grade − 1, ideal from every judged product in the corpus) and MRR (first grade-2 result). Ours runs each query in its mode (SEMANTIC; AUTOCOMPLETE for the prefix class) and language.`,
  `Baselines: MiniSearch 7 with fields like ours, keywords included, boosts (names 3, brand 2, category 1.5, keywords 1.2, codes 5), fuzzy 0.2, prefix, OR; and the same with a Thai word segmenter (Intl.Segmenter) as its tokenizer, which MiniSearch lacks by default.`,
  `Build time: ours ${oursBuildMs.toFixed(0)} ms, MiniSearch ${miniBuildMs.toFixed(0)} ms, MiniSearch + Thai segmenter ${miniThaiBuildMs.toFixed(0)} ms.`,
  ``,
  `| Class | Queries | nDCG@10 ours | MiniSearch | MiniSearch + Thai seg. | Δ vs MiniSearch | MRR ours | MiniSearch | MiniSearch + Thai seg. |`,
  `| --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  ...summaries.map(line),
  ``,
  targets,
  ``,
  ...(problems.length > 0 ? [`## Judgement problems`, ``, ...problems.map((p) => `- ${p}`), ``] : []),
  `## Our weakest queries (nDCG@10 < 0.5)`,
  ``,
  `| Query | Class | Lang | nDCG ours | MiniSearch | Our top 3 [grade] |`,
  `| --- | --- | --- | --- | --- | --- |`,
  ...rows
    .filter((r) => r.ndcg.ours < 0.5)
    .sort((a, b) => a.ndcg.ours - b.ndcg.ours)
    .map(
      (r) =>
        `| ${r.text} | ${r.query.cls} | ${r.query.lang} | ${f(r.ndcg.ours)} | ${f(r.ndcg.minisearch)} | ${r.top.ours.join('; ')} |`,
    ),
  ``,
  `## Every query`,
  ``,
  `| Id | Query | Lang | Exact in corpus | nDCG ours | MiniSearch | MiniSearch + Thai seg. | RR ours | RR MiniSearch |`,
  `| --- | --- | --- | --- | --- | --- | --- | --- | --- |`,
  ...rows.map(
    (r) =>
      `| ${r.query.id} | ${r.text} | ${r.query.lang} | ${r.exact} | ${f(r.ndcg.ours)} | ${f(r.ndcg.minisearch)} | ${f(r.ndcg.minisearchThai)} | ${f(r.rr.ours)} | ${f(r.rr.minisearch)} |`,
  ),
  ``,
].join('\n');

writeFileSync(out, report);
console.log(
  report
    .split('\n')
    .slice(0, 14 + summaries.length)
    .join('\n'),
);
console.log(`\nreport written to ${out}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
