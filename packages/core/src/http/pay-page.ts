import { CommerceError, httpStatusOf, isCommerceError } from '../errors.ts';
import { formatBaht, toBaht } from '../money.ts';
import type { components } from '../generated/pay-api.ts';
import type { Commerce } from '../services/commerce.ts';
import { requireSafeInput } from '../services/input-validation.ts';
import type { Checkout } from '../services/payment-service.ts';
import { errorResponse, type HttpRequest, type HttpResponse, jsonResponse } from './http-types.ts';
import { escapeHtml as h, htmlPage, PAGE_STYLES, pageHeaders, type PageLang, pickLang } from './page-kit.ts';

/** The body of `GET /pay/<token>/checkout.json`, typed from openapi/pay.yaml. */
export type CheckoutJson = components['schemas']['Checkout'];
type PaymentResult = components['schemas']['PaymentResult'];

const TEXT = {
  en: {
    title: 'Checkout',
    secure: 'Secure checkout',
    order: 'Order',
    sandbox: 'Sandbox: no money moves',
    items: 'Items',
    qty: 'Qty',
    pickupAt: 'Pickup at',
    deliveryFrom: 'Delivery from',
    deliverTo: 'Deliver to',
    express: 'Express',
    subTotal: 'Subtotal',
    deliveryFee: 'Delivery fee',
    discounts: 'Discounts',
    coupons: 'Coupons',
    total: 'Total to pay',
    expires: 'This link expires',
    pay: 'Pay',
    payDecline: 'Simulate a declined payment',
    paid: 'Paid. Thank you!',
    paidText: 'The payment is recorded and the branch has the order.',
    expired: 'This payment link has expired',
    expiredText: 'Ask the shop for a new payment link for this order.',
    changed: 'The total has changed',
    changedText:
      'Prices changed since the order was placed, so this order cannot be paid. Go back to the shop and place the order again.',
    nowTotal: 'Total now',
    invalid: 'This payment link is not valid',
    invalidText: 'Check the link, or ask the shop for a new one.',
    back: 'Back to the shop',
    declined: 'The payment was declined. No money moved; you can try again.',
    pending: 'Payment received: confirming',
    pendingText: 'Your payment is being confirmed with the shop. This page updates by itself; please do not pay again.',
    cancelled: 'This order was cancelled',
    cancelledText: 'The order was cancelled, so it cannot be paid. Go back to the shop and place the order again.',
    refunded:
      'A payment of {amount} was refunded to you: the shop could not accept it for this order. No money of it was kept.',
    refunding:
      'A payment of {amount} is being refunded to you: the shop could not accept it for this order. No money of it is kept.',
    failed: 'The last payment did not go through. No money was taken; you can pay again.',
    left: 'You left the payment page before paying. Nothing was charged; you can pay again.',
    methods: 'Pay by card or PromptPay on the secure payment page.',
    settling: 'PromptPay payments can take a little while to confirm.',
    language: 'ภาษาไทย',
  },
  th: {
    title: 'ชำระเงิน',
    secure: 'ชำระเงินอย่างปลอดภัย',
    order: 'คำสั่งซื้อ',
    sandbox: 'โหมดทดสอบ: ไม่มีการตัดเงินจริง',
    items: 'รายการสินค้า',
    qty: 'จำนวน',
    pickupAt: 'รับสินค้าที่',
    deliveryFrom: 'จัดส่งจาก',
    deliverTo: 'จัดส่งถึง',
    express: 'ด่วน',
    subTotal: 'ยอดรวมสินค้า',
    deliveryFee: 'ค่าจัดส่ง',
    discounts: 'ส่วนลด',
    coupons: 'คูปอง',
    total: 'ยอดที่ต้องชำระ',
    expires: 'ลิงก์นี้หมดอายุ',
    pay: 'ชำระเงิน',
    payDecline: 'จำลองการชำระเงินที่ถูกปฏิเสธ',
    paid: 'ชำระเงินแล้ว ขอบคุณค่ะ',
    paidText: 'บันทึกการชำระเงินแล้ว และสาขาได้รับคำสั่งซื้อแล้ว',
    expired: 'ลิงก์ชำระเงินนี้หมดอายุแล้ว',
    expiredText: 'โปรดขอลิงก์ชำระเงินใหม่สำหรับคำสั่งซื้อนี้จากร้านค้า',
    changed: 'ยอดรวมมีการเปลี่ยนแปลง',
    changedText: 'ราคามีการเปลี่ยนแปลงหลังจากสั่งซื้อ จึงไม่สามารถชำระคำสั่งซื้อนี้ได้ โปรดกลับไปที่ร้านค้าและสั่งซื้อใหม่อีกครั้ง',
    nowTotal: 'ยอดรวมขณะนี้',
    invalid: 'ลิงก์ชำระเงินนี้ไม่ถูกต้อง',
    invalidText: 'โปรดตรวจสอบลิงก์ หรือขอลิงก์ใหม่จากร้านค้า',
    back: 'กลับไปที่ร้านค้า',
    declined: 'การชำระเงินถูกปฏิเสธ ไม่มีการตัดเงิน คุณสามารถลองใหม่ได้',
    pending: 'ได้รับการชำระเงินแล้ว: กำลังยืนยัน',
    pendingText: 'กำลังยืนยันการชำระเงินกับร้านค้า หน้านี้จะอัปเดตเอง โปรดอย่าชำระเงินซ้ำ',
    cancelled: 'คำสั่งซื้อนี้ถูกยกเลิกแล้ว',
    cancelledText: 'คำสั่งซื้อถูกยกเลิก จึงไม่สามารถชำระเงินได้ โปรดกลับไปที่ร้านค้าและสั่งซื้อใหม่อีกครั้ง',
    refunded: 'คืนเงิน {amount} ที่คุณชำระแล้ว เนื่องจากร้านค้าไม่สามารถรับการชำระเงินนั้นสำหรับคำสั่งซื้อนี้ได้ จึงไม่มีการเก็บเงินส่วนนั้นไว้',
    refunding: 'กำลังคืนเงิน {amount} ที่คุณชำระ เนื่องจากร้านค้าไม่สามารถรับการชำระเงินนั้นสำหรับคำสั่งซื้อนี้ได้ จึงไม่มีการเก็บเงินส่วนนั้นไว้',
    failed: 'การชำระเงินครั้งล่าสุดไม่สำเร็จ ไม่มีการตัดเงิน คุณสามารถชำระเงินได้อีกครั้ง',
    left: 'คุณออกจากหน้าชำระเงินก่อนชำระ ไม่มีการตัดเงิน คุณสามารถชำระเงินได้อีกครั้ง',
    methods: 'ชำระด้วยบัตรหรือพร้อมเพย์ในหน้าชำระเงินที่ปลอดภัย',
    settling: 'การชำระผ่านพร้อมเพย์อาจใช้เวลาสักครู่ในการยืนยัน',
    language: 'English',
  },
} as const;

