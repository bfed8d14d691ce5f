import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { schemaSdl } from '@grocery/core';
import { errorResponse, escapeHtml as h, htmlPage, type HttpHandler, type HttpResponse, pageHeaders } from '@grocery/core/http';
import { toolCatalog } from '@grocery/mcp';
import { parse as parseYaml } from 'yaml';
import { renderLayout, type NavEntry } from './docs-layout.ts';
import { renderMarkdown, type PageHeading } from './markdown-renderer.ts';
import { errorReferenceMarkdown } from './reference/error-reference.ts';
import { graphqlReferenceMarkdown } from './reference/graphql-reference.ts';
import { mcpReferenceMarkdown } from './reference/mcp-reference.ts';
import { openapiReferenceMarkdown, type OpenApiDocument } from './reference/openapi-reference.ts';

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

/**
 * The written pages in reading order, each `docs/guide/<slug>.md`, with its sidebar group. A file in
 * docs/guide that is not listed here is a mistake the loader reports.
 */
export const GUIDE_PAGES: readonly { slug: string; group: string; nav?: string }[] = [
  { slug: 'overview', group: 'Start', nav: 'Overview' },
  { slug: 'quick-start', group: 'Start' },
  { slug: 'authentication', group: 'Concepts' },
  { slug: 'identity-provider', group: 'Concepts' },
  { slug: 'checkout', group: 'Concepts' },
  { slug: 'sandbox-and-production', group: 'Concepts' },
  { slug: 'graphql', group: 'Surfaces' },
  { slug: 'mcp', group: 'Surfaces' },
  { slug: 'catalog', group: 'Surfaces' },
  { slug: 'search', group: 'Surfaces' },
  { slug: 'payment-links', group: 'Surfaces' },
  { slug: 'webhooks', group: 'Surfaces' },
  { slug: 'agents-ucp', group: 'Surfaces', nav: 'AI agents (UCP)' },
  { slug: 'health', group: 'Surfaces' },
  { slug: 'errors', group: 'Rules' },
  { slug: 'limits', group: 'Rules' },
  { slug: 'rate-limits', group: 'Rules' },
  { slug: 'paging', group: 'Rules' },
  { slug: 'versioning', group: 'Rules' },
  { slug: 'admin-api', group: 'Operate' },
  { slug: 'go-live', group: 'Operate' },
  { slug: 'production-payments', group: 'Operate' },
  { slug: 'failures-and-recovery', group: 'Operate' },
];

