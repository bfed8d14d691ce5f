import MarkdownIt from 'markdown-it';
import type { Env, Token } from 'markdown-it';
import { escapeHtml as h } from '@grocery/core/http';
import { headingSlug } from './markdown-text.ts';

/** A heading of a rendered page, for its table of contents. */
export interface PageHeading {
  level: number;
  text: string;
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: PageHeading[];
}

interface RenderEnv extends Env {
  headings: PageHeading[];
  used: Map<string, number>;
}

/**
 * Markdown to HTML for the guide. Raw HTML in the source is escaped, not passed through (markdown-it
 * `html: false`), and links are limited to http(s), mailto and in-page targets, so text that comes
 * from data (schema and OpenAPI descriptions) can never inject markup. Headings get GitHub-style ids.
 *
 * @example
 * renderMarkdown('# Quick start\n\nRun `npm start`.').headings // [{ level: 1, text: 'Quick start', id: 'quick-start' }]
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const env: RenderEnv = { headings: [], used: new Map() };
  // HTML comments are notes for the repository's editors; they are not content.
  const source = markdown.replace(/^<!--[\s\S]*?-->[ \t]*$/gm, '');
  return { html: md.render(source, env), headings: env.headings };
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

const SAFE_LINK = /^(https?:|mailto:|#|\/(?!\/))/i;
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

md.core.ruler.push('heading_ids', (state) => {
  const env = state.env as unknown as RenderEnv;
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = inlineText(state.tokens[index + 1]);
    const base = headingSlug(text) || 'section';
    const seen = env.used.get(base) ?? 0;
    env.used.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen}`;
    token.attrSet('id', id);
    env.headings.push({ level: Number(token.tag.slice(1)), text, id });
  });
});

function inlineText(token: Token | undefined): string {
  return (token?.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : ''))
    .join('');
}

md.renderer.rules.heading_close = (tokens, index) => {
  const open = tokens[index - 2];
  const id = open?.attrGet('id');
  const anchor = id ? `<a class="anchor" href="#${h(id)}" aria-label="Link to this section">#</a>` : '';
  return `${anchor}</${tokens[index]!.tag}>\n`;
};

md.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index]!;
  const lang = token.info.trim().split(/\s+/)[0] ?? '';
  const label = lang ? ` data-lang="${h(lang)}"` : '';
  return `<pre class="code"${label}><code${lang ? ` class="language-${h(lang)}"` : ''}>${h(token.content)}</code></pre>\n`;
};

md.renderer.rules.table_open = () => '<div class="table-wrap"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';
