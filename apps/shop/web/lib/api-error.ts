/**
 * A failed API call, by the API's stable code: a `userErrors` code, a GraphQL error's
 * `extensions.code`, or `NETWORK` / `HTTP_<status>` when no answer could be read.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}
