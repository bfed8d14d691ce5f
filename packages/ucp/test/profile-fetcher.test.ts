import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  createGuardedGet,
  createProfileFetcher,
  isUcpError,
  type ProfileFetcherOptions,
  type UcpErrorCode,
} from '../src/index.ts';
import { profileTtlSeconds } from '../src/profile-fetcher.ts';
import { platformProfile } from './support/profiles.ts';

/** What each path of the test server answers. */
const routes: Record<
  string,
  { status?: number; headers?: Record<string, string>; body?: string | Buffer; delayMs?: number; chunks?: number }
> = {
  '/ok': { headers: { 'cache-control': 'public, max-age=120' }, body: JSON.stringify(platformProfile()) },
  '/short': { headers: { 'cache-control': 'public, max-age=5' }, body: JSON.stringify(platformProfile()) },
  '/long': { headers: { 'cache-control': 'public, max-age=999999' }, body: JSON.stringify(platformProfile()) },
  '/none': { body: JSON.stringify(platformProfile()) },
  '/redirect': { status: 302, headers: { location: '/ok' } },
  '/error': { status: 500, body: 'oops' },
  '/slow': { delayMs: 1000, body: JSON.stringify(platformProfile()) },
  '/huge': { body: 'x'.repeat(20_000) },
  '/huge-chunked': { chunks: 40 },
  '/not-json': { body: '<html>' },
  '/not-utf8': { body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) },
  '/invalid': { body: JSON.stringify({ ucp: { version: '2026-04-08', services: {} } }) },
  '/old': { body: JSON.stringify({ ...platformProfile(), ucp: { ...platformProfile().ucp, version: '2026-01-11' } }) },
};
const hits = new Map<string, number>();
let server: Server;
let base: string;

before(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) return void response.writeHead(404).end();
    const answer = () => {
      if (route.chunks) {
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < route.chunks; i++) response.write('x'.repeat(1000));
        return void response.end();
      }
      response
        .writeHead(route.status ?? 200, { 'content-type': 'application/json', ...route.headers })
        .end(route.body ?? '');
    };
    if (route.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => hits.clear());

let clock = 1_800_000_000_000;
const advance = (seconds: number) => (clock += seconds * 1000);

function fetcher(options: ProfileFetcherOptions = {}) {
  return createProfileFetcher({ timeoutMs: 300, maxBytes: 10_000, now: () => clock, ...options });
}

async function assertRejects(promise: Promise<unknown>, code: UcpErrorCode, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (error) => {
    assert.ok(isUcpError(error), String(error));
    assert.equal(error.code, code, error.message);
    if (message) assert.match(error.message, message);
    return true;
  });
}

