import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { HttpRequest, HttpResponse } from '@grocery/core/http';
import { cognitoEndpointForIssuer, createShopHandler, shopPublicConfig, type ShopPublicConfig } from '../src/index.ts';

const config: ShopPublicConfig = shopPublicConfig({
  publicBaseUrl: 'http://127.0.0.1:4000',
  shopUrl: 'http://shop.test:4100',
  partnerKey: 'pk_test_abc123',
  clientId: 'client1',
  idpEndpoint: 'https://idp.test/idp',
  devMailbox: true,
});

function get(
  path: string,
  options: { method?: string; query?: string; headers?: Record<string, string> } = {},
): HttpRequest {
  return {
    method: options.method ?? 'GET',
    path,
    query: new URLSearchParams(options.query ?? ''),
    headers: options.headers ?? {},
    body: new Uint8Array(),
  };
}

const text = (response: HttpResponse) =>
  typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? new Uint8Array());

/** Lines of code that start indented: none in minified code (the GraphQL documents in it keep their line breaks). */
const indentedStatements = (js: string) =>
  js.split('\n').filter((line) => /^\s+(const|let|var|return|function|if)\b/.test(line)).length;

describe('shop handler', () => {
  const shop = createShopHandler({ config: () => config });

  test('public config: URLs from the settings, the sandbox flag from the key', () => {
    assert.deepEqual(config, {
      graphqlUrl: 'http://127.0.0.1:4000/graphql',
      partnerKey: 'pk_test_abc123',
      clientId: 'client1',
      idpEndpoint: 'https://idp.test/idp/',
      devMailboxUrl: 'https://idp.test/idp/dev/mailbox/',
      shopUrl: 'http://shop.test:4100/shop',
      sandbox: true,
    });
    assert.equal(
      shopPublicConfig({
        ...config,
        publicBaseUrl: 'https://api.test',
        shopUrl: 'https://api.test',
        partnerKey: 'pk_live_x',
        idpEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com/',
        devMailbox: false,
      }).sandbox,
      false,
    );
    assert.equal(
      cognitoEndpointForIssuer('https://cognito-idp.ap-southeast-1.amazonaws.com/ap-southeast-1_AbC123'),
      'https://cognito-idp.ap-southeast-1.amazonaws.com/',
    );
    assert.equal(cognitoEndpointForIssuer('http://127.0.0.1:4000/idp'), null);
  });

  test('config.json serves the public settings', async () => {
    const response = await shop(get('/shop/config.json'));
    assert.equal(response.status, 200);
    assert.match(response.headers['content-type']!, /^application\/json/);
    assert.deepEqual(JSON.parse(text(response)), config);
  });

  test('every shop route gets the shell, whose script and stylesheet are served with long caching', async () => {
    for (const path of ['/shop', '/shop/', '/shop/basket', '/shop/p/1234567', '/shop/order']) {
      const response = await shop(get(path));
      assert.equal(response.status, 200, path);
      assert.match(text(response), /<div id="app">/);
    }
    const shell = await shop(get('/shop/'));
    const csp = shell.headers['content-security-policy']!;
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /connect-src 'self' http:\/\/127\.0\.0\.1:4000 https:\/\/idp\.test/);
    assert.match(csp, /frame-ancestors 'none'/);
    const script = /src="\/shop\/assets\/(app-[\w-]+\.js)"/.exec(text(shell))?.[1];
    const style = /href="\/shop\/assets\/(app-[\w-]+\.css)"/.exec(text(shell))?.[1];
    assert.ok(script && style, 'the shell names the bundle');
    const js = await shop(get(`/shop/assets/${script}`));
    assert.equal(js.status, 200);
    assert.match(js.headers['content-type']!, /^text\/javascript/);
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(text(js), /shop\.session/, 'the app itself is in the bundle');
    assert.match(text(js), /sourceMappingURL=app-[\w-]+\.js\.map/, 'development builds link a source map');
    const css = await shop(get(`/shop/assets/${style}`));
    assert.match(css.headers['content-type']!, /^text\/css/);
    assert.match(text(css), /--brand:/);
  });

  test('the shell speaks Thai to a Thai browser or ?lang=th', async () => {
    assert.match(
      text(await shop(get('/shop/', { headers: { 'accept-language': 'th-TH,th;q=0.9' } }))),
      /<html lang="th">/,
    );
    assert.match(text(await shop(get('/shop/', { query: 'lang=th' }))), /กำลังโหลดร้านค้า/);
    assert.match(
      text(await shop(get('/shop/', { query: 'lang=en', headers: { 'accept-language': 'th' } }))),
      /<html lang="en">/,
    );
  });

  test('unknown assets, other methods, and a shop without keys', async () => {
    assert.equal((await shop(get('/shop/assets/app-NOPE.js'))).status, 404);
    const post = await shop(get('/shop/', { method: 'POST' }));
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    const unconfigured = createShopHandler({ config: () => null });
    const response = await unconfigured(get('/shop/'));
    assert.equal(response.status, 503);
    assert.match(text(response), /SHOP_PARTNER_KEY/);
  });
});

test('shop handler: production builds are minified without source maps', async () => {
  const production = createShopHandler({ config: () => config, production: true });
  const shell = text(await production(get('/shop/')));
  const script = /src="\/shop\/assets\/(app-[\w-]+\.js)"/.exec(shell)![1]!;
  const js = text(await production(get(`/shop/assets/${script}`)));
  assert.doesNotMatch(js, /sourceMappingURL/);
  assert.equal(indentedStatements(js), 0, 'minified');
  assert.equal((await production(get(`/shop/assets/${script}.map`))).status, 404);
});
