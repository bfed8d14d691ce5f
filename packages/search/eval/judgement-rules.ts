/**
 * Rules over product attributes that the judged query sets grade with: a product is exactly what a
 * query asked for, related to it, or neither. Rules read the English attributes, which are the
 * generator's canonical ones (every product carries both languages), so a judgement holds for any
 * catalog the generator makes and never depends on what an engine returns.
 */
import type { Product } from '@grocery/core';

export type Grade = 0 | 1 | 2;
export type Rule = (p: Product) => boolean;

/** One judged query. `text` may be derived from the catalog (barcodes); `judge` grades a product. */
export interface JudgedQuery<C extends string = string> {
  id: string;
  cls: C;
  lang: 'en' | 'th';
  mode: 'SEMANTIC' | 'AUTOCOMPLETE';
  text: string | ((products: readonly Product[]) => string);
  judge: (product: Product, text: string) => Grade;
}

const lower = (s: string | null) => (s ?? '').toLowerCase();
export const l1 =
  (...n: string[]): Rule =>
  (p) =>
    n.includes(p.category.l1);
export const l2 =
  (...n: string[]): Rule =>
  (p) =>
    n.includes(p.category.l2);
export const l3 =
  (...n: string[]): Rule =>
  (p) =>
    n.includes(p.category.l3);
/** The English name holds one of the phrases (case-insensitive). */
export const name =
  (...w: string[]): Rule =>
  (p) =>
    w.some((x) => lower(p.nameEn).includes(x.toLowerCase()));
export const brand =
  (...b: string[]): Rule =>
  (p) =>
    p.brandEn !== null && b.includes(p.brandEn);
/** The pack size as the generator writes it in English: "830 ml", "1 L", "320 ml x 6", "15 pcs". */
export const size =
  (...s: string[]): Rule =>
  (p) =>
    p.sizeDesc !== null && s.includes(p.sizeDesc);
export const and =
  (...r: Rule[]): Rule =>
  (p) =>
    r.every((f) => f(p));
export const or =
  (...r: Rule[]): Rule =>
  (p) =>
    r.some((f) => f(p));
export const not =
  (r: Rule): Rule =>
  (p) =>
    !r(p);
const never: Rule = () => false;

/** Grade 2 for `exact`, 1 for `related`, 0 otherwise. */
function grade(exact: Rule, related: Rule = never): (p: Product) => Grade {
  return (p) => (exact(p) ? 2 : related(p) ? 1 : 0);
}

/** A query list with `add` helpers that number ids per class (`typo-3`). */
export function querySet<C extends string>(defaultMode: (cls: C) => JudgedQuery['mode'] = () => 'SEMANTIC') {
  const queries: JudgedQuery<C>[] = [];
  const add = (
    cls: C,
    lang: 'en' | 'th',
    text: JudgedQuery['text'],
    exact: Rule,
    related: Rule = never,
    mode: JudgedQuery['mode'] = defaultMode(cls),
  ): void => {
    const judge = grade(exact, related);
    queries.push({
      id: `${cls}-${queries.filter((q) => q.cls === cls).length + 1}`,
      cls,
      lang,
      mode,
      text,
      judge: (p) => judge(p),
    });
  };
  return {
    queries,
    add,
    en: (cls: C, text: string, exact: Rule, related?: Rule) => add(cls, 'en', text, exact, related),
    th: (cls: C, text: string, exact: Rule, related?: Rule) => add(cls, 'th', text, exact, related),
  };
}
