/**
 * The online category tree found in the documents: one node per distinct path of one, two or
 * three levels, with English and Thai names and the grocer's code, and the keys a `category`
 * filter may name (any level's English or Thai name, or its grocer code).
 */
import type { SearchDocument } from './search-document.ts';
import { normalizeText } from './normalizer.ts';

/** One node of the tree. */
export interface CategoryNode {
  id: number;
  /** 1, 2 or 3. */
  level: number;
  parent: number;
  nameEn: string;
  nameTh: string;
  code: string;
}

/** Nodes, each document's node per level, and the filter keys. */
export interface CategoryTree {
  nodes: CategoryNode[];
  /** Node id of each document at level 1, 2 and 3. */
  docL1: Uint32Array;
  docL2: Uint32Array;
  docL3: Uint32Array;
  /** Normalised name or code → the nodes it names. */
  keys: Map<string, number[]>;
}

/** Builds the tree of `docs` in one pass. */
export function buildCategoryTree(docs: readonly SearchDocument[]): CategoryTree {
  const nodes: CategoryNode[] = [];
  const byPath = new Map<string, number>();
  const docL1 = new Uint32Array(docs.length);
  const docL2 = new Uint32Array(docs.length);
  const docL3 = new Uint32Array(docs.length);
  const levels = [docL1, docL2, docL3];
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d]!;
    let parent = -1;
    let path = '';
    for (let level = 0; level < 3; level++) {
      path += `${doc.categoryEn[level] ?? ''}\u0000`;
      let id = byPath.get(path);
      if (id === undefined) {
        id = nodes.length;
        nodes.push({
          id,
          level: level + 1,
          parent,
          nameEn: doc.categoryEn[level] ?? '',
          nameTh: doc.categoryTh[level] ?? '',
          code: doc.grocerCategoryCodes[level] ?? '',
        });
        byPath.set(path, id);
      }
      levels[level]![d] = id;
      parent = id;
    }
  }
  const keys = new Map<string, number[]>();
  const addKey = (raw: string, id: number) => {
    const key = categoryKey(raw);
    if (key === '') return;
    const list = keys.get(key);
    if (list === undefined) keys.set(key, [id]);
    else if (!list.includes(id)) list.push(id);
  };
  for (const node of nodes) {
    addKey(node.nameEn, node.id);
    addKey(node.nameTh, node.id);
    addKey(node.code, node.id);
  }
  return { nodes, docL1, docL2, docL3, keys };
}

/**
 * How a category name or code is compared, by the search index and the catalog's category filters
 * alike: normalised text, so case and punctuation do not matter.
 *
 * @example
 * categoryKey('Milk & Dairy') === categoryKey('milk dairy')
 */
export function categoryKey(value: string): string {
  return normalizeText(value.slice(0, 200));
}