type Text = (typeof TEXT)[PageLang];

/** Drawn, not an emoji: emoji fonts are not everywhere. */
const LOCK_ICON =
  '<svg aria-hidden="true" width="12" height="14" viewBox="0 0 12 14"><rect x="1" y="6" width="10" height="8" rx="1.5" fill="currentColor"/><path d="M3.5 6V4a2.5 2.5 0 0 1 5 0v2" stroke="currentColor" stroke-width="1.6" fill="none"/></svg>';

const TOKEN_PATH = /^\/pay\/([A-Za-z0-9_-]{1,128})(\/checkout\.json)?$/;

/**
 * The payment-link pages at {shop_url}: `GET /pay/<token>` (the whole checkout, server-rendered
 * in English or Thai), `GET /pay/<token>/checkout.json`, and `POST /pay/<token>`, which pays with
 * the order's provider. The token in the path is the credential.
 */
export function createPayPageHandler(commerce: Commerce): (request: HttpRequest) => Promise<HttpResponse> {
  const imgOrigin = new URL(commerce.publicBaseUrl).origin;
  // The pay form may be sent on to a hosted provider's page (a 303 after the post).
  const headers = pageHeaders({ imgSrc: imgOrigin, formAction: commerce.payments.pageOrigins() });

  return async (request) => {
    const match = TOKEN_PATH.exec(request.path);
    if (!match) return errorResponse(404, 'NOT_FOUND', 'No such page.');
    const token = match[1]!;
    const wantsJson = Boolean(match[2]) || (request.headers.accept ?? '').includes('application/json');
    const lang = pickLang(request);
    try {
      if (request.method === 'GET' || request.method === 'HEAD') {
        const view = await checkoutJson(commerce, await commerce.payments.checkout(token), token);
        if (match[2]) return jsonResponse(200, view, jsonHeaders);
        return { status: 200, headers, body: renderCheckout(view, lang, noticeOf(request.query, view)) };
      }
      if (request.method === 'POST' && !match[2]) return await pay(commerce, request, token, lang, wantsJson, headers);
      return {
        ...errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use GET or POST.'),
        headers: { ...jsonHeaders, allow: 'GET, POST' },
      };
    } catch (error) {
      if (!isCommerceError(error)) throw error;
      if (wantsJson)
        return { ...errorResponse(httpStatusOf(error.code), error.code, error.message), headers: { ...jsonHeaders } };
      return { status: httpStatusOf(error.code), headers, body: renderProblem(error, lang) };
    }
  };
}

