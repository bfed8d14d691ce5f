/**
 * Scores engines on a judged query set: each engine answers every query, each answer is graded by
 * the query's own rules, and nDCG@k and reciprocal rank are summarised overall, per class and for
 * the queries written in Thai script. Used by run-eval.ts and the search benchmark.
 */
import type { Product } from '@grocery/core';
import type { JudgedQuery } from './judgement-rules.ts';
import { ndcgAt, reciprocalRank } from './metrics.ts';

/** An engine under test: the cprcodes it answers for a query, best first. */
export type RankedEngine = (query: JudgedQuery, text: string, limit: number) => string[];

/** One query's outcome for every engine. */
export interface QueryOutcome<E extends string> {
  query: JudgedQuery;
  text: string;
  /** Products of the catalog graded 2. */
  exact: number;
  ndcg: Record<E, number>;
  rr: Record<E, number>;
  /** The top three answers as "name [grade]". */
  top: Record<E, string[]>;
}

/** Means over a subset of outcomes. */
export interface RelevanceSummary<E extends string> {
  label: string;
  queries: number;
  ndcg: Record<E, number>;
  mrr: Record<E, number>;
}

/** True when the text holds a Thai letter: such queries make the "Thai" subset. */
function isThaiText(text: string): boolean {
  return /[\u0e01-\u0e4e]/u.test(text);
}

/** Runs every query through every engine and grades the answers. */
export function evaluateQueries<E extends string>(
  queries: readonly JudgedQuery[],
  products: readonly Product[],
  engines: Record<E, RankedEngine>,
  k = 10,
): QueryOutcome<E>[] {
  const byCprcode = new Map(products.map((p) => [p.cprcode, p]));
  const names = Object.keys(engines) as E[];
  return queries.map((query) => {
    const text = typeof query.text === 'string' ? query.text : query.text(products);
    const allGrades = products.map((p) => query.judge(p, text)).filter((g) => g > 0);
    const outcome: QueryOutcome<E> = {
      query,
      text,
      exact: allGrades.filter((g) => g === 2).length,
      ndcg: {} as Record<E, number>,
      rr: {} as Record<E, number>,
      top: {} as Record<E, string[]>,
    };
    for (const name of names) {
      const found = engines[name](query, text, k).map((id) => byCprcode.get(id)!);
      const grades = found.map((p) => query.judge(p, text));
      outcome.ndcg[name] = ndcgAt(k, grades, allGrades);
      outcome.rr[name] = reciprocalRank(grades, 2);
      outcome.top[name] = found.slice(0, 3).map((p, i) => `${p.nameEn} [${grades[i]}]`);
    }
    return outcome;
  });
}

/** Summaries: all queries, those in Thai script, then each class in order of first appearance. */
export function summariseOutcomes<E extends string>(
  outcomes: readonly QueryOutcome<E>[],
  engines: readonly E[],
): RelevanceSummary<E>[] {
  const summary = (label: string, subset: readonly QueryOutcome<E>[]): RelevanceSummary<E> => {
    const mean = (pick: (o: QueryOutcome<E>) => number) =>
      subset.length === 0 ? 0 : subset.reduce((sum, o) => sum + pick(o), 0) / subset.length;
    return {
      label,
      queries: subset.length,
      ndcg: Object.fromEntries(engines.map((e) => [e, mean((o) => o.ndcg[e])])) as Record<E, number>,
      mrr: Object.fromEntries(engines.map((e) => [e, mean((o) => o.rr[e])])) as Record<E, number>,
    };
  };
  const classes = [...new Set(outcomes.map((o) => o.query.cls))];
  return [
    summary('all', outcomes),
    summary(
      'in Thai script',
      outcomes.filter((o) => isThaiText(o.text)),
    ),
    ...classes.map((cls) =>
      summary(
        cls,
        outcomes.filter((o) => o.query.cls === cls),
      ),
    ),
  ];
}
