/** A JSON object of a parsed OpenAPI document; read through the narrowing helpers below. */
export type Json = Record<string, unknown>;

/** Follows a node's local `$ref` (`#/components/…`), transitively, to the object it names. */
export type Resolve = (value: unknown) => Json;

export function record(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The `$ref` resolver of one document; a ref that leads nowhere resolves to `{}`. */
export function refResolver(document: Json): Resolve {
  const resolve: Resolve = (value) => {
    const node = record(value);
    const ref = text(node.$ref);
    if (!ref.startsWith('#/')) return node;
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) target = record(target)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return resolve(target);
  };
  return resolve;
}
