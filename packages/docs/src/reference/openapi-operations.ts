import { cell, code, table } from '../markdown-text.ts';
import { list, record, text, type Json, type Resolve } from './openapi-nodes.ts';
import { inlineObject, schemaType } from './openapi-schemas.ts';

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;

/** What every operation of one document is read against. */
export interface OperationContext {
  resolve: Resolve;
  /** The document's top-level `security`, for operations that do not name their own. */
  security: unknown[];
  securitySchemes: Json;
}

/** One section per operation of `paths` (`GET /products`) or `webhooks` (`Webhook order.updated (POST)`). */
export function operationSections(
  entries: [string, unknown][],
  kind: 'path' | 'webhook',
  ctx: OperationContext,
): string[] {
  return entries.flatMap(([name, item]) => {
    const pathItem = record(item);
    const shared = list(pathItem.parameters);
    return METHODS.filter((method) => method in pathItem).flatMap((method) =>
      operationSection(
        kind === 'path' ? `${method.toUpperCase()} ${name}` : `Webhook ${name} (${method.toUpperCase()})`,
        record(pathItem[method]),
        shared,
        ctx,
      ),
    );
  });
}

function operationSection(heading: string, op: Json, shared: unknown[], ctx: OperationContext): string[] {
  const { resolve } = ctx;
  const parameters = [...shared, ...list(op.parameters)].map(resolve);
  const opSecurity = Array.isArray(op.security) ? op.security : ctx.security;
  return [
    `### ${heading}`,
    '',
    op.summary ? `**${text(op.summary)}**${op.operationId ? ` (${code(text(op.operationId))})` : ''}` : '',
    '',
    text(op.description),
    '',
    `Authentication: ${securityText(opSecurity, ctx.securitySchemes)}.`,
    '',
    ...(parameters.length
      ? [
          table(
            ['Parameter', 'In', 'Type', 'Required', 'Description'],
            parameters.map((p) => [
              code(text(p.name)),
              text(p.in),
              schemaType(record(p.schema), resolve),
              p.required === true ? 'yes' : 'no',
              cell(text(p.description)),
            ]),
          ),
          '',
        ]
      : []),
    ...requestBodyLines(record(resolve(op.requestBody)), resolve),
    ...responseLines(Object.entries(record(op.responses)), resolve),
  ];
}

/** The request body's media types and schemas, with an inline object's fields. */
function requestBodyLines(body: Json, resolve: Resolve): string[] {
  if (!Object.keys(record(body.content)).length) return [];
  return [
    `Request body${body.required === true ? ' (required)' : ''}: ${Object.entries(record(body.content))
      .map(([media, content]) => `${code(media)} ${schemaType(record(record(content).schema), resolve)}`)
      .join('; ')}.`,
    '',
    ...Object.values(record(body.content)).flatMap((content) => inlineObject(record(record(content).schema), resolve)),
  ];
}

/** The responses as a table (status, description and headers, body), then the fields of inline bodies. */
function responseLines(responses: [string, unknown][], resolve: Resolve): string[] {
  return [
    table(
      ['Status', 'Description', 'Body'],
      responses.map(([status, raw]) => {
        const response = resolve(raw);
        const content = Object.entries(record(response.content));
        const headers = Object.keys(record(response.headers));
        return [
          code(status),
          cell(text(response.description)) + (headers.length ? ` Headers: ${headers.map(code).join(', ')}.` : ''),
          content
            .map(([media, value]) => `${code(media)} ${schemaType(record(record(value).schema), resolve)}`)
            .join('; '),
        ];
      }),
    ),
    '',
    // Inline response objects have no schema section to link to: their fields follow the table.
    ...responses.flatMap(([status, raw]) =>
      Object.values(record(resolve(raw).content)).flatMap((content) => {
        const fields = inlineObject(record(record(content).schema), resolve);
        return fields.length ? [`Body of ${code(status)}:`, '', ...fields] : [];
      }),
    ),
  ];
}

function securityText(requirements: unknown[], schemes: Json): string {
  if (requirements.length === 0) return 'none';
  return requirements
    .map(
      (requirement) =>
        Object.keys(record(requirement))
          .map((name) => {
            const scheme = record(schemes[name]);
            if (scheme.type === 'apiKey') return `header ${code(text(scheme.name))}`;
            if (scheme.type === 'http')
              return `${code(`Authorization: ${text(scheme.scheme) === 'bearer' ? 'Bearer' : text(scheme.scheme)} …`)}`;
            return code(name);
          })
          .join(' and ') || 'none',
    )
    .join(', or ');
}