/** The OpenAPI references, one page each. */
const OPENAPI_PAGES = [
  { slug: 'reference-catalog', file: 'catalog.yaml', title: 'REST catalog reference' },
  { slug: 'reference-search', file: 'search.yaml', title: 'Search service reference' },
  { slug: 'reference-pay', file: 'pay.yaml', title: 'Payment-link pages reference' },
  { slug: 'reference-webhooks', file: 'webhooks.yaml', title: 'Webhooks reference' },
  { slug: 'reference-admin', file: 'admin.yaml', title: 'Admin API reference' },
] as const;

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

  const sources: { slug: string; title: string; nav: string; group: string; markdown: string }[] = [];
  const guideDir = `${root}/docs/guide`;
  const listed = new Set(GUIDE_PAGES.map((page) => `${page.slug}.md`));
  const stray = readdirSync(guideDir).filter((file) => file.endsWith('.md') && !listed.has(file));
  if (stray.length > 0) throw new Error(`docs/guide: ${stray.join(', ')} not in GUIDE_PAGES; add each to the reading order`);
  for (const { slug, group, nav } of GUIDE_PAGES) {
    const markdown = readFileSync(`${guideDir}/${slug}.md`, 'utf8');
    sources.push({ slug, title: titleOf(markdown, slug), nav: nav ?? titleOf(markdown, slug), group, markdown });
  }

  const reference = (slug: string, markdown: string) => ({ slug, title: titleOf(markdown, slug), nav: titleOf(markdown, slug), group: 'Reference', markdown });
  sources.push(reference('reference-graphql', graphqlReferenceMarkdown(schemaSdl, { baseUrl: base })));
  sources.push(reference('reference-mcp', mcpReferenceMarkdown(toolCatalog, { graphqlReference: urlOf('reference-graphql') })));
  for (const page of OPENAPI_PAGES) {
    const path = `${root}/openapi/${page.file}`;
    if (!existsSync(path)) throw new Error(`openapi/${page.file} is missing; the guide's ${page.title} is generated from it`);
    const document = parseYaml(readFileSync(path, 'utf8')) as OpenApiDocument;
    sources.push(reference(page.slug, openapiReferenceMarkdown(document, { title: page.title, source: `openapi/${page.file}`, servers: placeholders })));
  }
  sources.push(reference('reference-errors', errorReferenceMarkdown({ guideErrors: urlOf('errors') })));

  const known = new Set(sources.map((source) => source.slug));
  const finish = (markdown: string): string =>
    markdown
      .replace(/\{(base_url|search_url|shop_url|idp_url)\}/g, (_whole, name: string) => placeholders[name]!)
      // Page links are written as `slug.md#anchor`; served, they are absolute URLs of the configured host.
      .replace(/\]\(([a-z0-9-]+)\.md(#[^)\s]*)?\)/g, (whole, slug: string, anchor: string | undefined) => (known.has(slug) ? `](${urlOf(slug)}${anchor ?? ''})` : whole));

  const pages: DocsPage[] = sources.map((source) => {
    const markdown = finish(source.markdown);
    const rendered = renderMarkdown(markdown);
    return { slug: source.slug, title: source.title, nav: source.nav, group: source.group, url: urlOf(source.slug), markdown, html: rendered.html, headings: rendered.headings };
  });
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const whole = [
    `<!-- The Partner Grocery Commerce API guide, version ${GUIDE_VERSION}, as one document. Pages are also served one by one under ${home}. -->`,
    '',
    ...pages.map((page) => page.markdown.trimEnd()),
  ].join('\n\n') + '\n';

  const htmlOf = new Map<string, string>();
  const pageHtml = (page: DocsPage): string => {
    let html = htmlOf.get(page.slug);
    if (html === undefined) {
      const index = pages.indexOf(page);
      const link = (other: DocsPage | undefined) => (other ? { title: other.nav, href: other.url } : null);
      html = renderLayout({
        title: page.title,
        bodyHtml: page.html,
        headings: page.headings,
        nav: pages.map((other): NavEntry => ({ group: other.group, title: other.nav, href: other.url, current: other === page })),
        previous: link(pages[index - 1]),
        next: link(pages[index + 1]),
        home,
        markdownHref: `${home}/${page.slug}.md`,
        version: GUIDE_VERSION,
      });
      htmlOf.set(page.slug, html);
    }
    return html;
  };

  const htmlHeaders = { ...pageHeaders(), 'cache-control': 'public, max-age=300' };
  const markdownHeaders = { 'content-type': 'text/markdown; charset=utf-8', 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' };
  const answer = (response: HttpResponse, head: boolean): HttpResponse => (head ? { ...response, body: null } : response);

  const handler: HttpHandler = async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse(405, 'INVALID_INPUT', 'The guide is read with GET.', {}, { allow: 'GET, HEAD' });
    }
    const head = request.method === 'HEAD';
    const path = request.path;
    if (path === '/docs') return answer({ status: 200, headers: htmlHeaders, body: pageHtml(bySlug.get(HOME)!) }, head);
    if (path === '/docs/' || path === `/docs/${HOME}`) return { status: 308, headers: { location: home }, body: null };
    if (path === '/docs/guide.md') return answer({ status: 200, headers: markdownHeaders, body: whole }, head);
    const match = /^\/docs\/([a-z0-9-]{1,64})(\.md)?$/.exec(path);
    const page = match ? bySlug.get(match[1]!) : undefined;
    if (page && match?.[2]) return answer({ status: 200, headers: markdownHeaders, body: page.markdown }, head);
    if (page) return answer({ status: 200, headers: htmlHeaders, body: pageHtml(page) }, head);
    return answer({ status: 404, headers: htmlHeaders, body: notFoundHtml(home, path) }, head);
  };

  return { pages, markdown: () => whole, handler };
}

function titleOf(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

function notFoundHtml(home: string, path: string): string {
  return htmlPage({
    lang: 'en',
    title: 'Not found · Partner Grocery Commerce API',
    body: `<main style="font:16px/1.6 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px"><h1>No such page</h1><p>There is no guide page at <code>${h(path.slice(0, 200))}</code>.</p><p><a href="${h(home)}">Go to the guide</a></p></main>`,
  });
}
