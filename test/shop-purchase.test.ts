/**
 * The demo shop in a real browser, against the whole system: a shopper signs up (codes read from
 * the dev mailbox), finds a branch, searches, fills the basket, applies coupons, places the order,
 * pays on the payment page in sandbox and comes back to the paid order — in English, then in Thai.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  amountOf,
  launchBrowser,
  screenshot,
  shopContext,
  shopperToken,
  signUpInShop,
} from './support/shop-browser.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface BranchRow {
  branchCode: string;
  name: string;
  nameTh: string;
  postcode: string;
  lat: number;
  lon: number;
  deliveryAvailable: boolean;
  alcoholLicensed: boolean;
}

interface Sellable {
  cprcode: string;
  nameEn: string;
  nameTh: string;
}

/** Products the branch prices and can sell now, without alcohol. */
async function sellable(t: TestSystem, branchCode: string): Promise<Sellable[]> {
  const result = await t.graphql<{
    products: {
      nodes: (Sellable & {
        category: { l1: string };
        inventory: { listable: boolean; sellableQty: number } | null;
        price: { source: string } | null;
      })[];
    };
  }>(
    'query($b: ID!) { products(branchCode: $b, first: 100, filter: { pricedOnly: true }) { nodes { cprcode nameEn nameTh category { l1 } price { source } inventory { listable sellableQty } } } }',
    { b: branchCode },
  );
  return result.data!.products.nodes.filter(
    (p) =>
      p.inventory?.listable &&
      p.inventory.sellableQty > 5 &&
      p.category.l1 !== 'Beer, Wine & Spirits' &&
      p.price?.source === 'BRANCH_FEED',
  );
}

async function quoteTotal(t: TestSystem, token: string, input: Record<string, unknown>): Promise<number> {
  const result = await t.graphql<{ quote: { quote: { grandTotal: number } } }>(
    'mutation($i: QuoteInput!) { quote(input: $i) { quote { grandTotal } userErrors { code } } }',
    { i: input },
    { token },
  );
  return result.data!.quote.quote.grandTotal;
}