const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

/** The pay form's fields, checked like every text input: only `simulate=decline` (sandbox) is known. */
function payForm(body: Uint8Array): { simulate: 'decline' | undefined } {
  const form = Object.fromEntries(new URLSearchParams(new TextDecoder().decode(body)));
  requireSafeInput(form);
  const simulate = form['simulate'];
  if (simulate !== undefined && simulate !== 'decline')
    throw new CommerceError('INVALID_INPUT', 'simulate can only be decline.', { field: 'simulate' });
  return { simulate };
}

async function pay(
  commerce: Commerce,
  request: HttpRequest,
  token: string,
  lang: PageLang,
  wantsJson: boolean,
  headers: Record<string, string>,
): Promise<HttpResponse> {
  const { simulate } = payForm(request.body);
  const back = (notice?: string) => ({
    status: 303,
    headers: { ...headers, location: `/pay/${token}?lang=${lang}${notice ? `&notice=${notice}` : ''}` },
    body: null,
  });
  try {
    const outcome = await commerce.payments.pay(token, { simulate });
    const { order } = outcome;
    if (outcome.state === 'redirect') {
      // A hosted provider: the shopper pays on its page, which sends them back here.
      if (wantsJson)
        return jsonResponse(
          200,
          { orderId: order.orderId, state: 'redirect', redirectUrl: outcome.redirectUrl },
          jsonHeaders,
        );
      return { status: 303, headers: { ...headers, location: outcome.redirectUrl }, body: null };
    }
    const result: PaymentResult = {
      orderId: order.orderId,
      state: outcome.state,
      paidAt: order.paidAt,
      grandTotal: toBaht(order.grandTotalSatang),
      currency: order.currency,
    };
    if (wantsJson) return jsonResponse(outcome.state === 'paid' ? 200 : 202, result, jsonHeaders);
    return back();
  } catch (error) {
    // A browser goes back to the page, which shows the new state (paid, expired, changed, cancelled, a refund) or the decline.
    if (!wantsJson && isCommerceError(error) && error.code === 'PAYMENT_DECLINED') return back('declined');
    if (
      !wantsJson &&
      isCommerceError(error) &&
      [
        'ALREADY_PAID',
        'PRICE_CHANGED',
        'ORDER_CANCELLED',
        'PAYMENT_LINK_EXPIRED',
        'PAYMENT_MISMATCH',
        'PAYMENT_IN_PROGRESS',
      ].includes(error.code)
    ) {
      return back();
    }
    throw error;
  }
}

/** The checkout as JSON: what the page shows, for apps and agents. */
async function checkoutJson(commerce: Commerce, checkout: Checkout, token: string): Promise<CheckoutJson> {
  const { order, link, attempt } = checkout;
  const grocer = order.grocerOrder;
  const byCode = new Map(commerce.catalog.get(grocer.lines.map((l) => l.cprcode)).map((p) => [p.cprcode, p]));
  const branch = (await commerce.branches.list()).find((b) => b.branchCode === order.branchCode);
  const returnUrl = link.callbackUrl ? withOrder(link.callbackUrl, order.orderId) : null;
  return {
    orderId: order.orderId,
    state: checkout.state,
    sandbox: order.grocerOrder.sandbox,
    currency: order.currency,
    branch: { branchCode: order.branchCode, name: branch?.name ?? null, nameTh: branch?.nameTh ?? null },
    fulfilment: {
      type: grocer.shipping.fulfilmentType,
      scheduleMode: order.request.scheduleMode,
      address: grocer.shipping.address ? { ...grocer.shipping.address } : null,
    },
    lines: grocer.lines.map((line) => {
      const product = byCode.get(line.cprcode);
      return {
        cprcode: line.cprcode,
        name: line.productName,
        nameTh: product?.nameTh ?? null,
        imageUrl: product ? commerce.products.imageUrl(product) : null,
        quantity: line.quantity,
        price: toBaht(line.priceSatang),
        rowTotal: toBaht(line.rowTotalSatang),
      };
    }),
    subTotal: toBaht(grocer.subTotalSatang),
    deliveryFee: toBaht(grocer.deliveryFeeSatang),
    totalDiscount: toBaht(grocer.totalDiscountSatang),
    grandTotal: toBaht(order.grandTotalSatang),
    couponCodes: grocer.couponCodes,
    repricedGrandTotal: checkout.repricedTotalSatang === null ? null : toBaht(checkout.repricedTotalSatang),
    payment: {
      provider: link.provider,
      isPaid: order.paymentStatus === 'PAID',
      paidAt: order.paidAt,
      lastAttempt: attempt
        ? {
            state: attempt.state,
            failureCode: attempt.failureCode,
            refunded: attempt.state === 'refunded',
            at: attempt.updatedAt,
          }
        : null,
      refunds: checkout.refunds.map((refund) => ({
        amount: toBaht(refund.amountMinor),
        currency: refund.currency,
        reason: refund.reason,
        state: refund.state,
        at: refund.updatedAt,
      })),
    },
    expiresAt: Math.floor(Date.parse(link.expiresAt) / 1000),
    payUrl: `${commerce.shopUrl}/pay/${token}`,
    returnUrl,
  };
}

