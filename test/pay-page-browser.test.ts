import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const ORDER =
  'mutation($i: OrderCreateInput) { orderCreate(input: $i) { order { orderId grandTotal paymentLink { url } } userErrors { code } } }';
const QUOTE = 'mutation($i: QuoteInput!) { quote(input: $i) { quote { grandTotal } userErrors { code } } }';

describe('payment-link page in headless Chromium', () => {
  let t: TestSystem;
  let browser: Browser;
  let token: string;
  let lines: { cprcode: string; quantity: number }[];
  let branchCode: string;

  before(async () => {
    t = await startTestSystem();
    browser = await launchBrowser();
    token = (await t.signUpShopper()).idToken;
    branchCode = (await t.system.commerce.branches.list()).find((b) => b.alcoholLicensed)!.branchCode;
    const page = await t.graphql<{ products: { nodes: { cprcode: string }[] } }>(
      'query($b: ID!) { products(first: 30, branchCode: $b, filter: { pricedOnly: true }) { nodes { cprcode } } }',
      { b: branchCode },
    );
    lines = t.system.commerce.catalog
      .get(page.data!.products.nodes.map((n) => n.cprcode))
      .filter((p) => !p.alcohol)
      .slice(0, 3)
      .map((p, i) => ({ cprcode: p.cprcode, quantity: i + 1 }));
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  async function placeOrder(): Promise<{ orderId: string; url: string; quoteTotal: number }> {
    const quote = await t.graphql<{ quote: { quote: { grandTotal: number } } }>(
      QUOTE,
      { i: { branchCode, lines, couponCodes: ['SAVE10'] } },
      { token },
    );
    const created = await t.graphql<{ orderCreate: { order: { orderId: string; paymentLink: { url: string } } } }>(
      ORDER,
      { i: { branchCode, lines, couponCodes: ['SAVE10'] } },
      { token },
    );
    return {
      orderId: created.data!.orderCreate.order.orderId,
      url: created.data!.orderCreate.order.paymentLink.url,
      quoteTotal: quote.data!.quote.quote.grandTotal,
    };
  }

  for (const lang of ['en', 'th'] as const) {
    test(`the page (${lang}) shows the quote's total and its pay button pays`, async () => {
      const { orderId, url, quoteTotal } = await placeOrder();
      const page = await browser.newPage({ locale: lang === 'th' ? 'th-TH' : 'en-GB' });
      const response = await page.goto(`${url}?lang=${lang}`);
      assert.equal(response?.status(), 200);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      const shownTotal = (await page.textContent('[data-testid=grand-total]'))!;
      assert.equal(
        Number(shownTotal.replace(/[^0-9.]/g, '')),
        quoteTotal,
        `rendered ${shownTotal}, quote ${quoteTotal}`,
      );
      assert.equal(await page.textContent('[data-testid=order-id]'), orderId);
      assert.equal(await page.locator('.line').count(), lines.length);
      if (lang === 'th') assert.match((await page.textContent('body'))!, /ยอดที่ต้องชำระ/);
      await screenshot(page, `pay-page-${lang}`);

      await page.click('[data-testid=pay]');
      await page.waitForSelector('.state.ok');
      assert.equal(await page.locator('[data-testid=pay]').count(), 0, 'no pay button once paid');
      await screenshot(page, `pay-page-${lang}-paid`);
      const read = await t.graphql<{ order: { isPaid: boolean } }>(
        'query($id: ID!) { order(orderId: $id) { isPaid } }',
        { id: orderId },
        { token },
      );
      assert.equal(read.data?.order.isPaid, true);
      await page.close();
    });
  }

  test('a declined sandbox payment shows a clear notice and leaves the order payable', async () => {
    const { url } = await placeOrder();
    const page = await browser.newPage();
    await page.goto(url);
    await page.click('[data-testid=decline]');
    await page.waitForSelector('.notice');
    assert.match((await page.textContent('.notice'))!, /declined/i);
    assert.equal(await page.locator('[data-testid=pay]').count(), 1);
    await page.close();
  });

  test('unknown links get a clear page, not a blank one', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${t.baseUrl}/pay/${'A'.repeat(43)}`);
    assert.equal(response?.status(), 404);
    assert.match((await page.textContent('h1'))!, /not valid/i);
    await page.close();
  });
});
