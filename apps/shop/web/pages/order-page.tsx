import { useCallback, useEffect, useState } from 'preact/hooks';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { OrderItems } from '../components/order-items.tsx';
import { OrderBadges, OrderProgress } from '../components/order-status.tsx';
import { ShopBasketAddDocument, ShopOrderDocument, type OrderFieldsFragment } from '../generated/operations.ts';
import { sessionStore } from '../lib/auth-session.ts';
import { errorText } from '../lib/error-text.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { ApiError, graphql, payloadOrThrow } from '../lib/graphql-client.ts';
import { useLang, type Lang, type Translate } from '../lib/i18n.ts';
import { startPayment, type PaymentOutcome } from '../lib/payment.ts';
import { currentLocation, navigate } from '../lib/router.ts';
import { basketStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { PageHeading } from './page-heading.tsx';

const FINAL = new Set(['COMPLETED', 'CANCELLED']);

/** Paying the order, and putting its lines back in the basket when its price changed. */
interface OrderPayment {
  outcome: PaymentOutcome | null;
  payError: string | null;
  busy: boolean;
  pay: (checkOnly?: boolean) => Promise<void>;
  putBack: (order: OrderFieldsFragment) => Promise<void>;
}

function useOrderPayment(orderId: string, lang: Lang, reload: () => void): OrderPayment {
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

  const putBack = async (order: OrderFieldsFragment) => {
    setBusy(true);
    try {
      for (const line of order.lines) {
        const { basketAdd } = await graphql(
          ShopBasketAddDocument,
          { input: { cprcode: line.cprcode, quantity: line.quantity, branchCode: order.branchCode } },
          { auth: true },
        );
        basketStore.set(payloadOrThrow(basketAdd).basket);
      }
      navigate('/basket');
    } catch (failure) {
      setPayError(errorText(failure, lang));
      setBusy(false);
    }
  };
  return { outcome, payError, busy, pay, putBack };
}

/**
 * When to pay without a click: `pay=1` (just ordered) pays at once; back from the payment page unpaid
 * (`from=pay`), the payment is checked to find out why. A paid order that still moves is read again now and then.
 */
function useOrderFollowUp(options: {
  orderId: string;
  email: string | null;
  autoPay: boolean;
  fromPayment: boolean;
  order: OrderFieldsFragment | null;
  reload: () => void;
  pay: OrderPayment['pay'];
}) {
  const { orderId, email, autoPay, fromPayment, order, reload, pay } = options;
  useEffect(() => {
    if (email === null || !autoPay) return;
    // Forget `pay=1` first, so that coming back from the payment page does not pay again.
    navigate(`/order?orderId=${encodeURIComponent(orderId)}`, { replace: true });
    void pay();
  }, [orderId, autoPay, email, pay]);

  const unpaidOrderId = order && !order.isPaid && order.status !== 'CANCELLED' ? order.orderId : null;
  useEffect(() => {
    // Back from the payment page unpaid: find out why (the page there said so too).
    if (fromPayment && unpaidOrderId !== null) void pay(true);
  }, [fromPayment, unpaidOrderId, pay]);

  // Picking moves on after payment: look again now and then until the order is done.
  const moving = order !== null && order.isPaid && !FINAL.has(order.status ?? '');
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(reload, 10_000);
    return () => clearInterval(timer);
  }, [moving, reload]);
}

