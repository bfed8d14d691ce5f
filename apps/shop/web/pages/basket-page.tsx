import { useState } from 'preact/hooks';
import { BasketLines } from '../components/basket-lines.tsx';
import { BasketSummary, type OrderForm } from '../components/basket-summary.tsx';
import { CouponsPanel } from '../components/coupons-panel.tsx';
import { FulfilmentPanel } from '../components/fulfilment-panel.tsx';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import {
  ShopOrderCreateDocument,
  type BasketFieldsFragment,
  type QuoteFieldsFragment,
} from '../generated/operations.ts';
import { sessionStore } from '../lib/auth-session.ts';
import { contactStore, couponStore, pricingInput, useBasketLoad, useNow, useQuote } from '../lib/basket-checkout.ts';
import { errorText } from '../lib/error-text.ts';
import { branchName, productName } from '../lib/format.ts';
import { graphql, payloadOrThrow } from '../lib/graphql-client.ts';
import { useLang, type Lang, type Translate } from '../lib/i18n.ts';
import { navigate } from '../lib/router.ts';
import { basketStore, branchStore, fulfilmentStore, reloadBasket } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { PageHeading } from './page-heading.tsx';

function SignedOutBasket({ t }: { t: Translate }) {
  return (
    <div class="page narrow">
      <PageHeading>{t('basketTitle')}</PageHeading>
      <p>{t('signInToSeeBasket')}</p>
      <p class="actions">
        <Link to="/sign-in?next=%2Fbasket" class="button primary">
          {t('signIn')}
        </Link>
        <Link to="/sign-up?next=%2Fbasket" class="button">
          {t('signUp')}
        </Link>
      </p>
    </div>
  );
}

/** The product a field of an error (`lines.<n>…`) names, in the shopper's language. */
function lineNamer(lines: BasketFieldsFragment['lines'], lang: Lang): (field: string) => string | null {
  return (field) => {
    const match = /lines\.(\d+)/.exec(field);
    const line = match ? lines[Number(match[1])] : undefined;
    return line ? productName(line.product, lang, line.cprcode) : null;
  };
}

/**
 * Places the order with the quote's coupons, the contact and the comment, then goes to the order page
 * to pay. Its error shows at the top of the page, so it lives here rather than in the summary.
 */
function useOrderForm(
  basket: BasketFieldsFragment | null,
  bill: QuoteFieldsFragment | null,
  lang: Lang,
): OrderForm & { orderError: string | null } {
  const [orderError, setOrderError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [comment, setComment] = useState('');
  const fulfilment = useStore(fulfilmentStore);
  const contact = useStore(contactStore);
  const email = useStore(sessionStore)?.email ?? '';

  const placeOrder = async (event: Event) => {
    event.preventDefault();
    if (!basket) return;
    setPlacing(true);
    setOrderError(null);
    try {
      const input = {
        ...pricingInput(basket, fulfilment, bill?.couponCodes ?? [], contact, email),
        specialComment: comment.trim() || null,
      };
      // One key per click: a retry of the same request cannot create a second order.
      const result = await graphql(
        ShopOrderCreateDocument,
        { input },
        { auth: true, idempotencyKey: crypto.randomUUID() },
      );
      const order = payloadOrThrow(result.orderCreate).order;
      if (!order) throw new Error('orderCreate returned no order');
      couponStore.set([]);
      setComment('');
      await reloadBasket().catch(() => null);
      navigate(`/order?orderId=${encodeURIComponent(order.orderId)}&pay=1`);
    } catch (failure) {
      setOrderError(errorText(failure, lang, { productName: lineNamer(basket.lines, lang) }));
      setPlacing(false);
    }
  };
  return { orderError, placing, comment, setComment, placeOrder: (event) => void placeOrder(event) };
}

/**
 * The basket, the way to receive it, coupons, and the bill. Every total on this page comes from a
 * quote (`quote` / `quoteApplyCoupon`), priced again whenever something changes; none is summed here.
 */
export function BasketPage() {
  const { lang, t } = useLang();
  const session = useStore(sessionStore);
  const email = session?.email ?? null;
  const basket = useStore(basketStore);
  const branch = useStore(branchStore);
  const fulfilment = useStore(fulfilmentStore);
  const coupons = useStore(couponStore);
  const contact = useStore(contactStore);
  const { loaded, loadError } = useBasketLoad(email);
  const lines = basket?.lines ?? [];
  // Price again whenever the basket, the fulfilment, the coupons or the address change.
  const { quote, requote } = useQuote(
    email !== null && basket && lines.length > 0
      ? {
          input: pricingInput(basket, fulfilment, coupons, contact, email),
          lines: lines.map((l) => `${l.cprcode}x${l.quantity}`).join(','),
        }
      : null,
  );
  const now = useNow();
  const bill = quote.quote;
  const order = useOrderForm(basket, bill, lang);

  if (!session) return <SignedOutBasket t={t} />;

  const expiresAt = bill ? quote.receivedAt + bill.expiresInSeconds * 1000 : 0;
  const expired = bill !== null && now >= expiresAt;
  const basketBranch = branch && basket && branch.branchCode === basket.branchCode ? branch : null;

  return (
    <div class="page">
      <PageHeading>{t('basketTitle')}</PageHeading>
      {loadError ? <Notice tone="error">{errorText(loadError, lang)}</Notice> : null}
      {order.orderError && (
        <Notice tone="error" testId="order-error">
          {order.orderError}
        </Notice>
      )}
      {!loaded && !basket ? (
        <p class="loading">{t('loading')}</p>
      ) : lines.length === 0 ? (
        <div class="empty-state" data-testid="basket-empty">
          <p>{t('basketEmpty')}</p>
          <Link to="/" class="button primary">
            {t('startShopping')}
          </Link>
        </div>
      ) : null}

      {basket && lines.length > 0 && (
        <div class="basket-layout">
          <BasketLines lines={lines} bill={expired ? null : bill} lang={lang} t={t} />

          <div class="checkout-column">
            <FulfilmentPanel
              fulfilment={fulfilment}
              branchLabel={basketBranch ? branchName(basketBranch, lang) : basket.branchCode}
              deliveryAvailable={basketBranch?.deliveryAvailable !== false}
              lang={lang}
              t={t}
            />
            <CouponsPanel coupons={coupons} bill={bill} lang={lang} t={t} />
            <BasketSummary
              quote={quote}
              expiresAt={expiresAt}
              now={now}
              requote={requote}
              nameOfLine={lineNamer(lines, lang)}
              order={order}
              lang={lang}
              t={t}
            />
          </div>
        </div>
      )}
    </div>
  );
}
