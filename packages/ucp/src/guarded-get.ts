import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  BlockedAddressError,
  checkUrlSyntax,
  guardedLookup,
  systemResolveAll,
  type ResolveAll,
} from '@grocery/webhooks';
import { UcpError } from './ucp-error.ts';

/** Who a URL belongs to: a production partner's caller (https, public addresses) or a sandbox one (also http to loopback). */
export type ProfileFetchPolicy = 'production' | 'sandbox';

/** A fetched document: status, the header fields the fetcher reads, and the body bytes. */
export interface FetchedDocument {
  status: number;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  body: Uint8Array;
}

export interface FetchDocumentOptions {
  policy: ProfileFetchPolicy;
  timeoutMs: number;
  /** Longest body read; a longer one fails. */
  maxBytes: number;
}

/**
 * How the profile fetcher GETs a URL. It answers any HTTP status (the fetcher judges it) and throws
 * a UcpError when it cannot: `invalid_profile_url` for a URL or address the guard refuses,
 * `profile_unreachable` for network failures and timeouts, `profile_malformed` for a body over `maxBytes`.
 */
export type FetchDocument = (url: URL, options: FetchDocumentOptions) => Promise<FetchedDocument>;

export interface GuardedGetOptions {
  /** Resolves host names (the system resolver by default); every address is checked at connection time. */
  resolveAll?: ResolveAll;
  /** Whether sandbox URLs may reach loopback (default true); a production deployment may turn it off. */
  sandboxLoopback?: boolean;
}

function failure(error: unknown, url: URL, timedOut: boolean, timeoutMs: number): UcpError {
  if (error instanceof UcpError) return error;
  if (timedOut) return new UcpError('profile_unreachable', `No answer from ${url.host} within ${timeoutMs} ms.`);
  if (error instanceof BlockedAddressError)
    return new UcpError('invalid_profile_url', `The profile URL is not allowed: ${error.message}.`, { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  return new UcpError('profile_unreachable', `Unable to fetch ${url.host}: ${code ?? (error as Error).message}.`, {
    cause: error,
  });
}

function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    const tooLarge = () =>
      new UcpError('profile_malformed', `The profile at ${url.host} is larger than ${maxBytes} bytes.`);
    if (declared > maxBytes) {
      response.destroy();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    response.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        response.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', reject);
  });
}

/**
 * A `FetchDocument` over node:http(s) behind @grocery/webhooks' SSRF guard (the URL's syntax, and
 * every address the host resolves to, checked at connection time), with a hard timeout, a size cap,
 * no redirects followed and a fresh connection per fetch.
 *
 * @example
 * const fetcher = createProfileFetcher({ fetchDocument: createGuardedGet() });
 */
export function createGuardedGet(options: GuardedGetOptions = {}): FetchDocument {
  const resolveAll = options.resolveAll ?? systemResolveAll;
  return (url, { policy, timeoutMs, maxBytes }) => {
    const effective = options.sandboxLoopback === false ? 'production' : policy;
    const syntax = checkUrlSyntax(url.href, effective);
    if (!syntax.ok)
      return Promise.reject(new UcpError('invalid_profile_url', `The profile URL is not allowed: ${syntax.reason}.`));
    const signal = AbortSignal.timeout(timeoutMs);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<FetchedDocument>((resolve, reject) => {
      const fail = (error: unknown) => reject(failure(error, url, signal.aborted, timeoutMs));
      const request = send(
        url,
        {
          method: 'GET',
          headers: { accept: 'application/json' },
          lookup: guardedLookup(effective, resolveAll),
          // A pooled socket would skip the address check.
          agent: false,
          signal,
        },
        (response) => {
          const headers = {
            'cache-control': response.headers['cache-control'],
            'content-type': response.headers['content-type'],
          };
          readBody(response, url, maxBytes).then(
            (body) => resolve({ status: response.statusCode ?? 0, headers, body }),
            fail,
          );
        },
      );
      request.on('error', fail);
      request.end();
    });
  };
}
