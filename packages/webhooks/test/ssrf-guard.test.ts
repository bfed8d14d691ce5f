import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  checkUrlSyntax,
  checkWebhookUrl,
  createHttpWebhookSender,
  isAllowedAddress,
  type ResolveAll,
} from '../src/index.ts';

/** A resolver that answers from a table, as DNS would; rebinding hosts answer differently over time. */
function resolverOf(table: Record<string, string[] | (() => string[])>): ResolveAll {
  return async (hostname) => {
    const entry = table[hostname];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('isAllowedAddress', () => {
  const refusedEverywhere = [
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1', // private
    '169.254.169.254',
    '169.254.0.1', // link-local, cloud metadata
    '100.64.0.1',
    '100.100.100.200', // CGNAT (Alibaba metadata)
    '0.0.0.0',
    '0.1.2.3',
    '255.255.255.255',
    '224.0.0.1',
    '239.255.255.250', // unspecified, broadcast, multicast
    '192.0.0.192',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '240.0.0.1', // reserved, test nets
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1', // IPv6 unspecified, link-local, ULA (AWS metadata), multicast
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe', // IPv4-mapped
    '::10.0.0.1',
    '::a00:1', // IPv4-compatible
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2', // NAT64, 6to4, Teredo
    '2001:db8::1', // documentation
    'not-an-ip',
    '',
  ];
  for (const address of refusedEverywhere) {
    test(`refuses ${address || '(empty)'} for every partner`, () => {
      assert.equal(isAllowedAddress(address, 'production'), false);
      assert.equal(isAllowedAddress(address, 'sandbox'), false);
    });
  }

  test('loopback only for sandbox partners, in every spelling', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      assert.equal(isAllowedAddress(address, 'production'), false, address);
      assert.equal(isAllowedAddress(address, 'sandbox'), true, address);
    }
  });

  test('public unicast addresses pass', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      assert.equal(isAllowedAddress(address, 'production'), true, address);
    }
  });
});

describe('checkUrlSyntax and checkWebhookUrl', () => {
  const resolve = resolverOf({
    'hooks.partner.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'split.partner.example': ['93.184.215.14', '10.0.0.5'],
    'internal.partner.example': ['192.168.0.10'],
    'mapped.partner.example': ['::ffff:127.0.0.1'],
    localhost: ['127.0.0.1', '::1'],
  });

  test('production: https to hosts that resolve only to public addresses', async () => {
    assert.deepEqual(await checkWebhookUrl('https://hooks.partner.example/shop/events', 'production', resolve), {
      ok: true,
    });
    assert.deepEqual(await checkWebhookUrl('https://hooks.partner.example:8443/x?y=1', 'production', resolve), {
      ok: true,
    });
    const refused: [string, RegExp][] = [
      ['http://hooks.partner.example/x', /https/],
      ['https://split.partner.example/x', /10\.0\.0\.5/],
      ['https://internal.partner.example/x', /192\.168\.0\.10/],
      ['https://mapped.partner.example/x', /not a public address/],
      ['https://nowhere.partner.example/x', /does not resolve/],
      ['https://localhost/x', /loopback|sandbox/],
      ['https://127.0.0.1/x', /public/],
      ['https://2130706433/x', /public/], // 127.0.0.1 as one number
      ['https://0x7f.1/x', /public/],
      ['https://[::1]/x', /public/],
      ['https://[::ffff:169.254.169.254]/latest/meta-data', /public/],
      ['https://169.254.169.254/latest/meta-data', /public/],
      ['https://user:secret@hooks.partner.example/x', /credentials/],
      ['https://hooks.partner.example/x#frag', /fragment/],
      ['ftp://hooks.partner.example/x', /scheme/],
      ['file:///etc/passwd', /scheme/],
      ['javascript:alert(1)', /scheme/],
      ['/relative', /absolute/],
    ];
    for (const [url, reason] of refused) {
      const check = await checkWebhookUrl(url, 'production', resolve);
      assert.equal(check.ok, false, url);
      assert.match((check as { reason: string }).reason, reason, url);
    }
  });

  test('sandbox: also http to localhost and 127.0.0.1, never to private networks', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost:3000/hook',
      'http://[::1]:3000/hook',
      'https://hooks.partner.example/x',
    ]) {
      assert.deepEqual(await checkWebhookUrl(url, 'sandbox', resolve), { ok: true }, url);
    }
    for (const url of [
      'http://hooks.partner.example/x',
      'http://192.168.1.20/hook',
      'https://internal.partner.example/x',
      'http://169.254.169.254/',
    ]) {
      assert.equal((await checkWebhookUrl(url, 'sandbox', resolve)).ok, false, url);
    }
  });

  test('syntax alone needs no DNS', () => {
    assert.equal(checkUrlSyntax('https://hooks.partner.example/x', 'production').ok, true);
    assert.equal(checkUrlSyntax('https://10.1.2.3/x', 'production').ok, false);
  });
});

