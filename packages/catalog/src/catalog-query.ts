import { CommerceError, LIMITS } from '@grocery/core';
import {
  isRecordField,
  RECORD_FIELDS,
  type CatalogLang,
  type FeatherLang,
  type RecordField,
} from './catalog-record.ts';
import { categoryKey } from '@grocery/search';
import { searchWords } from './search-text.ts';

/** `GET /v1/products` parameters, validated and normalised. */
export interface ListQuery {
  lang: CatalogLang;
  page: number;
  size: number;
  /** The search text as given (trimmed), or null. */
  q: string | null;
  /** `q` folded into the words that must all match. */
  words: string[];
  /** The category filter folded into an index key, or null. */
  category: string | null;
  active: boolean | null;
  /** Fields to keep, in record order, or null for whole records. */
  fields: RecordField[] | null;
}

export const LIST_PARAMS = ['lang', 'page', 'size', 'q', 'category', 'active', 'fields'] as const;
/** Longest `category` value accepted (a category name or code is far shorter). */
const MAX_CATEGORY_LENGTH = 200;
const MAX_PAGE = 1_000_000_000;

function invalid(field: string, message: string): CommerceError {
  return new CommerceError('INVALID_INPUT', message, { field });
}

/**
 * Refuses parameters the route does not know and parameters given more than once (which one
 * would win is a guess), with a message that names them.
 */
export function assertParams(params: URLSearchParams, allowed: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!allowed.includes(name)) {
      const known = allowed.length > 0 ? `Known parameters: ${allowed.join(', ')}.` : 'This route takes no parameters.';
      throw invalid(name, `Unknown query parameter "${name}". ${known}`);
    }
    if (seen.has(name))
      throw invalid(name, `Parameter "${name}" is given ${params.getAll(name).length} times; give it once.`);
    seen.add(name);
  }
}

/** `lang`, one of `allowed`, defaulting to `en`. */
export function parseLang<L extends FeatherLang>(params: URLSearchParams, allowed: readonly L[]): L {
  const value = params.get('lang');
  if (value === null) return 'en' as L;
  if ((allowed as readonly string[]).includes(value)) return value as L;
  throw invalid('lang', `lang must be one of ${allowed.join(', ')}; got "${value}".`);
}

function parseInteger(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const value = params.get(name);
  if (value === null) return fallback;
  const range = `from ${min} to ${max}`;
  if (!/^[0-9]{1,10}$/.test(value))
    throw invalid(name, `${name} must be a whole number ${range}; got "${value.slice(0, 40)}".`);
  const number = Number(value);
  if (number < min || number > max) throw invalid(name, `${name} must be a whole number ${range}; got ${number}.`);
  return number;
}

function parseText(params: URLSearchParams, name: string, max: number): string | null {
  const value = params.get(name);
  if (value === null) return null;
  const length = [...value].length;
  if (length > max) throw invalid(name, `${name} must be at most ${max} characters; got ${length}.`);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function parseFields(params: URLSearchParams): RecordField[] | null {
  const value = params.get('fields');
  if (value === null) return null;
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0)
    throw invalid('fields', `fields must name at least one field. Known fields: ${RECORD_FIELDS.join(', ')}.`);
  const unknown = names.filter((name) => !isRecordField(name));
  if (unknown.length > 0) {
    throw invalid(
      'fields',
      `Unknown field${unknown.length > 1 ? 's' : ''} in fields: ${unknown.map((n) => n.slice(0, 40)).join(', ')}. Known fields: ${RECORD_FIELDS.join(', ')}.`,
    );
  }
  const wanted = new Set(names);
  return RECORD_FIELDS.filter((field) => wanted.has(field));
}

/**
 * Validates and normalises `GET /v1/products` parameters; throws `INVALID_INPUT` naming the
 * parameter. Limits over the maximum are refused, never clamped (DESIGN.md §4).
 */
export function parseListQuery(params: URLSearchParams): ListQuery {
  assertParams(params, LIST_PARAMS);
  const lang = parseLang<CatalogLang>(params, ['en', 'th']);
  const page = parseInteger(params, 'page', 1, 1, MAX_PAGE);
  const size = parseInteger(params, 'size', LIMITS.defaultRestPageSize, 1, LIMITS.maxRestPageSize);
  const q = parseText(params, 'q', LIMITS.maxQueryLength);
  const category = parseText(params, 'category', MAX_CATEGORY_LENGTH);
  const activeText = params.get('active');
  if (activeText !== null && activeText !== 'true' && activeText !== 'false')
    throw invalid('active', `active must be true or false; got "${activeText.slice(0, 40)}".`);
  const words = searchWords(q);
  // Folded as the snapshot's category indexes are.
  const key = category === null ? null : categoryKey(category);
  return {
    lang,
    page,
    size,
    q: words.length === 0 ? null : q,
    words,
    category: key === '' ? null : key,
    active: activeText === null ? null : activeText === 'true',
    fields: parseFields(params),
  };
}

/** The query in canonical form: equal for requests that must get equal answers (the ETag's input). */
export function listQueryKey(query: ListQuery): string {
  return JSON.stringify([query.lang, query.page, query.size, query.words, query.category, query.active, query.fields]);
}
