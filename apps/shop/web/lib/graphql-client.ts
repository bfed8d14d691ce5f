import { ApiError } from './api-error.ts';
import { currentIdToken, refreshSession, sessionStore } from './auth-session.ts';
import { operationName } from './operation-name.ts';
import type { TypedDocumentString, UserErrorFieldsFragment } from '../generated/operations.ts';
import { shopConfig } from './shop-config.ts';

export { ApiError };

interface GraphQLBody<R> {
  data?: R | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

export interface CallOptions {
  /** Send the shopper's id token (shopper-scoped fields). */
  auth?: boolean;
  /** Sent as `Idempotency-Key` (orderCreate), so a retried click cannot order twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

async function post<R, V>(
  document: TypedDocumentString<R, V>,
  variables: V,
  options: CallOptions,
  token: string | null,
): Promise<GraphQLBody<R>> {
  const config = shopConfig();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-partner-key': config.partnerKey,
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(config.graphqlUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: document.toString(),
        variables,
        operationName: operationName(document.toString()),
      }),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK', 'The shop could not be reached.');
  }
  const body = (await response.json().catch(() => null)) as GraphQLBody<R> | null;
  if (!body || (!body.data && !body.errors?.length))
    throw new ApiError(`HTTP_${response.status}`, `The API answered ${response.status}.`);
  return body;
}

/** Queries refuse a shopper as a GraphQL error, mutations as a user error: either means "sign in again". */
function unauthenticated<R>(body: GraphQLBody<R>): boolean {
  if (body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return true;
  const payloads = body.data && typeof body.data === 'object' ? Object.values(body.data) : [];
  return payloads.some((p: unknown) => {
    const errors = p && typeof p === 'object' ? (p as { userErrors?: unknown }).userErrors : undefined;
    return (
      Array.isArray(errors) &&
      errors.some((e: unknown) => (e as UserErrorFieldsFragment | null)?.code === 'UNAUTHENTICATED')
    );
  });
}

/**
 * Runs one operation and returns its data; any top-level error is thrown as an `ApiError`. A
 * shopper call refused as UNAUTHENTICATED is tried once more with freshly refreshed tokens.
 */
export async function graphql<R, V>(
  document: TypedDocumentString<R, V>,
  variables: V,
  options: CallOptions = {},
): Promise<R> {
  const token = options.auth ? await currentIdToken() : null;
  if (options.auth && !token) throw new ApiError('UNAUTHENTICATED', 'Sign in first.');
  let body = await post(document, variables, options, token);
  if (options.auth && unauthenticated(body)) {
    const refreshed = await refreshSession();
    if (!refreshed) throw new ApiError('UNAUTHENTICATED', 'Sign in again.');
    body = await post(document, variables, options, refreshed.idToken);
    if (unauthenticated(body)) sessionStore.set(null);
  }
  const first = body.errors?.[0];
  if (first) throw new ApiError(first.extensions?.code ?? 'INTERNAL', first.message, first.extensions?.field ?? null);
  return body.data as R;
}

/** A mutation payload's result, or its first user error thrown as an `ApiError`. */
export function payloadOrThrow<P extends { userErrors: UserErrorFieldsFragment[] }>(payload: P): P {
  const error = payload.userErrors[0];
  if (error) {
    if (error.code === 'UNAUTHENTICATED') sessionStore.set(null);
    throw new ApiError(error.code, error.message, error.field);
  }
  return payload;
}
