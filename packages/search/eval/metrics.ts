/** Ranking metrics over graded judgements: nDCG@k (exponential gain) and reciprocal rank. */

/** nDCG@k of `grades` (the grade of each returned result, in order) given every grade in the corpus. */
export function ndcgAt(k: number, grades: readonly number[], allGrades: readonly number[]): number {
  const dcg = grades.slice(0, k).reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  const ideal = [...allGrades].sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

/** 1 / rank of the first result with at least `minGrade`, 0 when none is returned. */
export function reciprocalRank(grades: readonly number[], minGrade: number): number {
  const index = grades.findIndex((g) => g >= minGrade);
  return index < 0 ? 0 : 1 / (index + 1);
}
