/**
 * Basic accessibility of the demo shop in a real browser: landmarks and one h1 on every main page,
 * every input labelled, no text below WCAG AA contrast (English and Thai), visible focus, a
 * keyboard-only path from search to the basket, and the phone layout.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  lowContrastText,
  screenshot,
  shopContext,
  shopperToken,
  signUpInShop,
  unlabelledInputs,
} from './support/shop-browser.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('demo shop: accessibility', () => {
  let t: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let branch: { branchCode: string; name: string };
  let product: { cprcode: string; nameEn: string };
  let orderId: string;

  before(async () => {
    // The browser first: without one the suite fails at once, leaving no system running.
    browser = await launchBrowser();
    t = await startTestSystem();
    ({ context, page, errors } = await shopContext(browser, { locale: 'en-GB' }));
    branch = (
      await t.graphql<{ branches: { branchCode: string; name: string; deliveryAvailable: boolean }[] }>(
        '{ branches { branchCode name deliveryAvailable } }',
      )
    ).data!.branches.find((b) => b.deliveryAvailable)!;
    const listed = await t.graphql<{
      products: {
        nodes: {
          cprcode: string;
          nameEn: string;
          category: { l1: string };
          inventory: { listable: boolean; sellableQty: number } | null;
        }[];
      };
    }>(
      'query($b: ID!) { products(branchCode: $b, first: 50, filter: { pricedOnly: true }) { nodes { cprcode nameEn category { l1 } inventory { listable sellableQty } } } }',
      {
        b: branch.branchCode,
      },
    );
    product = listed.data!.products.nodes.find(
      (p) => p.inventory?.listable && p.inventory.sellableQty > 3 && p.category.l1 !== 'Beer, Wine & Spirits',
    )!;

    // A signed-in shopper at a branch, with an order, so that every page has its content.
    await page.goto(`${t.baseUrl}/shop/sign-up`);
    await signUpInShop(page, t, `a11y.${Date.now()}@example.com`, {
      createAccount: /^Create account$/,
      confirm: /^Confirm$/,
      signInCode: /sign-in code/,
    });
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${t.baseUrl}/shop/branch`);
    await page.getByRole('button', { name: new RegExp(`^Shop at this branch\\W+${branch.name}$`) }).click();
    const token = await shopperToken(page);
    await t.graphql(
      'mutation($i: BasketAddInput!) { basketAdd(input: $i) { userErrors { code } } }',
      { i: { cprcode: product.cprcode, quantity: 1, branchCode: branch.branchCode } },
      { token },
    );
    const created = await t.graphql<{ orderCreate: { order: { orderId: string } } }>(
      'mutation { orderCreate(input: {}) { order { orderId } userErrors { code } } }',
      {},
      { token },
    );
    orderId = created.data!.orderCreate.order.orderId;
    await t.graphql(
      'mutation($i: BasketAddInput!) { basketAdd(input: $i) { userErrors { code } } }',
      { i: { cprcode: product.cprcode, quantity: 2 } },
      { token },
    );
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  const pages = () => [
    { path: '/', ready: 'Fresh groceries' },
    { path: '/c/Bakery', ready: 'Bakery' },
    { path: `/p/${product.cprcode}`, ready: product.nameEn },
    { path: '/search?q=milk', ready: 'Results for' },
    { path: '/branch', ready: 'Choose your branch' },
    { path: '/basket', ready: 'Your basket', also: 'grand-total' },
    { path: `/order?orderId=${orderId}`, ready: `Order ${orderId}` },
    { path: '/orders', ready: 'My orders' },
  ];

  for (const lang of ['en', 'th'] as const) {
    test(`every main page in ${lang === 'en' ? 'English' : 'Thai'}: landmarks, one h1, labelled inputs, readable contrast`, async () => {
      await page.evaluate((l) => localStorage.setItem('shop.lang', JSON.stringify(l)), lang);
      for (const { path, ready, also } of pages()) {
        await page.goto(`${t.baseUrl}/shop${path}`);
        await page.locator('main h1').waitFor();
        if (lang === 'en') await page.locator('main h1').filter({ hasText: ready }).waitFor();
        if (also) await page.getByTestId(also).waitFor();
        await page.locator('.loading').waitFor({ state: 'detached' });
        for (const role of ['banner', 'main', 'contentinfo'] as const)
          assert.equal(await page.getByRole(role).count(), 1, `${path}: one ${role}`);
        assert.ok((await page.getByRole('navigation').count()) >= 2, `${path}: navigation landmarks`);
        assert.equal(await page.locator('h1').count(), 1, `${path}: one h1`);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        assert.deepEqual(await unlabelledInputs(page), [], `${path}: unlabelled inputs`);
        assert.deepEqual(await lowContrastText(page), [], `${path}: low contrast`);
        const images = await page.locator('img:not([alt])').count();
        assert.equal(images, 0, `${path}: every image has alt text (empty when decorative)`);
      }
      // The sign-in forms, signed out.
      await page.evaluate(() =>
        sessionStorage.setItem('shop.session.backup', sessionStorage.getItem('shop.session') ?? ''),
      );
      await page.evaluate(() => sessionStorage.removeItem('shop.session'));
      for (const path of ['/sign-in', '/sign-up']) {
        await page.goto(`${t.baseUrl}/shop${path}`);
        await page.locator('#password').waitFor();
        assert.deepEqual(await unlabelledInputs(page), [], `${path}: unlabelled inputs`);
        assert.deepEqual(await lowContrastText(page), [], `${path}: low contrast`);
      }
      if (lang === 'th') await screenshot(page, 'th-sign-up');
      await page.evaluate(() =>
        sessionStorage.setItem('shop.session', sessionStorage.getItem('shop.session.backup') ?? ''),
      );
      assert.deepEqual(errors, []);
    });
  }

  test('the checks themselves catch an unlabelled input and pale text', async () => {
    await page.goto(`${t.baseUrl}/shop/`);
    await page.locator('main h1').waitFor();
    // Styled through the CSSOM: the shop's CSP refuses style attributes in markup.
    await page.evaluate(`(() => {
      const pale = document.createElement('p');
      pale.textContent = 'pale words';
      pale.style.color = '#aaa';
      pale.style.background = '#fff';
      document.querySelector('main').append(pale, document.createElement('input'));
    })()`);
    assert.equal((await unlabelledInputs(page)).length, 1);
    assert.match((await lowContrastText(page)).join('\n'), /pale words/);
  });

  test('keyboard only: skip link, search suggestions, product, add to basket, basket; focus is always visible', async () => {
    await page.evaluate(() => localStorage.setItem('shop.lang', '"en"'));
    await page.goto(`${t.baseUrl}/shop/`);
    await page.locator('main h1').waitFor();
    const focused = (): Promise<{ id: string; text: string; tag: string; outline: string; role: string }> =>
      page.evaluate(`(() => {
        const element = document.activeElement;
        const style = element ? getComputedStyle(element) : null;
        return { id: element?.id ?? '', text: element?.textContent?.trim() ?? '', tag: element?.tagName ?? '', outline: style ? style.outlineStyle + ' ' + style.outlineWidth : '', role: element?.getAttribute('role') ?? '' };
      })()`);

    await page.keyboard.press('Tab');
    assert.equal((await focused()).text, 'Skip to content', 'the first stop skips to the content');
    assert.match((await focused()).outline, /^solid [1-9]/, 'focus is visible');
    await page.keyboard.press('Enter');
    assert.equal((await focused()).id, 'main');

    // From the top again, Tab forward to the search box, checking that every stop on the way shows focus.
    await page.reload();
    await page.locator('main h1').waitFor();
    for (let i = 0; i < 30 && (await focused()).role !== 'combobox'; i++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      if (now.role !== 'combobox')
        assert.match(now.outline, /^solid [1-9]/, `focus visible on ${now.tag} "${now.text}"`);
    }
    assert.equal((await focused()).role, 'combobox');
    await page.keyboard.type(product.nameEn.slice(0, 12), { delay: 20 });
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    const count = await options.count();
    let target = -1;
    for (let i = 0; i < count; i++) if ((await options.nth(i).innerText()).trim() === product.nameEn) target = i;
    assert.ok(target >= 0, 'the product is among the suggestions');
    for (let i = 0; i <= target; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.getByRole('combobox').getAttribute('aria-activedescendant'), `search-option-${target}`);
    await page.keyboard.press('Enter');
    await page.locator('main h1').filter({ hasText: product.nameEn }).waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.tagName),
      'H1',
      'focus moves to the new page’s heading',
    );

    for (let i = 0; i < 15 && (await focused()).text !== 'Add to basket'; i++) await page.keyboard.press('Tab');
    assert.equal((await focused()).text, 'Add to basket');
    const before = Number(await page.getByTestId('basket-count').innerText());
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').getByText(`${product.nameEn} is in your basket.`).waitFor();
    assert.equal(Number(await page.getByTestId('basket-count').innerText()), before + 1);

    for (let i = 0; i < 40 && !(await focused()).text.startsWith('Basket'); i++) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator('main h1').filter({ hasText: 'Your basket' }).waitFor();
    await page.getByTestId('grand-total').waitFor();
    assert.deepEqual(errors, []);
  });

  test('on a phone: the layout fits the screen and nothing needs sideways scrolling', async () => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: 'th-TH',
    });
    const mobile = await phone.newPage();
    await mobile.goto(`${t.baseUrl}/shop/`);
    await mobile.locator('main h1').waitFor();
    await mobile.locator('.product-card').first().waitFor();
    assert.ok(
      await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      'no horizontal scroll',
    );
    await screenshot(mobile, 'th-phone-home');
    await mobile.goto(`${t.baseUrl}/shop/p/${product.cprcode}`);
    await mobile.locator('main h1').waitFor();
    assert.ok(
      await mobile.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
      'no horizontal scroll',
    );
    await screenshot(mobile, 'th-phone-product');
    await phone.close();
  });
});
