import type { HttpHandler } from '@grocery/core/http';
import { createDocsHandler } from './docs-handler.ts';
import { referencePages, writtenPages } from './guide-sources.ts';
import { renderMarkdown, type PageHeading } from './markdown-renderer.ts';

/** Version of the interface the guide describes (spec "Versioning"). */
export const GUIDE_VERSION = '0.1.0';

export interface DocsOptions {
  /** {base_url}: every link the guide hands out is built from it, never from a request's Host. */
  publicBaseUrl: string;
  /** {search_url}. */
  searchUrl: string;
  /** {shop_url}: payment-link pages and the demo shop. */
  shopUrl: string;
  /** The Cognito-compatible endpoint shoppers sign up at ({base_url}/idp for the embedded pool). */
  idpUrl: string;
  /** The repository root holding docs/guide and openapi (found from this file by default). */
  rootDir?: string;
}

/** One page of the guide, as served. */
export interface DocsPage {
  slug: string;
  title: string;
  /** The page's name in the sidebar (its title unless the reading order names it). */
  nav: string;
  group: string;
  /** Absolute URL of the page. */
  url: string;
  /** The page's markdown, placeholders filled and page links made absolute. */
  markdown: string;
  html: string;
  headings: PageHeading[];
}

export interface Docs {
  /** Every page in reading order: the written guide, then the generated references. */
  pages: readonly DocsPage[];
  /** The whole guide as one markdown document (`GET /docs/guide.md` and `shop://docs`). */
  markdown(): string;
  /** Serves `/docs`, `/docs/<page>`, `/docs/<page>.md` and `/docs/guide.md`. */
  handler: HttpHandler;
}

/** The page served at `/docs` itself. */
const HOME = 'overview';

/**
 * The guide a partner engineer reads first: the written pages under docs/guide and reference
 * pages generated, when the docs are created, from schema.graphql, the OpenAPI documents, the MCP
 * tool catalog and the error codes, so that they cannot drift from what is served.
 *
 * @example
 * const docs = createDocs({ publicBaseUrl, searchUrl, shopUrl, idpUrl: `${publicBaseUrl}/idp` });
 * createApiRouter({ docs: docs.handler, … }); createMcpHandler({ docsMarkdown: docs.markdown, … });
 */
export function createDocs(options: DocsOptions): Docs {
  const root = options.rootDir ?? new URL('../../../', import.meta.url).pathname;
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const home = `${base}/docs`;
  const urlOf = (slug: string) => (slug === HOME ? home : `${home}/${slug}`);
  const placeholders: Record<string, string> = {
    base_url: base,
    search_url: options.searchUrl.replace(/\/+$/, ''),
    shop_url: options.shopUrl.replace(/\/+$/, ''),
    idp_url: options.idpUrl.replace(/\/+$/, ''),
  };

  const sources = [...writtenPages(root), ...referencePages(root, base, urlOf, placeholders)];
  const finish = pageFinisher(placeholders, new Set(sources.map((source) => source.slug)), urlOf);
  const pages: DocsPage[] = sources.map((source) => {
    const markdown = finish(source.markdown);
    const rendered = renderMarkdown(markdown);
    return {
      slug: source.slug,
      title: source.title,
      nav: source.nav,
      group: source.group,
      url: urlOf(source.slug),
      markdown,
      html: rendered.html,
      headings: rendered.headings,
    };
  });
  const whole =
    [
      `<!-- The Partner Grocery Commerce API guide, version ${GUIDE_VERSION}, as one document. Pages are also served one by one under ${home}. -->`,
      '',
      ...pages.map((page) => page.markdown.trimEnd()),
    ].join('\n\n') + '\n';

  const handler = createDocsHandler({ pages, homeSlug: HOME, home, whole, version: GUIDE_VERSION });
  return { pages, markdown: () => whole, handler };
}

/** Fills `{base_url}`-style placeholders and turns `slug.md#anchor` links to known pages into absolute URLs. */
function pageFinisher(
  placeholders: Record<string, string>,
  known: ReadonlySet<string>,
  urlOf: (slug: string) => string,
): (markdown: string) => string {
  return (markdown) =>
    markdown
      .replace(/\{(base_url|search_url|shop_url|idp_url)\}/g, (_whole, name: string) => placeholders[name]!)
      // Page links are written as `slug.md#anchor`; served, they are absolute URLs of the configured host.
      .replace(/\]\(([a-z0-9-]+)\.md(#[^)\s]*)?\)/g, (whole, slug: string, anchor: string | undefined) =>
        known.has(slug) ? `](${urlOf(slug)}${anchor ?? ''})` : whole,
      );
}
