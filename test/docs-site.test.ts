/**
 * The guide as a partner engineer meets it, against the real system: every /docs page renders in
 * headless Chromium without console errors, every internal link and anchor resolves, the main
 * pages are photographed, and /docs/guide.md is exactly what the MCP resource shop://docs serves.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, SCREENSHOT_DIR } from './support/browser.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('the guide at /docs', () => {
  let t: TestSystem;
  let browser: Browser;

  before(async () => {
    // The browser first: without one the suite fails at once, leaving no system running.
    browser = await launchBrowser();
    t = await startTestSystem();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('every page renders without console errors, and every internal link and anchor resolves', async () => {
    const base = t.baseUrl;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: console ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));

    const visited = new Map<string, Set<string>>();
    const anchorsWanted: { from: string; url: string; id: string }[] = [];
    const otherLinks = new Set<string>();
    const queue = [`${base}/docs`];
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (visited.has(url)) continue;
      const response = await page.goto(url);
      assert.equal(response?.status(), 200, url);
      assert.match(response!.headers()['content-security-policy'] ?? '', /default-src 'none'/, `${url}: CSP`);
      const { ids, hrefs, h1 } = await page.evaluate(() => ({
        ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
        hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
        h1: document.querySelector('h1')?.textContent ?? '',
      }));
      assert.ok(h1.length > 0, `${url}: a title`);
      visited.set(url, new Set(ids));
      for (const href of hrefs) {
        if (href.startsWith('#')) {
          anchorsWanted.push({ from: url, url, id: decodeURIComponent(href.slice(1)) });
          continue;
        }
        const target = new URL(href, url);
        if (target.origin !== new URL(base).origin) continue;
        assert.ok(href.startsWith(base), `${url}: internal link ${href} is absolute on the public URL`);
        const pageUrl = `${target.origin}${target.pathname}`;
        if (target.hash) anchorsWanted.push({ from: url, url: pageUrl, id: decodeURIComponent(target.hash.slice(1)) });
        if (target.pathname === '/docs' || (target.pathname.startsWith('/docs/') && !target.pathname.endsWith('.md')))
          queue.push(pageUrl);
        else otherLinks.add(target.href);
      }
    }
    assert.ok(visited.size >= 28, `${visited.size} pages crawled`);
    for (const wanted of anchorsWanted) {
      assert.ok(
        visited.get(wanted.url)?.has(wanted.id),
        `${wanted.from} links to ${wanted.url}#${wanted.id}, which does not exist`,
      );
    }
    for (const link of otherLinks) {
      const response = await fetch(link, { redirect: 'manual' });
      assert.ok(response.status < 400, `${link} → ${response.status}`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('screenshots of the main pages, with the sidebar and a readable measure', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const slug of ['', 'quick-start', 'checkout', 'webhooks', 'search']) {
      await page.goto(`${t.baseUrl}/docs${slug ? `/${slug}` : ''}`);
      const layout = await page.evaluate(() => ({
        sidebar: document.querySelectorAll('nav.sidebar a').length,
        current: document.querySelector('nav.sidebar a[aria-current="page"]')?.textContent ?? null,
        articleWidth: document.querySelector('article')?.getBoundingClientRect().width ?? 0,
        horizontalScroll: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      }));
      assert.ok(layout.sidebar >= 28, 'the sidebar lists every page');
      assert.ok(layout.current, 'the sidebar marks the current page');
      assert.ok(layout.articleWidth > 400 && layout.articleWidth <= 860, `article width ${layout.articleWidth}`);
      assert.equal(layout.horizontalScroll, false, `${slug || 'overview'}: no page-wide horizontal scroll`);
      await screenshot(page, `docs-${slug || 'overview'}`);
    }
    await page.goto(`${t.baseUrl}/docs/reference-graphql`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/docs-reference-graphql.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.baseUrl}/docs/quick-start`);
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      true,
      'no horizontal scroll on a phone',
    );
    await page.screenshot({ path: `${SCREENSHOT_DIR}/docs-quick-start-phone.png` });
    await page.close();
  });

  test('/docs/guide.md is the whole guide, and shop://docs serves exactly the same markdown', async () => {
    const response = await fetch(`${t.baseUrl}/docs/guide.md`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/markdown/);
    const markdown = await response.text();
    for (const heading of [
      '# Quick start',
      '# Checkout',
      '# Webhooks',
      '# GraphQL reference',
      '# MCP tool reference',
      '# Error codes',
      '# Admin API reference',
      '# Universal Commerce Protocol (UCP) reference',
    ]) {
      assert.ok(markdown.includes(`\n${heading}\n`), heading);
    }
    assert.ok(markdown.includes(`${t.baseUrl}/graphql`), "addresses are this deployment's");

    const rpc = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-partner-key': t.partnerKey,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'shop://docs' } }),
    });
    assert.equal(rpc.status, 200);
    const { result } = (await rpc.json()) as {
      result: { contents: { uri: string; mimeType: string; text: string }[] };
    };
    assert.equal(result.contents[0]!.mimeType, 'text/markdown');
    assert.equal(result.contents[0]!.text, markdown);
  });

  test('pages are public, escaped and safe; unknown pages and other methods are refused', async () => {
    const home = await fetch(`${t.baseUrl}/docs`);
    assert.equal(home.status, 200);
    assert.equal(home.headers.get('x-frame-options'), 'DENY');
    assert.equal(home.headers.get('x-content-type-options'), 'nosniff');
    assert.doesNotMatch(await home.text(), /<script/i, 'no scripts');

    // Links come from the configured public URL, never from the request's Host.
    const spoofed = await fetch(`${t.baseUrl}/docs/quick-start`, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    assert.doesNotMatch(await spoofed.text(), /evil\.example/);

    const perPage = await fetch(`${t.baseUrl}/docs/checkout.md`);
    assert.equal(perPage.status, 200);
    assert.match(await perPage.text(), /^# Checkout\n/);
    const missing = await fetch(`${t.baseUrl}/docs/no-such-page`);
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /No such page/);
    const hostile = await fetch(`${t.baseUrl}/docs/%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    assert.equal(hostile.status, 404);
    assert.doesNotMatch(await hostile.text(), /<script>/);
    const post = await fetch(`${t.baseUrl}/docs`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    const slash = await fetch(`${t.baseUrl}/docs/`, { redirect: 'manual' });
    assert.equal(slash.status, 308);
    assert.equal(slash.headers.get('location'), `${t.baseUrl}/docs`);
  });
});
