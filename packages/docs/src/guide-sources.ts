import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { schemaSdl } from '@grocery/core';
import { toolCatalog } from '@grocery/mcp';
import { parse as parseYaml } from 'yaml';
import { errorReferenceMarkdown } from './reference/error-reference.ts';
import { graphqlReferenceMarkdown } from './reference/graphql-reference.ts';
import { mcpReferenceMarkdown } from './reference/mcp-reference.ts';
import { openapiReferenceMarkdown, type OpenApiDocument } from './reference/openapi-reference.ts';

/** One page's markdown as written or generated, before placeholders and page links are filled. */
export interface PageSource {
  slug: string;
  title: string;
  nav: string;
  group: string;
  markdown: string;
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
  { slug: 'agents-acp', group: 'Surfaces', nav: 'AI agents (ACP)' },
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
  { slug: 'reference-acp', file: 'acp.yaml', title: 'Agentic Commerce Protocol (ACP) reference' },
  { slug: 'reference-ucp', file: 'ucp.yaml', title: 'Universal Commerce Protocol (UCP) reference' },
] as const;

/** The written pages of `<root>/docs/guide`, in the reading order of GUIDE_PAGES. */
export function writtenPages(root: string): PageSource[] {
  const guideDir = `${root}/docs/guide`;
  const listed = new Set(GUIDE_PAGES.map((page) => `${page.slug}.md`));
  const stray = readdirSync(guideDir).filter((file) => file.endsWith('.md') && !listed.has(file));
  if (stray.length > 0)
    throw new Error(`docs/guide: ${stray.join(', ')} not in GUIDE_PAGES; add each to the reading order`);
  return GUIDE_PAGES.map(({ slug, group, nav }) => {
    const markdown = readFileSync(`${guideDir}/${slug}.md`, 'utf8');
    return { slug, title: titleOf(markdown, slug), nav: nav ?? titleOf(markdown, slug), group, markdown };
  });
}

/** The reference pages, generated from schema.graphql, the MCP tool catalog, `<root>/openapi/*.yaml` and the error codes. */
export function referencePages(
  root: string,
  base: string,
  urlOf: (slug: string) => string,
  servers: Record<string, string>,
): PageSource[] {
  const reference = (slug: string, markdown: string) => ({
    slug,
    title: titleOf(markdown, slug),
    nav: titleOf(markdown, slug),
    group: 'Reference',
    markdown,
  });
  const pages = [
    reference('reference-graphql', graphqlReferenceMarkdown(schemaSdl, { baseUrl: base })),
    reference('reference-mcp', mcpReferenceMarkdown(toolCatalog, { graphqlReference: urlOf('reference-graphql') })),
  ];
  for (const page of OPENAPI_PAGES) {
    const path = `${root}/openapi/${page.file}`;
    if (!existsSync(path))
      throw new Error(`openapi/${page.file} is missing; the guide's ${page.title} is generated from it`);
    const document = parseYaml(readFileSync(path, 'utf8')) as OpenApiDocument;
    pages.push(
      reference(
        page.slug,
        openapiReferenceMarkdown(document, { title: page.title, source: `openapi/${page.file}`, servers }),
      ),
    );
  }
  pages.push(reference('reference-errors', errorReferenceMarkdown({ guideErrors: urlOf('errors') })));
  return pages;
}

function titleOf(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}
