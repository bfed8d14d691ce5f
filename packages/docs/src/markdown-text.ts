/** Small helpers for writing markdown from data: table cells, inline code, anchors. */

/**
 * The anchor id of a heading, as GitHub makes it: lower case, punctuation dropped, spaces as
 * hyphens. Generated pages link with it, and the renderer gives headings the same ids.
 *
 * @example
 * headingSlug('Query.product') // 'queryproduct'
 */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Text for one markdown table cell: pipes escaped, line breaks folded. */
export function cell(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** Inline code that survives any backticks inside it. */
export function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * A markdown table. Descriptions go through `cell` first; any pipe still bare in a cell (inside
 * inline code, say) is escaped here, which GFM tables honour inside code spans too.
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/(?<!\\)\|/g, '\\|')).join(' | ')} |`;
  return [line(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Shifts every ATX heading of embedded markdown down so that it nests under the caller's level. */
export function demoteHeadings(markdown: string, below: number): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return line;
      const match = /^(#{1,6})(\s.*)$/.exec(line);
      return match ? `${'#'.repeat(Math.min(6, match[1]!.length + below))}${match[2]}` : line;
    })
    .join('\n');
}
