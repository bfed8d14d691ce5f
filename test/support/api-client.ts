/**
 * Calls a running API the way a partner, a shopper's app and an operator do: GraphQL with the
 * partner key (and a shopper's token), the admin API with the admin token, and sign-up through the
 * embedded identity provider. Used by the in-process test system and by API child processes alike.
 */
import { ShopperSignIn } from './shopper-sign-in.ts';

export interface GraphQLResult<T = Record<string, unknown>> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
}

export interface GraphQLRequestOptions {
  /** A shopper's id token, sent as `Authorization: Bearer`. */
  token?: string;
  /** Another partner's key instead of the client's own. */
  partnerKey?: string;
  headers?: Record<string, string>;
}

export interface ApiCredentials {
  partnerKey: string;
  /** The partner's app client at the identity provider. */
  clientId: string;
  adminToken: string;
}

export interface ApiClient {
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: GraphQLRequestOptions,
  ): Promise<GraphQLResult<T>>;
  /** Signs a new shopper up and in (password, then the e-mailed code) and returns the id token. */
  signUpShopper(email?: string, clientId?: string): Promise<{ idToken: string; email: string }>;
  /** The newest code the identity provider e-mailed to `email` since `since` (Unix ms). */
  mailboxCode(email: string, since: number): Promise<string>;
  /** Calls the admin API. */
  admin(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close: () => void;
}

let shopperCounter = 0;

/**
 * A client of the API at `baseUrl` with a partner's and the operator's credentials.
 *
 * @example
 * const client = createApiClient(api.origin, { partnerKey, clientId, adminToken });
 * const { idToken } = await client.signUpShopper();
 * const basket = await client.graphql('{ basket { lines { cprcode } } }', {}, { token: idToken });
 */
export function createApiClient(baseUrl: string, credentials: ApiCredentials): ApiClient {
  const shoppers = new ShopperSignIn(baseUrl);
  return {
    async graphql(query, variables = {}, options = {}) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-partner-key': options.partnerKey ?? credentials.partnerKey,
        ...options.headers,
      };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: never; errors?: GraphQLResult['errors'] };
      return { status: response.status, data: body.data ?? null, ...(body.errors ? { errors: body.errors } : {}) };
    },
    async signUpShopper(
      email = `shopper${++shopperCounter}.${process.pid}@example.com`,
      clientId = credentials.clientId,
    ) {
      return { idToken: await shoppers.signUp(clientId, email), email };
    },
    mailboxCode: (email, since) => shoppers.mailboxCode(email, since),
    async admin(method, path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${credentials.adminToken}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    close: () => shoppers.close(),
  };
}
