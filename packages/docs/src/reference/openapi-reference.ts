import { code, demoteHeadings } from '../markdown-text.ts';
import { list, record, refResolver, text } from './openapi-nodes.ts';
import { operationSections } from './openapi-operations.ts';
import { schemaSection } from './openapi-schemas.ts';

/** A parsed OpenAPI 3.1 document (from YAML); read through the narrowing helpers of openapi-nodes.ts. */
export type OpenApiDocument = Record<string, unknown>;

/**
 * A reference page generated from one OpenAPI document: servers, security, every path and webhook
 * operation with its parameters, body and responses, then every schema with its properties.
 *
 * @example
 * openapiReferenceMarkdown(parse(readFileSync('openapi/catalog.yaml', 'utf8')), { title: 'REST catalog reference', source: 'openapi/catalog.yaml' })
 */
export function openapiReferenceMarkdown(
  document: OpenApiDocument,
  options: { title: string; source: string; servers?: Record<string, string> },
): string {
  const resolve = refResolver(document);
  const info = record(document.info);
  const components = record(document.components);
  const schemas = record(components.schemas);
  const ctx = { resolve, security: list(document.security), securitySchemes: record(components.securitySchemes) };

  const servers = list(document.servers).map(record);
  const webhooks = Object.entries(record(document.webhooks));
  const paths = Object.entries(record(document.paths));
  return [
    `# ${options.title}`,
    '',
    `Generated from ${code(options.source)} (${code(text(info.title))}, version ${text(info.version)}).`,
    '',
    demoteHeadings(text(info.description), 2),
    '',
    servers.length
      ? `Server: ${servers.map((s) => code(serverUrl(text(s.url), options.servers ?? {}))).join(', ')}.`
      : '',
    '',
    ...(paths.length ? ['## Operations', '', ...operationSections(paths, 'path', ctx)] : []),
    ...(webhooks.length
      ? ['## Webhooks (sent by the service)', '', ...operationSections(webhooks, 'webhook', ctx)]
      : []),
    ...(Object.keys(schemas).length
      ? ['## Schemas', '', ...Object.entries(schemas).flatMap((entry) => schemaSection(entry, resolve))]
      : []),
  ].join('\n');
}

function serverUrl(url: string, values: Record<string, string>): string {
  return url.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
