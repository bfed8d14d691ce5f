import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { readMailbox } from './dev-mailbox.ts';
import { normalizeEmail } from './email-address.ts';
import { CORS_HEADERS, json } from './pool-http.ts';

/** What the pool serves below its mount point. */
export interface PoolSurfaces {
  /** The Cognito JSON API, POSTed to `/`. */
  cognito(request: HttpRequest): Promise<HttpResponse>;
  /** `/.well-known/openid-configuration`. */
  discovery: object;
  /** `/.well-known/jwks.json`. */
  jwks(): Promise<unknown>;
  /** Development mode's `/dev/mailbox/<email>`: the directory mail is written to (null over SMTP), or undefined when off. */
  devMailboxDir: string | null | undefined;
}

/** Answers a request whose `path` is below the pool's mount point. */
export function createPoolRoutes(surfaces: PoolSurfaces): (request: HttpRequest) => Promise<HttpResponse> {
  return async (request) => {
    const method = request.method.toUpperCase();
    const path = request.path === '' ? '/' : request.path;
    if (method === 'OPTIONS') return { status: 204, headers: { ...CORS_HEADERS }, body: null };
    if (path === '/') {
      if (method !== 'POST')
        return json(405, { message: 'POST the Cognito JSON API here.' }, { allow: 'POST, OPTIONS' });
      return surfaces.cognito(request);
    }
    if (method !== 'GET' && method !== 'HEAD')
      return json(405, { message: 'Method not allowed.' }, { allow: 'GET, OPTIONS' });
    if (path === '/.well-known/openid-configuration')
      return json(200, surfaces.discovery, { 'cache-control': 'public, max-age=3600' });
    if (path === '/.well-known/jwks.json')
      return json(200, await surfaces.jwks(), { 'cache-control': 'public, max-age=300' });
    if (surfaces.devMailboxDir !== undefined && path.startsWith('/dev/mailbox/')) {
      let address: string;
      try {
        address = decodeURIComponent(path.slice('/dev/mailbox/'.length));
      } catch {
        return json(400, { message: 'Not an e-mail address.' });
      }
      return devMailbox(surfaces.devMailboxDir, address);
    }
    return json(404, { message: 'Not found.' });
  };
}

/** The development mailbox of one address, as JSON. */
async function devMailbox(mailboxDir: string | null, address: string): Promise<HttpResponse> {
  const email = normalizeEmail(address);
  if (email === null) return json(400, { message: 'Not an e-mail address.' });
  if (mailboxDir === null)
    return json(200, { email, messages: [], note: 'Mail goes over SMTP; nothing is kept here.' });
  return json(200, { email, messages: await readMailbox(mailboxDir, email) }, { 'cache-control': 'no-store' });
}
