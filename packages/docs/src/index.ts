/**
 * @grocery/docs: the guide a partner engineer reads first, served at `/docs` as HTML, at
 * `/docs/guide.md` as one markdown document, and to agents as the MCP resource `shop://docs`.
 * Written pages live in docs/guide; reference pages are generated from schema.graphql, openapi/*.yaml,
 * the MCP tool catalog and the error codes when the docs are created.
 * Every export of this file is public API of the package; anything not exported here is internal.
 */
export { createDocs, GUIDE_VERSION, type Docs, type DocsOptions, type DocsPage } from './docs-site.ts';
export { GUIDE_PAGES } from './guide-sources.ts';
export { renderMarkdown, type PageHeading, type RenderedMarkdown } from './markdown-renderer.ts';
export { headingSlug } from './markdown-text.ts';
export { graphqlReferenceMarkdown, SHOPPER_QUERIES } from './reference/graphql-reference.ts';
export { openapiReferenceMarkdown, type OpenApiDocument } from './reference/openapi-reference.ts';
export { mcpReferenceMarkdown } from './reference/mcp-reference.ts';
export { errorReferenceMarkdown } from './reference/error-reference.ts';
export { ERROR_USAGE, SURFACE_ERROR_CODES, type ErrorUsage } from './reference/error-catalog.ts';
