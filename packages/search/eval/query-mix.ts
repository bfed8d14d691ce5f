/** The query mix of the search benchmark's latency runs: every judged query, then every hard one. */
import { HARD_QUERIES } from './hard-queries.ts';
import { JUDGED_QUERIES } from './judged-queries.ts';

export const BENCH_QUERY_MIX = [...JUDGED_QUERIES, ...HARD_QUERIES];
