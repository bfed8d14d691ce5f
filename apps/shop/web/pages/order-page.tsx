import { useCallback, useEffect, useState } from 'preact/hooks';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { sessionStore } from '../lib/auth-session.ts';
import { errorText } from '../lib/error-text.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { ApiError, graphql, payloadOrThrow } from '../lib/graphql-client.ts';
import { useLang, type Lang, type Translate } from '../lib/i18n.ts';
import { ShopBasketAddDocument, ShopOrderDocument, type OrderFieldsFragment } from '../generated/operations.ts';
import { startPayment, type PaymentOutcome } from '../lib/payment.ts';
import { currentLocation, navigate } from '../lib/router.ts';
import { basketStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { PageHeading } from './page-heading.tsx';

/** The grocer's picking steps in order (packages/grocer README, linked from the docs). */
const STEPS = {
  PICKUP: ['AWAITING_PAYMENT', 'QUEUED', 'PICKING', 'PACKED', 'READY_FOR_PICKUP', 'COLLECTED'],
  DELIVERY: ['AWAITING_PAYMENT', 'QUEUED', 'PICKING', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
} as const;

const STEP_WORDS: Record<string, { en: string; th: string }> = {
  AWAITING_PAYMENT: { en: 'Awaiting payment', th: 'รอชำระเงิน' },
  QUEUED: { en: 'In the queue', th: 'อยู่ในคิว' },
  PICKING: { en: 'Picking', th: 'กำลังหยิบสินค้า' },
  PACKED: { en: 'Packed', th: 'แพ็กแล้ว' },
  READY_FOR_PICKUP: { en: 'Ready for pickup', th: 'พร้อมให้รับสินค้า' },
  OUT_FOR_DELIVERY: { en: 'Out for delivery', th: 'กำลังจัดส่ง' },
  COLLECTED: { en: 'Collected', th: 'รับสินค้าแล้ว' },
  DELIVERED: { en: 'Delivered', th: 'จัดส่งแล้ว' },
  CANCELLED: { en: 'Cancelled', th: 'ยกเลิกแล้ว' },
};

const STATUS_WORDS: Record<string, { en: string; th: string }> = {
  PLACED: { en: 'Placed', th: 'สั่งซื้อแล้ว' },
  PICKING: { en: 'Being picked', th: 'กำลังจัดสินค้า' },
  READY: { en: 'Ready for pickup', th: 'พร้อมให้รับสินค้า' },
  OUT_FOR_DELIVERY: { en: 'Out for delivery', th: 'กำลังจัดส่ง' },
  COMPLETED: { en: 'Completed', th: 'เสร็จสมบูรณ์' },
  CANCELLED: { en: 'Cancelled', th: 'ยกเลิกแล้ว' },
};

const FINAL = new Set(['COMPLETED', 'CANCELLED']);

function statusText(status: string | null, lang: Lang): string {
  if (!status) return '';
  return STATUS_WORDS[status]?.[lang] ?? status;
}

export function stepText(step: string | null, lang: Lang): string {
  if (!step) return '';
  return STEP_WORDS[step]?.[lang] ?? step;
}

/** Status badge for an order: its status, and whether it is paid. */
export function OrderBadges({ order, lang, t }: { order: OrderFieldsFragment; lang: Lang; t: Translate }) {
  return (
    <span class="badges">
      <span class={`badge status-${(order.status ?? '').toLowerCase()}`} data-testid="order-status">
        {statusText(order.status, lang)}
      </span>
      <span class={`badge ${order.isPaid ? 'badge-paid' : 'badge-unpaid'}`} data-testid="payment-status">
        {order.isPaid ? t('paid') : t('unpaid')}
      </span>
      {order.sandbox && <span class="badge badge-sandbox">{t('sandboxOrder')}</span>}
    </span>
  );
}

/**
 * One order: lines and totals as the order was priced, payment, and picking progress (polled
 * while it moves). `pay=1` starts the payment at once; the payment page comes back with `from=pay`.
 */
export function OrderPage({ orderId, autoPay, fromPayment }: { orderId: string; autoPay: boolean; fromPayment: boolean }) {
  const { lang, t } = useLang();
  const session = useStore(sessionStore);
  const email = session?.email ?? null;
  const order = useAsync(async () => (email !== null ? (await graphql(ShopOrderDocument, { orderId }, { auth: true })).order : null), [orderId, email]);
  const { reload } = order;
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = useCallback(
    async (checkOnly = false) => {
      setBusy(true);
      setPayError(null);
      try {
        const result = await startPayment(orderId, lang, { checkOnly });
        setOutcome(result);
        if (result.kind !== 'redirecting') setBusy(false);
        if (result.kind === 'already-paid') reload();
      } catch (failure) {
        setPayError(errorText(failure, lang));
        setBusy(false);
      }
    },
    [orderId, lang, reload],
  );

  useEffect(() => {
    if (email === null || !autoPay) return;
    // Forget `pay=1` first, so that coming back from the payment page does not pay again.
    navigate(`/order?orderId=${encodeURIComponent(orderId)}`, { replace: true });
    void pay();
  }, [orderId, autoPay, email, pay]);

  const data = order.data;
  const unpaidOrderId = data && !data.isPaid && data.status !== 'CANCELLED' ? data.orderId : null;
  useEffect(() => {
    // Back from the payment page unpaid: find out why (the page there said so too).
    if (fromPayment && unpaidOrderId !== null) void pay(true);
  }, [fromPayment, unpaidOrderId, pay]);

  // Picking moves on after payment: look again now and then until the order is done.
  const moving = data !== null && data.isPaid && !FINAL.has(data.status ?? '');
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(reload, 10_000);
    return () => clearInterval(timer);
  }, [moving, reload]);

  if (!session) {
    return (
      <div class="page narrow">
        <PageHeading>{t('orderTitle', { id: orderId })}</PageHeading>
        <p>{t('signInToSeeOrders')}</p>
        <Link to={`/sign-in?next=${encodeURIComponent(currentLocation())}`} class="button primary">
          {t('signIn')}
        </Link>
      </div>
    );
  }

  const putBack = async (o: OrderFieldsFragment) => {
    setBusy(true);
    try {
      for (const line of o.lines) {
        const { basketAdd } = await graphql(ShopBasketAddDocument, { input: { cprcode: line.cprcode, quantity: line.quantity, branchCode: o.branchCode } }, { auth: true });
        basketStore.set(payloadOrThrow(basketAdd).basket);
      }
      navigate('/basket');
    } catch (failure) {
      setPayError(errorText(failure, lang));
      setBusy(false);
    }
  };

  const money = (amount: number | null) => (amount === null ? '' : formatMoney(amount, 'THB', lang));

  return (
    <div class="page">
      <nav aria-label={t('breadcrumb')} class="breadcrumb">
        <Link to="/orders">{t('allMyOrders')}</Link> <span aria-hidden="true">›</span> <span aria-current="page">{orderId}</span>
      </nav>
      <PageHeading>{t('orderTitle', { id: orderId })}</PageHeading>
      {order.error ? <Notice tone="error">{errorText(order.error, lang)}</Notice> : null}
      {!data && order.loading && <p class="loading">{t('loading')}</p>}
      {!data && !order.loading && !order.error && <Notice tone="error">{t('orderNotFound')}</Notice>}
      {payError && (
        <Notice tone="error" testId="pay-error">
          {payError}
        </Notice>
      )}
      {outcome?.kind === 'redirecting' && <Notice tone="info">{t('payRedirect')}</Notice>}
      {outcome?.kind === 'price-changed' && data && (
        <Notice tone="warning" title={t('priceChangedTitle')} testId="price-changed">
          <p>{t('priceChangedText', { was: money(outcome.was), now: outcome.now === null ? '—' : money(outcome.now) })}</p>
          <button type="button" class="button primary" onClick={() => putBack(data)} disabled={busy}>
            {t('orderAgain')}
          </button>
        </Notice>
      )}
      {outcome?.kind === 'expired' && <Notice tone="warning">{errorText(new ApiError('PAYMENT_LINK_EXPIRED', 'expired'), lang)}</Notice>}

      {data && (
        <div class="order-layout">
          <section class="panel" aria-labelledby="order-state">
            <h2 id="order-state" class="sr-only">
              {t('status')}
            </h2>
            <OrderBadges order={data} lang={lang} t={t} />
            {data.createdAt && <p class="muted">{t('placedAt', { date: formatDate(data.createdAt, lang) })}</p>}
            {data.isPaid ? (
              <Notice tone="success" testId="paid-notice">
                {t('paidThanks')}
              </Notice>
            ) : data.status !== 'CANCELLED' && outcome?.kind !== 'price-changed' ? (
              <div class="pay-box">
                <p>{t('notPaid')}</p>
                <button type="button" class="button primary" onClick={() => pay()} disabled={busy} data-testid="pay-now">
                  {t('payNow', { amount: money(data.grandTotal) })}
                </button>
              </div>
            ) : null}
            <Progress order={data} lang={lang} t={t} />
          </section>

          <section class="panel" aria-labelledby="order-items">
            <h2 id="order-items">{t('items')}</h2>
            <table class="order-lines">
              <thead>
                <tr>
                  <th scope="col">{t('items')}</th>
                  <th scope="col" class="num">
                    {t('quantity')}
                  </th>
                  <th scope="col" class="num">
                    {t('total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.lines.map((line) => (
                  <tr key={line.cprcode}>
                    <td>
                      <Link to={`/p/${line.cprcode}`}>{line.productName ?? line.cprcode}</Link>
                      {line.price !== null && <span class="muted small"> · {t('each', { price: money(line.price) })}</span>}
                    </td>
                    <td class="num">{line.quantity}</td>
                    <td class="num">{money(line.rowTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl class="totals">
              {data.subTotal !== null && (
                <>
                  <dt>{t('subTotal')}</dt>
                  <dd>{money(data.subTotal)}</dd>
                </>
              )}
              {(data.deliveryFee ?? 0) > 0 && (
                <>
                  <dt>{t('deliveryFee')}</dt>
                  <dd>{money(data.deliveryFee)}</dd>
                </>
              )}
              {(data.totalDiscount ?? 0) > 0 && (
                <>
                  <dt>{t('discounts')}</dt>
                  <dd class="discount">−{money(data.totalDiscount)}</dd>
                </>
              )}
              <dt class="grand">{t('total')}</dt>
              <dd class="grand" data-testid="order-total">
                {money(data.grandTotal)}
              </dd>
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}

function Progress({ order, lang, t }: { order: OrderFieldsFragment; lang: Lang; t: Translate }) {
  const type = order.shipping?.fulfilmentType ?? 'PICKUP';
  const current = order.shipping?.schedules?.[0]?.pickingStatus ?? null;
  const steps: readonly string[] = STEPS[type];
  const at = current ? steps.indexOf(current) : -1;
  if (current === 'CANCELLED') return <p class="muted">{stepText(current, lang)}</p>;
  return (
    <div class="progress">
      <h3>
        {t('progress')} · {type === 'DELIVERY' ? t('fulfilmentDelivery') : t('fulfilmentPickup')}
      </h3>
      <ol class="steps" data-testid="picking-progress" data-current={current ?? ''}>
        {steps.map((step, i) => (
          <li key={step} class={i < at ? 'step done' : i === at ? 'step current' : 'step'} aria-current={i === at ? 'step' : undefined}>
            {stepText(step, lang)}
          </li>
        ))}
      </ol>
    </div>
  );
}