function withOrder(url: string, orderId: string): string {
  const target = new URL(url);
  target.searchParams.set('orderId', orderId);
  return target.toString();
}

const money = (baht: number, lang: PageLang) => formatBaht(Math.round(baht * 100), lang);
const refundAmount = (refund: CheckoutJson['payment']['refunds'][number], lang: PageLang) =>
  refund.currency === 'THB' ? money(refund.amount, lang) : `${refund.amount.toFixed(2)} ${refund.currency}`;

type Notice = 'declined' | 'refunded' | 'refunding' | 'failed' | 'left' | null;

/** What the page tells the shopper besides the order's state: how the last payment went. */
function noticeOf(query: URLSearchParams, view: CheckoutJson): Notice {
  // Money that goes back is told even on a paid order (a second payment of it).
  const refunds = view.payment.refunds;
  if (refunds.some((refund) => refund.state !== 'succeeded')) return 'refunding';
  if (refunds.length > 0) return 'refunded';
  if (view.state === 'paid') return null;
  if (query.get('notice') === 'declined') return 'declined';
  const last = view.payment.lastAttempt;
  if (last?.state === 'failed' || last?.state === 'declined') return 'failed';
  // Back from the provider's page without paying (its cancel link).
  if (query.get('provider') === 'cancel' && view.state === 'payable') return 'left';
  return null;
}

