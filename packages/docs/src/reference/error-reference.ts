import { ERROR_CODES } from '@grocery/core';
import { httpStatusOf } from '@grocery/core/http';
import { cell, code, table } from '../markdown-text.ts';
import { ERROR_USAGE, SURFACE_ERROR_CODES } from './error-catalog.ts';

/**
 * The error-code reference: every code of packages/core/src/errors.ts with its HTTP status (from
 * `httpStatusOf`), its meaning and the operations that return it, then the codes one surface adds.
 *
 * @example
 * errorReferenceMarkdown({ guideErrors: 'http://127.0.0.1:4000/docs/errors' })
 */
export function errorReferenceMarkdown(options: { guideErrors: string }): string {
  return [
    '# Error codes',
    '',
    `Generated from \`packages/core/src/errors.ts\` (the codes and their HTTP status) and the guide's map of which operations return each code. Codes are stable: a code is never renamed. How each surface carries a code is in [Errors](${options.guideErrors}).`,
    '',
    "The HTTP status applies where a code is the answer of an HTTP route (REST catalog, search service, payment-link pages, admin API, inbound webhooks). GraphQL answers domain errors with HTTP 200: in the mutation payload's `userErrors`, or in `errors[].extensions.code` for queries.",
    '',
    table(
      ['Code', 'HTTP', 'Meaning', 'Returned by'],
      ERROR_CODES.map((errorCode) => {
        const usage = ERROR_USAGE[errorCode];
        return [
          code(errorCode),
          String(httpStatusOf(errorCode)),
          cell(usage.meaning),
          usage.returnedBy.map(cell).join('; '),
        ];
      }),
    ),
    '',
    "Two answers keep a status other than the table's: the admin API and `/metrics` refuse a missing or wrong admin token with HTTP 401 and code `FORBIDDEN`; a wrong HTTP method is 405 with `INVALID_INPUT` (pay pages, search service, admin API, inbound webhooks) or `METHOD_NOT_ALLOWED` (REST catalog).",
    '',
    '## Codes of one surface',
    '',
    table(
      ['Code', 'HTTP', 'Meaning', 'Returned by'],
      SURFACE_ERROR_CODES.map((entry) => [code(entry.code), entry.status, cell(entry.meaning), cell(entry.returnedBy)]),
    ),
    '',
    "The identity provider answers with Cognito's own error names (`__type`, e.g. `CodeMismatchException`), not with these codes; see the identity provider page.",
    '',
  ].join('\n');
}
