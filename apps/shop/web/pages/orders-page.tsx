import { useCallback, useEffect, useState } from 'preact/hooks';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { sessionStore } from '../lib/auth-session.ts';
import { errorText } from '../lib/error-text.ts';
import { formatDate, formatMoney } from '../lib/format.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { ShopOrdersDocument, type OrderFieldsFragment } from '../generated/operations.ts';
import { useStore } from '../lib/store.ts';
import { OrderBadges, stepText } from '../components/order-status.tsx';
import { PageHeading } from './page-heading.tsx';

/** The shopper's orders through this partner key, newest first, page by page. */
export function OrdersPage() {
  const { lang, t } = useLang();
  const session = useStore(sessionStore);
  const [orders, setOrders] = useState<OrderFieldsFragment[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const email = session?.email ?? null;

  // Only state setters inside: one function for the page's lifetime.
  const load = useCallback(async (after: string | null) => {
    setLoading(true);
    setError(null);
    try {
      const { orders: page } = await graphql(ShopOrdersDocument, { first: 10, after }, { auth: true });
      setOrders((previous) => (after ? [...previous, ...page.nodes] : page.nodes));
      setCursor(page.pageInfo.endCursor);
      setMore(page.pageInfo.hasNextPage);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (email !== null) void load(null);
  }, [email, load]);

  if (!session) {
    return (
      <div class="page narrow">
        <PageHeading>{t('ordersTitle')}</PageHeading>
        <p>{t('signInToSeeOrders')}</p>
        <Link to="/sign-in?next=%2Forders" class="button primary">
          {t('signIn')}
        </Link>
      </div>
    );
  }

  return (
    <div class="page narrow">
      <PageHeading>{t('ordersTitle')}</PageHeading>
      {error ? <Notice tone="error">{errorText(error, lang)}</Notice> : null}
      {!loading && !error && orders.length === 0 && <p>{t('noOrders')}</p>}
      <ul class="order-list" data-testid="order-list">
        {orders.map((order) => (
          <li key={order.orderId} class="order-row">
            <div>
              <Link to={`/order?orderId=${encodeURIComponent(order.orderId)}`} class="order-id">
                {order.orderId}
              </Link>
              <p class="muted small">
                {order.createdAt && formatDate(order.createdAt, lang)} ·{' '}
                {t('itemsCount', { count: order.lines.reduce((n, l) => n + l.quantity, 0) })} ·{' '}
                {order.shipping?.fulfilmentType === 'DELIVERY' ? t('fulfilmentDelivery') : t('fulfilmentPickup')}
                {order.shipping?.schedules?.[0]?.pickingStatus &&
                  ` · ${stepText(order.shipping.schedules[0].pickingStatus, lang)}`}
              </p>
            </div>
            <OrderBadges order={order} lang={lang} t={t} />
            <span class="order-total">{order.grandTotal !== null && formatMoney(order.grandTotal, 'THB', lang)}</span>
          </li>
        ))}
      </ul>
      {loading && <p class="loading">{t('loading')}</p>}
      {more && !loading && (
        <p class="center">
          <button type="button" class="button" onClick={() => load(cursor)}>
            {t('loadMore')}
          </button>
        </p>
      )}
    </div>
  );
}
