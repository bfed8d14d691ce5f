/** The name of a generated document's operation: its first definition (the fragments it uses follow it). */
export function operationName(document: string): string | null {
  return /^\s*(?:query|mutation)\s+(\w+)/.exec(document)?.[1] ?? null;
}
