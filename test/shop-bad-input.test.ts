/**
 * The demo shop's answers to bad input, in a real browser against the whole system: wrong codes,
 * weak passwords, a taken address, unknown postcodes, an empty basket, delivery without a place,
 * an expired quote, a price that changed before payment and a declined payment each end in a clear
 * message in the page, never a blank screen.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  launchBrowser,
  mailboxCode,
  screenshot,
  SHOP_PASSWORD,
  shopContext,
  shopperToken,
} from './support/shop-browser.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

interface BranchRow {
  branchCode: string;
  name: string;
  deliveryAvailable: boolean;
  alcoholLicensed: boolean;
}

describe('demo shop: bad input gets a clear message', () => {
  let t: TestSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let branch: BranchRow;
  let products: string[];
  const email = `bad.${Date.now()}@example.com`;

  /** Puts products in the shopper's basket through the API, as another device would. */
  async function fillBasket(lines: { cprcode: string; quantity: number }[]): Promise<void> {
    const token = await shopperToken(page);
    await t.graphql('mutation { basketEmpty { userErrors { code } } }', {}, { token });
    for (const line of lines) {
      const added = await t.graphql<{ basketAdd: { userErrors: unknown[] } }>(
        'mutation($i: BasketAddInput!) { basketAdd(input: $i) { userErrors { code } } }',
        { i: { ...line, branchCode: branch.branchCode } },
        { token },
      );
      assert.deepEqual(added.data?.basketAdd.userErrors, []);
    }
  }

  async function placeOrderToPayPage(): Promise<string> {
    await page.goto(`${t.baseUrl}/shop/basket`);
    await page.getByTestId('grand-total').waitFor();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/pay\/[\w-]+\?lang=en$/);
    return page.getByTestId('order-id').innerText();
  }

  before(async () => {
    // The browser first: without one the suite fails at once, leaving no system running.
    browser = await launchBrowser();
    t = await startTestSystem();
    ({ context, page, errors } = await shopContext(browser, { locale: 'en-GB' }));
    const all = (
      await t.graphql<{ branches: BranchRow[] }>('{ branches { branchCode name deliveryAvailable alcoholLicensed } }')
    ).data!.branches;
    branch = all.find((b) => b.deliveryAvailable && b.alcoholLicensed && b.branchCode.startsWith('BKK'))!;
    const listed = await t.graphql<{
      products: {
        nodes: {
          cprcode: string;
          category: { l1: string };
          inventory: { listable: boolean; sellableQty: number } | null;
        }[];
      };
    }>(
      'query($b: ID!) { products(branchCode: $b, first: 60, filter: { pricedOnly: true }) { nodes { cprcode category { l1 } inventory { listable sellableQty } } } }',
      { b: branch.branchCode },
    );
    products = listed
      .data!.products.nodes.filter(
        (p) => p.inventory?.listable && p.inventory.sellableQty > 3 && p.category.l1 !== 'Beer, Wine & Spirits',
      )
      .map((p) => p.cprcode);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await t?.close();
  });

  test('sign-up and sign-in: weak password, wrong codes, a taken address, a wrong password', async () => {
    await page.goto(`${t.baseUrl}/shop/sign-up`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.locator('#password').fill('weakpass');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page
      .getByTestId('auth-error')
      .getByText(
        'Choose a stronger password: at least 8 characters, with upper- and lower-case letters, a number and a symbol.',
      )
      .waitFor();
    await screenshot(page, 'error-weak-password');

    const started = Date.now();
    await page.locator('#password').fill(SHOP_PASSWORD);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.getByTestId('code-step').waitFor();
    const code = await mailboxCode(t, email, started);
    assert.ok(
      await page
        .getByTestId('dev-mailbox')
        .getAttribute('href')
        .then((href) => href?.endsWith(`/idp/dev/mailbox/${encodeURIComponent(email)}`)),
      'the dev mailbox link names the address',
    );
    await page.locator('#code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByTestId('auth-error')
      .getByText('That code is not right. Check the newest e-mail and try again.')
      .waitFor();
    await screenshot(page, 'error-wrong-code');

    const confirmedAt = Date.now();
    await page.locator('#code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('code-step').filter({ hasText: 'sign-in code' }).waitFor();
    const otp = await mailboxCode(t, email, confirmedAt);
    await page.locator('#code').fill(otp === '999999' ? '888888' : '999999');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('auth-error').getByText('That code is not right.', { exact: false }).waitFor();
    await page.locator('#code').fill(otp);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.goto(`${t.baseUrl}/shop/sign-up`);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.locator('#password').fill(SHOP_PASSWORD);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page
      .getByTestId('auth-error')
      .getByText('There is already an account with this e-mail. Sign in instead.')
      .waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.locator('#password').fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('auth-error').getByText('Wrong e-mail or password.').waitFor();
    await screenshot(page, 'error-wrong-password');

    const signInAt = Date.now();
    await page.locator('#password').fill(SHOP_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#code').fill(await mailboxCode(t, email, signInAt));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('an unknown postcode and a malformed one', async () => {
    await page.goto(`${t.baseUrl}/shop/branch`);
    await page.getByLabel('Postcode', { exact: true }).fill('99999');
    await page.getByRole('button', { name: 'Find branch' }).click();
    await page
      .getByTestId('branch-error')
      .getByText(
        'No branch serves postcode 99999 yet. Check the postcode, or choose a branch from the list for pickup.',
      )
      .waitFor();
    await screenshot(page, 'error-unknown-postcode');
    await page.getByLabel('Postcode', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Find branch' }).click();
    await page.getByTestId('branch-error').getByText('A Thai postcode is five digits, e.g. 10110.').waitFor();

    await page.getByRole('button', { name: new RegExp(`^Shop at this branch\\W+${branch.name}$`) }).click();
    await page.getByText(`You are shopping at ${branch.name}.`).waitFor();
    assert.deepEqual(errors, []);
  });

  test('an empty basket: the page says so, and ordering a basket emptied elsewhere is refused', async () => {
    await fillBasket([]);
    await page.goto(`${t.baseUrl}/shop/basket`);
    await page.getByTestId('basket-empty').getByText('Your basket is empty.').waitFor();

    await fillBasket([{ cprcode: products[0]!, quantity: 1 }]);
    await page.goto(`${t.baseUrl}/shop/basket`);
    await page.getByTestId('grand-total').waitFor();
    await t.graphql('mutation { basketEmpty { userErrors { code } } }', {}, { token: await shopperToken(page) });
    await page.getByTestId('place-order').click();
    await page
      .getByTestId('order-error')
      .getByText('Your basket is empty. Add some products before you place an order.')
      .waitFor();
    await screenshot(page, 'error-empty-basket');
    assert.deepEqual(errors, []);
  });

  test('delivery without a location, and an invalid quantity', async () => {
    await page.evaluate(() =>
      localStorage.setItem(
        'shop.fulfilment',
        JSON.stringify({ type: 'PICKUP', scheduleMode: 'REGULAR', location: null }),
      ),
    );
    await fillBasket([{ cprcode: products[0]!, quantity: 1 }]);
    await page.goto(`${t.baseUrl}/shop/basket`);
    await page.getByTestId('grand-total').waitFor();
    await page.getByLabel('Delivery to you', { exact: true }).check();
    await page
      .getByTestId('quote-error')
      .getByText('For delivery we need your location: enter your postcode or use your current location.')
      .waitFor();
    await screenshot(page, 'error-address-required');
    await page.getByLabel('Pickup at the branch', { exact: true }).check();
    await page.getByTestId('grand-total').waitFor();
    // The pickup quote re-renders the basket (its boxes show the basket's quantities again); a value
    // typed before that lands would be put back, so type once the shop has stopped fetching.
    await page.waitForLoadState('networkidle');

    const quantity = page.getByLabel(/^Quantity of /);
    const refusal = page.getByText('Choose a quantity from 1 to 99.');
    // A quote still landing can put the box back before the change is read (a shopper would type
    // again): type up to three times, the refusal must show.
    for (let attempt = 1; ; attempt++) {
      await quantity.fill('150');
      await quantity.press('Tab');
      const shown = await refusal.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (shown || attempt === 3) break;
    }
    await refusal.waitFor({ timeout: 1_000 });
    assert.deepEqual(errors, []);
  });

  test('an expired id token is refreshed with the refresh token; a refused refresh token signs the shopper out', async () => {
    type Stored = { idToken: string; refreshToken: string; expiresAt: number };
    const read = async (): Promise<Stored> =>
      JSON.parse((await page.evaluate(`sessionStorage.getItem('shop.session')`)) as string) as Stored;
    const write = (session: Stored) =>
      page.evaluate(`sessionStorage.setItem('shop.session', ${JSON.stringify(JSON.stringify(session))})`);
    const before = await read();
    // Id tokens carry whole seconds: wait for a new second so that the refreshed token differs.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await write({ ...before, expiresAt: Date.now() - 1000 });
    await page.goto(`${t.baseUrl}/shop/orders`);
    await page.getByText('You have no orders yet.').waitFor();
    const after = await read();
    assert.notEqual(after.idToken, before.idToken, 'a fresh id token');
    assert.ok(after.expiresAt > Date.now() + 30 * 60_000);

    await write({ ...after, refreshToken: 'not-a-refresh-token', expiresAt: Date.now() - 1000 });
    await page.goto(`${t.baseUrl}/shop/orders`);
    await page.getByText('Sign in to see your orders.').waitFor();
    await write(after);
    await page.goto(`${t.baseUrl}/shop/orders`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('an expired quote asks for a new one before showing a total', async () => {
    await page.clock.install();
    await page.goto(`${t.baseUrl}/shop/basket`);
    await page.getByTestId('grand-total').waitFor();
    await page.clock.fastForward('16:00');
    await page
      .getByTestId('quote-expired')
      .getByText('This price check has expired. Refresh to see the current total.')
      .waitFor();
    assert.equal(await page.getByTestId('grand-total').count(), 0, 'no total from an expired quote');
    await screenshot(page, 'error-quote-expired');
    await page.getByRole('button', { name: 'Refresh total' }).click();
    await page.getByTestId('grand-total').waitFor();
    assert.deepEqual(errors, []);
  });

  test('a price that changed after ordering: the payment page and the shop say so, and the items go back in the basket', async () => {
    await fillBasket([{ cprcode: products[1]!, quantity: 2 }]);
    const orderId = await placeOrderToPayPage();
    const change = await t.admin('POST', '/admin/grocer/prices', {
      branchCode: branch.branchCode,
      cprcode: products[1],
      amount: 999.5,
    });
    assert.equal(change.status, 204);
    await page.reload();
    await page.getByText('The total has changed').waitFor();
    await screenshot(page, 'error-price-changed-pay-page');
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.waitForURL(new RegExp(`/shop/order\\?from=pay&orderId=${orderId}$`));
    const notice = page.getByTestId('price-changed');
    await notice.getByText('The price has changed').waitFor();
    const repriced = await t.graphql<{ quote: { quote: { grandTotal: number } } }>(
      'mutation($i: QuoteInput!) { quote(input: $i) { quote { grandTotal } } }',
      { i: { branchCode: branch.branchCode, lines: [{ cprcode: products[1], quantity: 2 }] } },
      { token: await shopperToken(page) },
    );
    const now = repriced.data!.quote.quote.grandTotal.toLocaleString('en-US', { minimumFractionDigits: 2 });
    assert.ok(now.startsWith('1,9'), 'the new price shows in the total');
    assert.match(await notice.innerText(), new RegExp(`today it would be ฿${now.replace(/[.,]/g, '\\$&')}`));
    assert.equal(await page.getByTestId('payment-status').innerText(), 'Not paid');
    await screenshot(page, 'error-price-changed-shop');
    await notice.getByRole('button', { name: 'Put these items back in my basket' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your basket' }).waitFor();
    await page.locator(`.basket-line[data-cprcode="${products[1]}"]`).waitFor();
    assert.equal(await page.locator(`#qty-${products[1]}`).inputValue(), '2');
    assert.deepEqual(errors, []);
  });

  test('a declined payment: the payment page says so, the order stays unpaid and can be paid again', async () => {
    await fillBasket([{ cprcode: products[2]!, quantity: 1 }]);
    const orderId = await placeOrderToPayPage();
    await page.getByTestId('decline').click();
    await page.getByText('The payment was declined. No money moved; you can try again.').waitFor();
    await screenshot(page, 'error-declined');

    await page.goto(`${t.baseUrl}/shop/order?orderId=${orderId}`);
    assert.equal(await page.getByTestId('payment-status').innerText(), 'Not paid');
    await page.getByTestId('pay-now').click();
    await page.waitForURL(/\/pay\/[\w-]+\?lang=en$/);
    await page.getByTestId('pay').click();
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await page.getByTestId('paid-notice').waitFor();
    assert.equal(await page.getByTestId('payment-status').innerText(), 'Paid');
    assert.deepEqual(errors, []);
  });

  test('no connection, an unknown page, an unknown order: words on the page, never a blank screen', async () => {
    await page.route('**/graphql', (route) => route.abort('connectionrefused'));
    await page.goto(`${t.baseUrl}/shop/`);
    await page.getByText('We cannot reach the shop. Check your connection and try again.').first().waitFor();
    await screenshot(page, 'error-offline');
    await page.unroute('**/graphql');

    await page.goto(`${t.baseUrl}/shop/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.goto(`${t.baseUrl}/shop/order?orderId=PA0000000000000-NOPE`);
    await page.getByText('We could not find this order.').waitFor();
    assert.deepEqual(errors, []);
  });
});