describe('createProfileFetcher', () => {
  test('fetches and validates a profile over loopback in the sandbox', async () => {
    const profile = await fetcher().fetch(`${base}/ok`, { policy: 'sandbox' });
    assert.equal(profile.ucp.version, '2026-04-08');
    assert.equal(profile.signing_keys?.[0]?.kid, 'platform_2025');
    assert.equal(
      profile.ucp.capabilities?.['dev.ucp.shopping.order']?.[0]?.config?.webhook_url,
      'https://platform.example.com/webhooks/ucp/orders',
    );
  });

  test('production refuses http and loopback; so does the sandbox when loopback is turned off', async () => {
    await assertRejects(fetcher().fetch(`${base}/ok`, { policy: 'production' }), 'invalid_profile_url', /not allowed/);
    const strict = fetcher({ fetchDocument: createGuardedGet({ sandboxLoopback: false }) });
    await assertRejects(strict.fetch(`${base}/ok`, { policy: 'sandbox' }), 'invalid_profile_url');
    await assertRejects(
      fetcher().fetch('https://10.0.0.1/p', { policy: 'production' }),
      'invalid_profile_url',
      /public address/,
    );
    await assertRejects(fetcher().fetch('not a url', { policy: 'sandbox' }), 'invalid_profile_url');
    assert.equal(hits.size, 0);
  });

  test('the guard judges the address a host name resolves to, at connection time', async () => {
    const port = (server.address() as AddressInfo).port;
    const resolveTo = (address: string) => async (): Promise<LookupAddress[]> => [{ address, family: 4 }];
    const toLoopback = fetcher({ fetchDocument: createGuardedGet({ resolveAll: resolveTo('127.0.0.1') }) });
    assert.equal(
      (await toLoopback.fetch(`http://localhost:${port}/ok`, { policy: 'sandbox' })).ucp.version,
      '2026-04-08',
    );
    const toPrivate = fetcher({ fetchDocument: createGuardedGet({ resolveAll: resolveTo('10.1.2.3') }) });
    await assertRejects(
      toPrivate.fetch(`http://localhost:${port}/ok`, { policy: 'sandbox' }),
      'invalid_profile_url',
      /10\.1\.2\.3/,
    );
  });

  test('caches for max-age, within a 60 s floor and a 3,600 s ceiling', async () => {
    const profiles = fetcher();
    await profiles.fetch(`${base}/ok`, { policy: 'sandbox' });
    await profiles.fetch(`${base}/short`, { policy: 'sandbox' });
    await profiles.fetch(`${base}/long`, { policy: 'sandbox' });
    await profiles.fetch(`${base}/none`, { policy: 'sandbox' });
    const fetchAll = async () => {
      for (const path of ['/ok', '/short', '/long', '/none'])
        await profiles.fetch(`${base}${path}`, { policy: 'sandbox' });
    };
    advance(59);
    await fetchAll();
    assert.deepEqual([...hits.values()], [1, 1, 1, 1]);
    advance(2); // 61 s: the floor is over for /short and /none
    await fetchAll();
    assert.deepEqual(Object.fromEntries(hits), { '/ok': 1, '/short': 2, '/long': 1, '/none': 2 });
    advance(60); // 121 s after /ok's fetch
    await fetchAll();
    assert.equal(hits.get('/ok'), 2);
    advance(3600);
    await fetchAll();
    assert.equal(hits.get('/long'), 2, 'the ceiling, not max-age=999999');
  });

  test('concurrent fetches of one profile share a request; policies are cached apart', async () => {
    const profiles = fetcher();
    const all = await Promise.all([1, 2, 3].map(() => profiles.fetch(`${base}/ok`, { policy: 'sandbox' })));
    assert.equal(all.length, 3);
    assert.equal(hits.get('/ok'), 1);
    await assertRejects(profiles.fetch(`${base}/ok`, { policy: 'production' }), 'invalid_profile_url');
  });

  test('redirects, errors and timeouts are profile_unreachable (424)', async () => {
    const profiles = fetcher();
    await assertRejects(
      profiles.fetch(`${base}/redirect`, { policy: 'sandbox' }),
      'profile_unreachable',
      /redirects \(302\)/,
    );
    assert.equal(hits.get('/ok'), undefined, 'the redirect is not followed');
    await assertRejects(profiles.fetch(`${base}/error`, { policy: 'sandbox' }), 'profile_unreachable', /HTTP 500/);
    await assertRejects(profiles.fetch(`${base}/missing`, { policy: 'sandbox' }), 'profile_unreachable', /HTTP 404/);
    await assertRejects(profiles.fetch(`${base}/slow`, { policy: 'sandbox' }), 'profile_unreachable', /within 300 ms/);
    const closed = `http://127.0.0.1:1/p`;
    await assertRejects(profiles.fetch(closed, { policy: 'sandbox' }), 'profile_unreachable', /ECONNREFUSED/);
  });

  test('too large, not JSON, or not a profile is profile_malformed (422)', async () => {
    const profiles = fetcher();
    await assertRejects(
      profiles.fetch(`${base}/huge`, { policy: 'sandbox' }),
      'profile_malformed',
      /larger than 10000 bytes/,
    );
    await assertRejects(
      profiles.fetch(`${base}/huge-chunked`, { policy: 'sandbox' }),
      'profile_malformed',
      /larger than/,
    );
    await assertRejects(
      profiles.fetch(`${base}/not-json`, { policy: 'sandbox' }),
      'profile_malformed',
      /not valid JSON/,
    );
    await assertRejects(
      profiles.fetch(`${base}/not-utf8`, { policy: 'sandbox' }),
      'profile_malformed',
      /not valid JSON/,
    );
    await assertRejects(
      profiles.fetch(`${base}/invalid`, { policy: 'sandbox' }),
      'profile_malformed',
      /profile schema/,
    );
  });

  test('a profile of another protocol version is version_unsupported (422) unless served', async () => {
    await assertRejects(fetcher().fetch(`${base}/old`, { policy: 'sandbox' }), 'version_unsupported', /2026-01-11/);
    const older = fetcher({ supportedVersions: ['2026-04-08', '2026-01-11'] });
    assert.equal((await older.fetch(`${base}/old`, { policy: 'sandbox' })).ucp.version, '2026-01-11');
  });

  test('a failure is remembered for 10 s before the profile is fetched again', async () => {
    const profiles = fetcher();
    await assertRejects(profiles.fetch(`${base}/error`, { policy: 'sandbox' }), 'profile_unreachable');
    await assertRejects(profiles.fetch(`${base}/error`, { policy: 'sandbox' }), 'profile_unreachable');
    assert.equal(hits.get('/error'), 1);
    advance(11);
    await assertRejects(profiles.fetch(`${base}/error`, { policy: 'sandbox' }), 'profile_unreachable');
    assert.equal(hits.get('/error'), 2);
  });

  test('forceRefresh fetches again at most once per TTL floor per origin', async () => {
    const profiles = fetcher();
    await profiles.fetch(`${base}/ok`, { policy: 'sandbox' });
    await profiles.fetch(`${base}/ok`, { policy: 'sandbox', forceRefresh: true });
    assert.equal(hits.get('/ok'), 2);
    await profiles.fetch(`${base}/ok`, { policy: 'sandbox', forceRefresh: true });
    await profiles.fetch(`${base}/long`, { policy: 'sandbox' });
    await profiles.fetch(`${base}/long`, { policy: 'sandbox', forceRefresh: true });
    assert.deepEqual(Object.fromEntries(hits), { '/ok': 2, '/long': 1 });
    advance(61);
    await profiles.fetch(`${base}/long`, { policy: 'sandbox', forceRefresh: true });
    assert.equal(hits.get('/long'), 2);
  });

  test('the cache holds at most maxEntries profiles', async () => {
    const profiles = fetcher({ maxEntries: 2 });
    for (const path of ['/ok', '/short', '/long', '/ok']) await profiles.fetch(`${base}${path}`, { policy: 'sandbox' });
    assert.equal(hits.get('/ok'), 2);
  });
});

describe('profileTtlSeconds', () => {
  test('reads max-age among other directives and bounds it', () => {
    assert.equal(profileTtlSeconds('public, max-age=300', 60, 3600), 300);
    assert.equal(profileTtlSeconds('max-age=300, public', 60, 3600), 300);
    assert.equal(profileTtlSeconds('public,max-age="120"', 60, 3600), 120);
    assert.equal(profileTtlSeconds('public, max-age=10', 60, 3600), 60);
    assert.equal(profileTtlSeconds('s-maxage=300', 60, 3600), 60);
    assert.equal(profileTtlSeconds('no-store', 60, 3600), 60);
    assert.equal(profileTtlSeconds(undefined, 60, 3600), 60);
    assert.equal(profileTtlSeconds('max-age=99999999999', 60, 3600), 60);
  });
});