function renderCheckout(view: CheckoutJson, lang: PageLang, noticeKind: Notice): string {
  const t = TEXT[lang];
  const refund = view.payment.refunds.at(-1);
  const notice =
    noticeKind === null ? null : t[noticeKind].replace('{amount}', refund ? refundAmount(refund, lang) : '');
  const other: PageLang = lang === 'en' ? 'th' : 'en';
  const deliver = view.fulfilment.type === 'DELIVERY';
  const address = view.fulfilment.address as {
    address?: string | null;
    postcode?: string | null;
    firstName?: string | null;
    lastName?: string | null;
  } | null;
  const expires = new Intl.DateTimeFormat(lang === 'th' ? 'th-TH' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(view.expiresAt * 1000);
  const rows = view.lines
    .map((line) => {
      const name = lang === 'th' ? (line.nameTh ?? line.name) : line.name;
      const image = line.imageUrl
        ? `<img src="${h(line.imageUrl)}" alt="" width="48" height="48" loading="lazy">`
        : '<span class="noimg" aria-hidden="true"></span>';
      return `<li class="line">${image}<span class="name">${h(name)}<small>${h(t.qty)} ${line.quantity} × ${h(money(line.price, lang))}</small></span><span class="amount">${h(money(line.rowTotal, lang))}</span></li>`;
    })
    .join('');
  const state = {
    payable: '',
    paid: `<div class="state ok" role="status"><h2>${h(t.paid)}</h2><p>${h(t.paidText)}</p>${view.returnUrl ? `<a class="button" href="${h(view.returnUrl)}">${h(t.back)}</a>` : ''}</div>`,
    pending: `<div class="state ok" role="status"><h2>${h(t.pending)}</h2><p>${h(t.pendingText)}</p>${view.payment.provider === 'sandbox' ? '' : `<p>${h(t.settling)}</p>`}</div>`,
    cancelled: `<div class="state warn" role="alert"><h2>${h(t.cancelled)}</h2><p>${h(t.cancelledText)}</p>${view.returnUrl ? `<a class="button" href="${h(view.returnUrl)}">${h(t.back)}</a>` : ''}</div>`,
    expired: `<div class="state warn" role="alert"><h2>${h(t.expired)}</h2><p>${h(t.expiredText)}</p></div>`,
    price_changed: `<div class="state warn" role="alert"><h2>${h(t.changed)}</h2><p>${h(t.changedText)}</p>${
      view.repricedGrandTotal !== null
        ? `<p>${h(t.nowTotal)}: <strong>${h(money(view.repricedGrandTotal, lang))}</strong></p>`
        : ''
    }${view.returnUrl ? `<a class="button" href="${h(view.returnUrl)}">${h(t.back)}</a>` : ''}</div>`,
  }[view.state];
  const payForm =
    view.state === 'payable'
      ? `<form method="post" action="/pay/${h(view.payUrl.split('/pay/')[1] ?? '')}?lang=${lang}" class="pay">
  <button type="submit" class="button primary" data-testid="pay">${h(t.pay)} ${h(money(view.grandTotal, lang))}</button>
  ${view.payment.provider === 'sandbox' ? '' : `<p class="muted" data-testid="methods">${h(t.methods)}</p>`}
  ${view.sandbox ? `<button type="submit" name="simulate" value="decline" class="button link" data-testid="decline">${h(t.payDecline)}</button>` : ''}
  <p class="muted">${h(t.expires)} ${h(expires)}</p>
  ${view.returnUrl ? `<a class="button link" href="${h(view.returnUrl)}">${h(t.back)}</a>` : ''}
</form>`
      : '';
  return htmlPage({
    lang,
    title: `${t.title} · ${view.orderId}`,
    head: `<meta name="robots" content="noindex">${view.state === 'pending' ? '<meta http-equiv="refresh" content="5">' : ''}<style>${PAGE_STYLES}</style>`,
    body: `<main class="card">
<header><span class="brand">Partner Grocery</span><span class="secure">${LOCK_ICON} ${h(t.secure)}</span><a class="lang" href="?lang=${other}" hreflang="${other}">${h(t.language)}</a></header>
${view.sandbox ? `<p class="sandbox">${h(t.sandbox)}</p>` : ''}
${notice ? `<p class="notice" role="alert">${h(notice)}</p>` : ''}
<h1>${h(t.order)} <span class="mono" data-testid="order-id">${h(view.orderId)}</span></h1>
<p class="where">${h(deliver ? t.deliveryFrom : t.pickupAt)} <strong>${h((lang === 'th' ? view.branch.nameTh : view.branch.name) ?? view.branch.branchCode)}</strong>${view.fulfilment.scheduleMode === 'EXPRESS' ? ` · ${h(t.express)}` : ''}${
      deliver && address
        ? `<br>${h(t.deliverTo)}: ${h([address.firstName, address.lastName].filter(Boolean).join(' '))} ${h(address.address ?? '')} ${h(address.postcode ?? '')}`
        : ''
    }</p>
<section aria-label="${h(t.items)}"><h2 class="sr">${h(t.items)}</h2><ul class="lines">${rows}</ul></section>
<dl class="totals">
<dt>${h(t.subTotal)}</dt><dd>${h(money(view.subTotal, lang))}</dd>
<dt>${h(t.deliveryFee)}</dt><dd>${h(money(view.deliveryFee, lang))}</dd>
${view.totalDiscount > 0 ? `<dt>${h(t.discounts)}</dt><dd class="discount">−${h(money(view.totalDiscount, lang))}</dd>` : ''}
${view.couponCodes.length ? `<dt>${h(t.coupons)}</dt><dd>${h(view.couponCodes.join(', '))}</dd>` : ''}
<dt class="grand">${h(t.total)}</dt><dd class="grand" data-testid="grand-total">${h(money(view.grandTotal, lang))}</dd>
</dl>
${state}
${payForm}
</main>`,
  });
}

function renderProblem(error: CommerceError, lang: PageLang): string {
  const t: Text = TEXT[lang];
  const [title, text] =
    error.code === 'PAYMENT_LINK_EXPIRED'
      ? [t.expired, t.expiredText]
      : error.code === 'PAYMENT_LINK_INVALID'
        ? [t.invalid, t.invalidText]
        : [t.title, error.message];
  return htmlPage({
    lang,
    title,
    head: `<meta name="robots" content="noindex"><style>${PAGE_STYLES}</style>`,
    body: `<main class="card"><header><span class="brand">Partner Grocery</span></header>
<div class="state warn" role="alert"><h1>${h(title)}</h1><p>${h(text)}</p><p class="muted">${h(error.code)}</p></div></main>`,
  });
}