describe('createHttpWebhookSender', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/redirect') res.writeHead(307, { location: '/landing' }).end();
      else if (req.url === '/big') res.writeHead(500).end('e'.repeat(1_000_000));
      else if (req.url === '/hang') req.on('close', () => res.destroy());
      else res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (
    url: string,
    options: {
      policy?: 'production' | 'sandbox';
      timeoutMs?: number;
      resolveAll?: ResolveAll;
      signal?: AbortSignal;
    } = {},
  ) =>
    createHttpWebhookSender(options.resolveAll ? { resolveAll: options.resolveAll } : {}).send({
      url,
      policy: options.policy ?? 'sandbox',
      body: '{}',
      headers: { 'content-type': 'application/json' },
      timeoutMs: options.timeoutMs ?? 2_000,
      signal: options.signal,
    });

  test('answers with the status; redirects are not followed', async () => {
    hits.length = 0;
    assert.deepEqual(
      { ...(await send(`http://127.0.0.1:${port}/ok`)), latencyMs: 0 },
      { kind: 'response', status: 204, responseSnippet: '', latencyMs: 0 },
    );
    const redirected = await send(`http://localhost:${port}/redirect`);
    assert.equal(redirected.kind === 'response' && redirected.status, 307);
    assert.deepEqual(hits, ['/ok', '/redirect'], 'the redirect target was never asked');
  });

  test('a long response is cut to a bounded snippet', async () => {
    const result = await send(`http://127.0.0.1:${port}/big`);
    assert.equal(result.kind, 'response');
    assert.equal(result.kind === 'response' && result.responseSnippet.length, 1024);
  });

  test('times out, and stops when the dispatcher aborts', async () => {
    const timedOut = await send(`http://127.0.0.1:${port}/hang`, { timeoutMs: 100 });
    assert.equal(timedOut.kind === 'error' && timedOut.error, 'timeout');
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);
    const aborted = await send(`http://127.0.0.1:${port}/hang`, { signal: abort.signal });
    assert.equal(aborted.kind === 'error' && aborted.error, 'aborted');
  });

  test('loopback is refused for production endpoints before any connection', async () => {
    hits.length = 0;
    const result = await send(`http://127.0.0.1:${port}/ok`, { policy: 'production' });
    assert.equal(result.kind === 'error' && result.error, 'blocked');
    assert.deepEqual(hits, []);
  });

  test('DNS rebinding: a host that resolved to a public address at registration and to loopback at delivery is blocked', async () => {
    let calls = 0;
    // Public when the URL is registered, the machine itself when the webhook is sent.
    const rebinding = resolverOf({
      'rebind.partner.example': () => (calls++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']),
    });
    const sender = createHttpWebhookSender({ resolveAll: rebinding });
    assert.deepEqual(await sender.checkUrl(`https://rebind.partner.example:${port}/ok`, 'production'), { ok: true });
    hits.length = 0;
    const result = await sender.send({
      url: `https://rebind.partner.example:${port}/ok`,
      policy: 'production',
      body: '{}',
      headers: {},
      timeoutMs: 2_000,
    });
    assert.equal(result.kind === 'error' && result.error, 'blocked', JSON.stringify(result));
    assert.match(result.kind === 'error' ? result.message : '', /127\.0\.0\.1/);
    assert.deepEqual(hits, [], 'no connection was made');
  });

  test('a sandbox host name is resolved and checked at connection time too', async () => {
    const named = resolverOf({ 'dev.partner.test': ['127.0.0.1'], 'evil.partner.test': ['10.9.8.7'] });
    const ok = await send(`http://localhost:${port}/ok`, { resolveAll: resolverOf({ localhost: ['127.0.0.1'] }) });
    assert.equal(ok.kind === 'response' && ok.status, 204);
    // http to a non-loopback name is refused by syntax; https to a name resolving to a private address at connection time.
    assert.equal((await send(`http://dev.partner.test:${port}/ok`, { resolveAll: named })).kind, 'error');
    const evil = await send(`https://evil.partner.test:${port}/ok`, { resolveAll: named });
    assert.equal(evil.kind === 'error' && evil.error, 'blocked');
  });
});
