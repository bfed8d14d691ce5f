import { htmlPage, pickLang, type HttpHandler, type HttpRequest, type HttpResponse } from '@grocery/core/http';
import type { ShopPublicConfig } from './shop-config.ts';
import { buildShopAssets, type ShopAssets } from './shop-assets.ts';

export interface ShopHandlerOptions {
  /**
   * The public settings; null while they are not known yet (the development partner is made after
   * the server starts listening), when the shop answers 503. Read on every request.
   */
  config: () => ShopPublicConfig | null;
  /** Minified bundle without source maps. */
  production?: boolean;
  /** Build at once instead of on the first request; the default in production, so that no shopper waits and a broken build shows in the log at start. */
  eager?: boolean;
  /** Told about a failed build (the shop then answers 500 until a later request builds it). */
  onError?: (error: unknown) => void;
}

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230f7a4a'/%3E%3Cpath d='M8 12h16l-2 11H10z' fill='%23fff'/%3E%3Cpath d='M12 12a4 4 0 0 1 8 0' stroke='%23fff' stroke-width='2' fill='none'/%3E%3C/svg%3E";

/**
 * The demo shop at `{shop_url}/shop`: the HTML shell for every page of the single-page app, the
 * bundle under `/shop/assets/`, and `/shop/config.json`. The shop itself runs in the browser and
 * talks only to the public surfaces: GraphQL, the identity provider and the payment links.
 *
 * @example
 * const shop = createShopHandler({ config: () => shopPublicConfig({ ... }) });
 */
export function createShopHandler(options: ShopHandlerOptions): HttpHandler {
  const production = options.production ?? false;
  let assets: Promise<ShopAssets> | null = null;
  const built = () => {
    assets ??= buildShopAssets({ production }).catch((error: unknown) => {
      assets = null;
      throw error;
    });
    return assets;
  };
  if (options.eager ?? production) built().catch((error: unknown) => options.onError?.(error));

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return {
        status: 405,
        headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
        body: 'Use GET.',
      };
    }
    const config = options.config();
    if (!config)
      return text(503, 'The shop is starting or not configured (SHOP_PARTNER_KEY, SHOP_CLIENT_ID).', {
        'retry-after': '5',
      });

    if (request.path === '/shop/config.json') {
      return {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        },
        body: JSON.stringify(config),
      };
    }

    let bundle: ShopAssets;
    try {
      bundle = await built();
    } catch (error) {
      options.onError?.(error);
      return text(500, 'The shop could not be built. See the server log.');
    }

    if (request.path.startsWith('/shop/assets/')) {
      const file = bundle.files.get(request.path.slice('/shop/assets/'.length));
      if (!file) return text(404, 'No such file.');
      return {
        status: 200,
        headers: {
          'content-type': file.contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
        },
        body: file.body,
      };
    }
    return { status: 200, headers: shellHeaders(config), body: shell(bundle, request) };
  };
}

function text(status: number, body: string, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body,
  };
}

const origin = (url: string) => new URL(url).origin;

/** Scripts and styles only from the shop; network calls only to the API and the identity provider. */
function shellHeaders(config: ShopPublicConfig): Record<string, string> {
  const api = origin(config.graphqlUrl);
  const idp = origin(config.idpEndpoint);
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src 'self' data: ${api}`,
      `connect-src 'self' ${api} ${idp}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

/** The page every shop route starts from; the app renders into `#app`. */
function shell(bundle: ShopAssets, request: HttpRequest): string {
  const lang = pickLang(request);
  const loading = lang === 'th' ? 'กำลังโหลดร้านค้า…' : 'Loading the shop…';
  const noscript =
    lang === 'th'
      ? 'ร้านค้านี้ต้องใช้ JavaScript โปรดเปิดใช้งานแล้วโหลดหน้านี้ใหม่'
      : 'This shop needs JavaScript. Turn it on and reload the page.';
  return htmlPage({
    lang,
    title: 'Partner Grocery',
    head: `<meta name="description" content="Partner Grocery: a demo shop built only on the Partner Grocery Commerce API.">
<meta name="theme-color" content="#0f7a4a">
<link rel="icon" href="${FAVICON}">
<link rel="stylesheet" href="/shop/assets/${bundle.style}">
<script type="module" src="/shop/assets/${bundle.script}"></script>`,
    body: `<div id="app"><div class="boot" role="status">${loading}</div></div>
<noscript><p class="boot">${noscript}</p></noscript>`,
  });
}
