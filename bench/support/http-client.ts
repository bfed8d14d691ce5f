/**
 * A lean HTTP client for benchmarks: node:http on kept-alive connections. The client shares the
 * process (and the two cores) with the server under test, so it should cost as little as it can;
 * fetch's web streams cost several times as much per request and would be measured as the server's.
 */
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  body: Buffer;
}

type Send = (
  url: string,
  options?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<HttpAnswer>;

export interface HttpClient {
  send: Send;
  /** POSTs a GraphQL request and parses the answer. */
  postGraphql: <T>(
    url: string,
    headers: Record<string, string>,
    query: string,
    variables: Record<string, unknown>,
  ) => Promise<{ status: number; data: T | null; errors?: unknown }>;
  close(): void;
}

/** A client with its own connection pool: `maxSockets` connections per host (as many callers as run at once). */
export function createHttpClient(options: { maxSockets: number }): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets });
  const send: Send = (url, options = {}) =>
    new Promise((resolve, reject) => {
      const headers =
        options.body === undefined
          ? options.headers
          : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
      const req = request(url, { method: options.method ?? 'GET', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(options.body);
    });
  return {
    send,
    postGraphql: async <T>(
      url: string,
      headers: Record<string, string>,
      query: string,
      variables: Record<string, unknown>,
    ) => {
      const answer = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      const parsed = JSON.parse(answer.body.toString('utf8')) as { data?: T; errors?: unknown };
      return { status: answer.status, data: parsed.data ?? null, ...(parsed.errors ? { errors: parsed.errors } : {}) };
    },
    close: () => agent.destroy(),
  };
}

const shared = createHttpClient({ maxSockets: 16 });

export const send: Send = shared.send;

/** POSTs a GraphQL request and parses the answer. */
export const postGraphql: HttpClient['postGraphql'] = shared.postGraphql;