describe('demo shop: a whole purchase in the browser', () => {
  let t: TestSystem;
  let browser: Browser;
  let branches: BranchRow[];

  before(async () => {
    // The browser first: without one the suite fails at once, leaving no system running.
    browser = await launchBrowser();
    t = await startTestSystem();
    branches = (
      await t.graphql<{ branches: BranchRow[] }>(
        '{ branches { branchCode name nameTh postcode lat lon deliveryAvailable alcoholLicensed } }',
      )
    ).data!.branches;
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  test('in English: sign up, branch by postcode, search, basket, coupons, order, pay, paid order and history', async () => {
    const branch = branches.find((b) => b.deliveryAvailable && b.alcoholLicensed && b.branchCode.startsWith('BKK'))!;
    const [first, second] = await sellable(t, branch.branchCode);
    assert.ok(first && second, 'the branch sells something');
    const { context, page, errors } = await shopContext(browser, { locale: 'en-GB' });
    const email = `en.${Date.now()}@example.com`;

    await page.goto(`${t.baseUrl}/shop/`);
    await page.getByRole('heading', { level: 1, name: 'Fresh groceries, ready when you are' }).waitFor();
    await screenshot(page, 'en-home');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    assert.equal(await page.getByTestId('dev-mailbox').count(), 0, 'the mailbox link comes with the code step');
    await signUpInShop(page, t, email, {
      createAccount: /^Create account$/,
      confirm: /^Confirm$/,
      signInCode: /sign-in code/,
    });
    await page.getByRole('button', { name: 'Sign out' }).waitFor();

    // Branch by postcode.
    await page.getByTestId('branch-chip').click();
    await page.getByLabel('Postcode', { exact: true }).fill(branch.postcode);
    await page.getByRole('button', { name: 'Find branch' }).click();
    await page.getByTestId('resolved-branch').getByText(branch.name).waitFor();
    await page.getByTestId('shop-here').click();
    await page.getByText(`You are shopping at ${branch.name}.`).first().waitFor();
    await screenshot(page, 'en-branch');
    assert.match(await page.getByTestId('branch-chip').innerText(), new RegExp(`Pickup at ${branch.name}`));

    // Search with suggestions as you type, then the full results.
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill(first.nameEn.split(' ').slice(0, 2).join(' '));
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
    await search.fill(first.nameEn);
    await search.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Results for “${first.nameEn}”` }).waitFor();
    const card = page.locator(`.product-card[data-cprcode="${first.cprcode}"]`);
    await card.getByTestId('price-source').filter({ hasText: 'Branch price' }).waitFor();
    await screenshot(page, 'en-search');
    await card.getByRole('button', { name: /Add to basket/ }).click();
    await page.getByTestId('toast').getByText(`${first.nameEn} is in your basket.`).waitFor();

    // The product page: branch price with its source, stock, a quantity.
    await page.goto(`${t.baseUrl}/shop/p/${second.cprcode}`);
    await page.getByRole('heading', { level: 1, name: second.nameEn }).waitFor();
    assert.match(
      await page.getByTestId('price-source').innerText(),
      /Branch price · From the branch’s own price list\./,
    );
    assert.match(await page.getByTestId('stock-detail').innerText(), /\d+ in stock/);
    await page.getByLabel('Quantity', { exact: true }).selectOption('2');
    await screenshot(page, 'en-product');
    await page.getByTestId('add-to-basket').click();
    await page.getByTestId('toast').getByText(`${second.nameEn} is in your basket.`).waitFor();
    assert.equal(await page.getByTestId('basket-count').innerText(), '3');

    // Basket: quantities, coupons and the quote.
    await page.getByTestId('basket-link').click();
    await page.getByRole('heading', { level: 1, name: 'Your basket' }).waitFor();
    await page.getByTestId('grand-total').waitFor();
    await page.getByRole('button', { name: `One more ${first.nameEn}` }).click();
    await page.locator(`#qty-${first.cprcode}`).and(page.locator(':not([disabled])')).waitFor();
    await page.getByLabel('Coupon code', { exact: true }).fill('save10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByLabel('Coupon code', { exact: true }).fill('EXPIRED50');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.coupon.failed[data-code="EXPIRED50"]').getByText('This coupon has expired.').waitFor();
    await page.locator('.coupon.applied[data-code="SAVE10"]').waitFor();
    const token = await shopperToken(page);
    const expected = await quoteTotal(t, token, { couponCodes: ['SAVE10'] });
    await page
      .getByTestId('grand-total')
      .filter({ hasText: expected.toLocaleString('en-US', { minimumFractionDigits: 2 }) })
      .waitFor();
    assert.equal(
      amountOf(await page.getByTestId('grand-total').innerText()),
      expected,
      'the total shown is the quote’s',
    );
    await screenshot(page, 'en-basket');

    // Order, payment link, pay in sandbox, back to the shop.
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/pay\/[\w-]+\?lang=en$/);
    assert.equal(
      amountOf(await page.getByTestId('grand-total').innerText()),
      expected,
      'the payment page asks for the quoted total',
    );
    const orderId = await page.getByTestId('order-id').innerText();
    await screenshot(page, 'en-pay');
    await page.getByTestId('pay').click();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL(new RegExp(`/shop/order\\?from=pay&orderId=${orderId}$`));
    await page.getByTestId('paid-notice').getByText('Thank you! Your payment is received.').waitFor();
    assert.equal(await page.getByTestId('payment-status').innerText(), 'Paid');
    assert.equal(await page.getByTestId('picking-progress').getAttribute('data-current'), 'QUEUED');
    assert.equal(amountOf(await page.getByTestId('order-total').innerText()), expected);
    assert.equal(await page.getByTestId('basket-count').innerText(), '0', 'the ordered basket is empty');

    // Picking moves; the order page shows it.
    assert.equal((await t.admin('POST', `/admin/grocer/orders/${orderId}/advance`)).status < 300, true);
    await page.reload();
    await page.getByTestId('picking-progress').and(page.locator('[data-current="PICKING"]')).waitFor();
    assert.equal(await page.getByTestId('order-status').innerText(), 'Being picked');
    await screenshot(page, 'en-order-paid');

    await page.getByRole('link', { name: 'My orders', exact: true }).click();
    const row = page.getByTestId('order-list').locator('.order-row', { hasText: orderId });
    await row.getByText('Paid').waitFor();
    assert.match(await row.innerText(), /Being picked/);
    await screenshot(page, 'en-orders');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    assert.equal(
      await page.evaluate(() => sessionStorage.getItem('shop.session')),
      null,
      'signing out forgets the tokens',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('in Thai: sign up, branch by location, delivery, category, FREESHIP, pay, paid order', async () => {
    const branch = branches.find(
      (b) => b.deliveryAvailable && b.alcoholLicensed && b.branchCode.startsWith('BKK') && b.nameTh,
    )!;
    const { context, page, errors } = await shopContext(browser, {
      locale: 'th-TH',
      geolocation: { latitude: branch.lat + 0.004, longitude: branch.lon + 0.004 },
      permissions: ['geolocation'],
    });
    const email = `th.${Date.now()}@example.com`;

    // A Thai browser gets the Thai shop; the switch goes to English and back.
    await page.goto(`${t.baseUrl}/shop/`);
    await page.getByRole('heading', { level: 1, name: 'ของสดใหม่ พร้อมเมื่อคุณต้องการ' }).waitFor();
    await page.getByTestId('lang-switch').click();
    await page.getByRole('heading', { level: 1, name: 'Fresh groceries, ready when you are' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.getByTestId('lang-switch').click();
    await page.getByRole('heading', { level: 1, name: 'ของสดใหม่ พร้อมเมื่อคุณต้องการ' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'th');

    await page.getByRole('link', { name: 'เข้าสู่ระบบ' }).click();
    await page.getByRole('link', { name: 'สมัครสมาชิก' }).click();
    await signUpInShop(page, t, email, { createAccount: /^สมัครสมาชิก$/, confirm: /^ยืนยัน$/, signInCode: /รหัสเข้าสู่ระบบ/ });
    await page.getByRole('button', { name: 'ออกจากระบบ' }).waitFor();
    await screenshot(page, 'th-home');

    // Branch by the browser's location, and delivery there.
    await page.getByTestId('branch-chip').click();
    await page.getByTestId('use-location').click();
    await page.getByTestId('resolved-branch').getByText(branch.nameTh).waitFor();
    await page.getByTestId('shop-here').click();
    await page.getByLabel('จัดส่งถึงคุณ', { exact: true }).check();
    assert.match(await page.getByTestId('branch-chip').innerText(), new RegExp(`จัดส่งจาก ${branch.nameTh}`));
    await screenshot(page, 'th-branch');

    // A category, and two products from it.
    const category = page.getByRole('navigation', { name: 'หมวดหมู่' }).getByRole('link', { name: 'Fruit & Vegetables' });
    await category.click();
    await page.getByRole('heading', { level: 1, name: 'Fruit & Vegetables' }).waitFor();
    const cards = page
      .locator('.product-card')
      .filter({ has: page.getByRole('button', { name: /ใส่ตะกร้า/, disabled: false }) });
    await cards.first().waitFor();
    const names = await cards.locator('.product-name').allInnerTexts();
    assert.ok(
      names.some((n) => /[\u0E00-\u0E7F]/.test(n)),
      'product names are in Thai',
    );
    await cards
      .nth(0)
      .getByRole('button', { name: /ใส่ตะกร้า/ })
      .click();
    await page
      .getByTestId('toast')
      .getByText(/ลงตะกร้าแล้ว/)
      .waitFor();
    await screenshot(page, 'th-category');

    await page.getByTestId('basket-link').click();
    await page.getByRole('heading', { level: 1, name: 'ตะกร้าของคุณ' }).waitFor();
    assert.match(await page.getByTestId('delivery-location').innerText(), /จัดส่งไปยังตำแหน่งปัจจุบันของคุณ/);
    await page.getByLabel('ชื่อ', { exact: true }).fill('สมชาย');
    await page.getByLabel('นามสกุล', { exact: true }).fill('ใจดี');
    await page.getByLabel('โทรศัพท์', { exact: true }).fill('0812345678');
    await page.getByLabel('บ้านเลขที่ ถนน แขวง/ตำบล', { exact: true }).fill('99 ถนนสุขุมวิท');
    await page.getByText('ค่าจัดส่ง').first().waitFor();
    await page.getByLabel('รหัสคูปอง', { exact: true }).fill('FREESHIP');
    await page.getByRole('button', { name: 'ใช้คูปอง' }).click();
    await page.locator('.coupon.applied[data-code="FREESHIP"]').waitFor();
    const token = await shopperToken(page);
    const expected = await quoteTotal(t, token, {
      shippingType: 'DELIVERY',
      couponCodes: ['FREESHIP'],
      address: { lat: branch.lat + 0.004, lon: branch.lon + 0.004 },
    });
    await page
      .getByTestId('grand-total')
      .filter({ hasText: expected.toLocaleString('th-TH', { minimumFractionDigits: 2 }) })
      .waitFor();
    await screenshot(page, 'th-basket');

    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/pay\/[\w-]+\?lang=th$/);
    await page.getByRole('button', { name: /^ชำระเงิน/ }).waitFor();
    assert.match(await page.locator('.where').innerText(), /จัดส่งจาก/);
    assert.equal(amountOf(await page.getByTestId('grand-total').innerText()), expected);
    await screenshot(page, 'th-pay');
    await page.getByTestId('pay').click();
    await page.getByRole('link', { name: 'กลับไปที่ร้านค้า' }).click();
    await page.getByTestId('paid-notice').getByText('ขอบคุณ! เราได้รับการชำระเงินของคุณแล้ว').waitFor();
    assert.equal(await page.getByTestId('payment-status').innerText(), 'ชำระแล้ว');
    assert.match(await page.locator('.progress h3').innerText(), /จัดส่ง/);
    await screenshot(page, 'th-order-paid');

    await page.getByRole('link', { name: 'คำสั่งซื้อของฉัน' }).click();
    await page.getByTestId('order-list').locator('.order-row').first().getByText('ชำระแล้ว').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
