/**
 * Browser helpers for the demo shop's tests: Debian's Chromium through playwright-core, the dev
 * mailbox (where the identity provider's e-mails land in development), screenshots, and the checks
 * every shop page must pass (no uncaught errors, every input labelled, readable contrast).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { TestSystem } from './test-system.ts';

export const SHOP_PASSWORD = 'Shop-Test-Pass-1';
const SCREENSHOTS = join(new URL('../..', import.meta.url).pathname, '.test-output', 'screenshots');

export { launchBrowser } from './browser.ts';

/** A fresh browser profile; the returned `errors` collects uncaught page errors, which every test asserts empty. */
export async function shopContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/** The newest six-digit code e-mailed to `email` since `since` (Unix ms), read from the dev mailbox. */
export function mailboxCode(t: TestSystem, email: string, since: number): Promise<string> {
  return t.mailboxCode(email, since);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // From the top, so that the sticky header sits where it belongs in a full-page picture.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Signs a new shopper up in the shop's own pages: e-mail and password, the e-mailed code, then the sign-in code. */
export async function signUpInShop(
  page: Page,
  t: TestSystem,
  email: string,
  texts: { createAccount: RegExp; confirm: RegExp; signInCode: RegExp },
): Promise<void> {
  const started = Date.now();
  await page.getByLabel(/^(E-mail|อีเมล)$/).fill(email);
  await page.locator('#password').fill(SHOP_PASSWORD);
  await page.getByRole('button', { name: texts.createAccount }).click();
  await page.getByTestId('code-step').waitFor();
  await page.locator('#code').fill(await mailboxCode(t, email, started));
  const confirmedAt = Date.now();
  await page.getByRole('button', { name: texts.confirm }).click();
  // The same form now asks for the sign-in code that the provider e-mails after the password.
  await page.getByTestId('code-step').filter({ hasText: texts.signInCode }).waitFor();
  await page.locator('#code').fill(await mailboxCode(t, email, confirmedAt));
  await page.getByRole('button', { name: texts.confirm }).click();
}

/** The signed-in shopper's id token, as the shop holds it (for setting up a case through the API). */
export async function shopperToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('shop.session') ?? 'null') as { idToken: string } | null)?.idToken ?? null,
  );
  assert.ok(token, 'the shop holds a session');
  return token;
}

/** A number out of an amount as the page shows it (`฿1,234.50`). */
export function amountOf(text: string): number {
  const digits = text.replace(/[^0-9.,-]/g, '').replace(/,/g, '');
  return Number(digits);
}

/** Every visible form control has an accessible name from a label, aria-label or aria-labelledby. */
export async function unlabelledInputs(page: Page): Promise<string[]> {
  // A string, not a function: tsx's transform would add helpers that do not exist in the page.
  return page.evaluate(`(() => {
    const missing = [];
    for (const element of document.querySelectorAll('input, select, textarea')) {
      if (element.type === 'hidden' || element.offsetParent === null) continue;
      const labelled = (element.labels && element.labels.length > 0) || (element.getAttribute('aria-label') || '').trim() || element.getAttribute('aria-labelledby');
      if (!labelled) missing.push(element.outerHTML.slice(0, 120));
    }
    return missing;
  })()`);
}

/**
 * Text whose contrast against its effective background is below WCAG AA (4.5:1, or 3:1 for large
 * text). Disabled controls are exempt, as WCAG exempts inactive components.
 */
export async function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const parse = (value) => {
      const m = /rgba?\\(([^)]+)\\)/.exec(value);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top, bottom) => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = (rgb) => {
      const channel = (c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
    };
    const background = (element) => {
      const layers = [];
      for (let node = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        // A gradient counts as its first colour stop (the hero's darker end).
        const gradient = /gradient\\([^,]+,\\s*(#[0-9a-f]{6}|rgba?\\([^)]+\\))/i.exec(style.backgroundImage);
        if (gradient) {
          const hex = gradient[1];
          layers.push(hex.startsWith('#') ? [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16), 1] : parse(hex));
          break;
        }
        const colour = parse(style.backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const failures = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent.trim()) continue;
      seen.add(element);
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || element.closest('[aria-hidden="true"], .sr-only, svg, noscript')) continue;
      if (element.closest('button:disabled, input:disabled, select:disabled, [aria-disabled="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const bg = background(element);
      const fg = over(parse(style.color), bg);
      const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) failures.push(ratio.toFixed(2) + ':1 "' + node.textContent.trim().slice(0, 40) + '" (' + style.color + ' on rgb(' + bg.slice(0, 3).map(Math.round).join(',') + '))');
    }
    return failures;
  })()`);
}