function SignedOutOrder({ orderId, t }: { orderId: string; t: Translate }) {
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

/** What the last payment attempt said: an error, on the way, a changed price (with a way to order again), or an expired link. */
function PaymentNotices({
  order,
  payment,
  money,
  lang,
  t,
}: {
  order: OrderFieldsFragment | null;
  payment: OrderPayment;
  money: (amount: number | null) => string;
  lang: Lang;
  t: Translate;
}) {
  const { outcome, payError, busy, putBack } = payment;
  return (
    <>
      {payError && (
        <Notice tone="error" testId="pay-error">
          {payError}
        </Notice>
      )}
      {outcome?.kind === 'redirecting' && <Notice tone="info">{t('payRedirect')}</Notice>}
      {outcome?.kind === 'price-changed' && order && (
        <Notice tone="warning" title={t('priceChangedTitle')} testId="price-changed">
          <p>
            {t('priceChangedText', { was: money(outcome.was), now: outcome.now === null ? '—' : money(outcome.now) })}
          </p>
          <button type="button" class="button primary" onClick={() => putBack(order)} disabled={busy}>
            {t('orderAgain')}
          </button>
        </Notice>
      )}
      {outcome?.kind === 'expired' && (
        <Notice tone="warning">{errorText(new ApiError('PAYMENT_LINK_EXPIRED', 'expired'), lang)}</Notice>
      )}
    </>
  );
}

/** The order's status and payment: paid, or a button to pay; then picking progress. */
function OrderStatePanel({
  order,
  payment,
  money,
  lang,
  t,
}: {
  order: OrderFieldsFragment;
  payment: OrderPayment;
  money: (amount: number | null) => string;
  lang: Lang;
  t: Translate;
}) {
  return (
    <section class="panel" aria-labelledby="order-state">
      <h2 id="order-state" class="sr-only">
        {t('status')}
      </h2>
      <OrderBadges order={order} lang={lang} t={t} />
      {order.createdAt && <p class="muted">{t('placedAt', { date: formatDate(order.createdAt, lang) })}</p>}
      {order.isPaid ? (
        <Notice tone="success" testId="paid-notice">
          {t('paidThanks')}
        </Notice>
      ) : order.status !== 'CANCELLED' && payment.outcome?.kind !== 'price-changed' ? (
        <div class="pay-box">
          <p>{t('notPaid')}</p>
          <button
            type="button"
            class="button primary"
            onClick={() => payment.pay()}
            disabled={payment.busy}
            data-testid="pay-now"
          >
            {t('payNow', { amount: money(order.grandTotal) })}
          </button>
        </div>
      ) : null}
      <OrderProgress order={order} lang={lang} t={t} />
    </section>
  );
}

/**
 * One order: lines and totals as the order was priced, payment, and picking progress (polled
 * while it moves). `pay=1` starts the payment at once; the payment page comes back with `from=pay`.
 */
export function OrderPage({
  orderId,
  autoPay,
  fromPayment,
}: {
  orderId: string;
  autoPay: boolean;
  fromPayment: boolean;
}) {
  const { lang, t } = useLang();
  const session = useStore(sessionStore);
  const email = session?.email ?? null;
  const order = useAsync(
    async () => (email !== null ? (await graphql(ShopOrderDocument, { orderId }, { auth: true })).order : null),
    [orderId, email],
  );
  const { reload } = order;
  const payment = useOrderPayment(orderId, lang, reload);
  const data = order.data;
  useOrderFollowUp({ orderId, email, autoPay, fromPayment, order: data, reload, pay: payment.pay });

  if (!session) return <SignedOutOrder orderId={orderId} t={t} />;

  const money = (amount: number | null) => (amount === null ? '' : formatMoney(amount, 'THB', lang));

  return (
    <div class="page">
      <nav aria-label={t('breadcrumb')} class="breadcrumb">
        <Link to="/orders">{t('allMyOrders')}</Link> <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">{orderId}</span>
      </nav>
      <PageHeading>{t('orderTitle', { id: orderId })}</PageHeading>
      {order.error ? <Notice tone="error">{errorText(order.error, lang)}</Notice> : null}
      {!data && order.loading && <p class="loading">{t('loading')}</p>}
      {!data && !order.loading && !order.error && <Notice tone="error">{t('orderNotFound')}</Notice>}
      <PaymentNotices order={data} payment={payment} money={money} lang={lang} t={t} />

      {data && (
        <div class="order-layout">
          <OrderStatePanel order={data} payment={payment} money={money} lang={lang} t={t} />
          <OrderItems order={data} money={money} t={t} />
        </div>
      )}
    </div>
  );
}
