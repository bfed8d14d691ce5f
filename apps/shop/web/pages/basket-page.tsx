import { useEffect, useRef, useState } from 'preact/hooks';
import { Icon } from '../components/icons.tsx';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { ProductImage } from '../components/product-bits.tsx';
import { sessionStore } from '../lib/auth-session.ts';
import { couponReasonText, errorText } from '../lib/error-text.ts';
import { branchName, formatMoney, productName } from '../lib/format.ts';
import { graphql, payloadOrThrow } from '../lib/graphql-client.ts';
import { useLang, type Lang, type Translate } from '../lib/i18n.ts';
import {
  ShopBasketEmptyDocument,
  ShopBasketRemoveDocument,
  ShopBasketSetQuantityDocument,
  ShopOrderCreateDocument,
  ShopQuoteApplyCouponDocument,
  ShopQuoteDocument,
  ShopResolveBranchDocument,
  type AddressInput,
  type BasketFieldsFragment,
  type QuoteInput,
  type QuoteFieldsFragment,
} from '../generated/operations.ts';
import { navigate } from '../lib/router.ts';
import { basketStore, branchStore, fulfilmentStore, reloadBasket, type Fulfilment } from '../lib/shop-state.ts';
import { createStore, useStore } from '../lib/store.ts';
import { PageHeading } from './page-heading.tsx';

/** Coupons and the delivery contact live for the visit, across pages. */
const couponStore = createStore<string[]>([]);
interface Contact {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
}
const contactStore = createStore<Contact>({ firstName: '', lastName: '', phone: '', address: '' });

/** One entry of a quote's `failedCoupons` (a JSON field: the grocer's calculator's own words). */
interface FailedCoupon {
  code: string;
  reason: string;
  message?: string;
}

interface QuoteState {
  quote: QuoteFieldsFragment | null;
  error: unknown;
  loading: boolean;
  /** When the quote arrived (browser clock), to count its validity down. */
  receivedAt: number;
}

function isFailedCoupons(value: unknown): value is FailedCoupon[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && typeof (v as FailedCoupon).code === 'string');
}

function pricingInput(basket: BasketFieldsFragment, fulfilment: Fulfilment, coupons: string[], contact: Contact, email: string): QuoteInput {
  const address: AddressInput | null =
    fulfilment.type === 'DELIVERY'
      ? {
          lat: fulfilment.location?.lat ?? null,
          lon: fulfilment.location?.lon ?? null,
          postcode: fulfilment.location?.postcode ?? null,
          address: contact.address.trim() || null,
          firstName: contact.firstName.trim() || null,
          lastName: contact.lastName.trim() || null,
          phone: contact.phone.trim() || null,
          email,
        }
      : null;
  return { branchCode: basket.branchCode, shippingType: fulfilment.type, scheduleMode: fulfilment.scheduleMode, couponCodes: coupons.length ? coupons : null, address };
}

/** Ticks once a second while mounted, for the quote's countdown. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Loads the signed-in shopper's basket into the store (again when the shopper changes). */
function useBasketLoad(email: string | null): { loaded: boolean; loadError: unknown } {
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    if (email === null) return;
    reloadBasket().then(
      () => setLoaded(true),
      (error: unknown) => {
        setLoadError(error);
        setLoaded(true);
      },
    );
  }, [email]);
  return { loaded, loadError };
}

/** What a quote is asked for: the pricing input and the basket lines it prices (the server reads those from the basket). */
interface QuoteRequest {
  input: QuoteInput;
  lines: string;
}

async function fetchQuote(input: QuoteInput): Promise<QuoteFieldsFragment | null> {
  const payload = input.couponCodes
    ? (await graphql(ShopQuoteApplyCouponDocument, { input }, { auth: true })).quoteApplyCoupon
    : (await graphql(ShopQuoteDocument, { input }, { auth: true })).quote;
  return payloadOrThrow(payload).quote;
}

/**
 * Prices `request` a moment after it last changed (typing an address does not ask for a quote per
 * key), and again on `requote`. A request is compared by its content, so a basket reloaded unchanged
 * is not priced again; an answer to an older request is dropped.
 */
function useQuote(request: QuoteRequest | null): { quote: QuoteState; requote: () => void } {
  const [quote, setQuote] = useState<QuoteState>({ quote: null, error: null, loading: false, receivedAt: 0 });
  const [round, setRound] = useState(0);
  const generation = useRef(0);
  const requestKey = request === null ? null : JSON.stringify(request);
  useEffect(() => {
    if (requestKey === null) {
      setQuote({ quote: null, error: null, loading: false, receivedAt: 0 });
      return;
    }
    const { input } = JSON.parse(requestKey) as QuoteRequest;
    const mine = ++generation.current;
    setQuote((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(async () => {
      try {
        const priced = await fetchQuote(input);
        if (mine === generation.current) setQuote({ quote: priced, error: null, loading: false, receivedAt: Date.now() });
      } catch (error) {
        if (mine === generation.current) setQuote({ quote: null, error, loading: false, receivedAt: 0 });
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [requestKey, round]);
  return { quote, requote: () => setRound((n) => n + 1) };
}

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
  const [orderError, setOrderError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [comment, setComment] = useState('');
  const { loaded, loadError } = useBasketLoad(email);
  const lines = basket?.lines ?? [];
  // Price again whenever the basket, the fulfilment, the coupons or the address change.
  const { quote, requote } = useQuote(
    email !== null && basket && lines.length > 0
      ? { input: pricingInput(basket, fulfilment, coupons, contact, email), lines: lines.map((l) => `${l.cprcode}x${l.quantity}`).join(',') }
      : null,
  );
  const now = useNow();

  if (!session) return <SignedOutBasket t={t} />;

  const nameOfLine = (field: string): string | null => {
    const match = /lines\.(\d+)/.exec(field);
    const line = match ? lines[Number(match[1])] : undefined;
    return line ? productName(line.product, lang, line.cprcode) : null;
  };

  const bill = quote.quote;
  const expiresAt = bill ? quote.receivedAt + bill.expiresInSeconds * 1000 : 0;
  const expired = bill !== null && now >= expiresAt;

  const placeOrder = async (event: Event) => {
    event.preventDefault();
    if (!basket) return;
    setPlacing(true);
    setOrderError(null);
    try {
      const input = { ...pricingInput(basket, fulfilment, bill?.couponCodes ?? [], contact, session.email), specialComment: comment.trim() || null };
      // One key per click: a retry of the same request cannot create a second order.
      const result = await graphql(ShopOrderCreateDocument, { input }, { auth: true, idempotencyKey: crypto.randomUUID() });
      const order = payloadOrThrow(result.orderCreate).order;
      if (!order) throw new Error('orderCreate returned no order');
      couponStore.set([]);
      setComment('');
      await reloadBasket().catch(() => null);
      navigate(`/order?orderId=${encodeURIComponent(order.orderId)}&pay=1`);
    } catch (failure) {
      setOrderError(errorText(failure, lang, { productName: nameOfLine }));
      setPlacing(false);
    }
  };

  const basketBranch = branch && basket && branch.branchCode === basket.branchCode ? branch : null;

  return (
    <div class="page">
      <PageHeading>{t('basketTitle')}</PageHeading>
      {loadError ? <Notice tone="error">{errorText(loadError, lang)}</Notice> : null}
      {orderError && (
        <Notice tone="error" testId="order-error">
          {orderError}
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
            <section class="panel summary" aria-labelledby="summary-title" aria-busy={quote.loading}>
              <h2 id="summary-title">{t('summary')}</h2>
              {quote.error ? (
                <Notice tone="error" testId="quote-error">
                  {errorText(quote.error, lang, { productName: nameOfLine })}
                </Notice>
              ) : null}
              {expired ? (
                <Notice tone="warning" testId="quote-expired">
                  {t('quoteExpired')}{' '}
                  <button type="button" class="button" onClick={requote}>
                    {t('refreshQuote')}
                  </button>
                </Notice>
              ) : bill ? (
                <QuoteTotals quote={bill} lang={lang} t={t} />
              ) : quote.loading ? (
                <p class="loading">{t('pricing')}</p>
              ) : null}
              {bill && !expired && (
                <p class="muted small" data-testid="quote-validity">
                  {t('quoteValid', { minutes: Math.max(1, Math.ceil((expiresAt - now) / 60_000)) })}
                </p>
              )}
              <form onSubmit={placeOrder} class="stack">
                <div class="field">
                  <label for="comment">{t('comment')}</label>
                  <textarea id="comment" name="comment" rows={2} maxLength={480} value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
                </div>
                <button type="submit" class="button primary wide" disabled={placing || quote.loading} data-testid="place-order">
                  {placing ? t('placing') : t('placeOrder')}
                </button>
              </form>
            </section>
          </div>
        </div>
      )}
    </div>
  );
}

type BasketLine = BasketFieldsFragment['lines'][number];

/** The basket's lines with their quantity steppers; `bill` (null while expired) shows each line's total. */
function BasketLines({ lines, bill, lang, t }: { lines: BasketLine[]; bill: QuoteFieldsFragment | null; lang: Lang; t: Translate }) {
  const [lineError, setLineError] = useState<string | null>(null);
  const [busyLine, setBusyLine] = useState<string | null>(null);

  const changeLine = async (cprcode: string, action: () => Promise<BasketFieldsFragment | null>) => {
    setBusyLine(cprcode);
    setLineError(null);
    try {
      basketStore.set(await action());
    } catch (failure) {
      setLineError(errorText(failure, lang, { productName: () => productName(lines.find((l) => l.cprcode === cprcode)?.product, lang, cprcode) }));
    } finally {
      setBusyLine(null);
    }
  };

  const setQuantity = (cprcode: string, quantity: number) =>
    changeLine(cprcode, async () => payloadOrThrow((await graphql(ShopBasketSetQuantityDocument, { input: { cprcode, quantity } }, { auth: true })).basketSetQuantity).basket);
  const remove = (cprcode: string) =>
    changeLine(cprcode, async () => payloadOrThrow((await graphql(ShopBasketRemoveDocument, { input: { cprcode } }, { auth: true })).basketRemove).basket);
  const empty = () => {
    if (!window.confirm(t('confirmEmpty'))) return;
    void changeLine('*', async () => payloadOrThrow((await graphql(ShopBasketEmptyDocument, {}, { auth: true })).basketEmpty).basket);
  };

  return (
    <section aria-labelledby="lines-title" class="panel">
      <div class="panel-head">
        <h2 id="lines-title">{t('items')}</h2>
        <button type="button" class="button link danger" onClick={empty} disabled={busyLine !== null}>
          {t('emptyBasket')}
        </button>
      </div>
      {lineError && <Notice tone="error">{lineError}</Notice>}
      <ul class="basket-lines">
        {lines.map((line) => {
          const name = productName(line.product, lang, line.cprcode);
          const priced = bill ? bill.lines.find((q) => q.cprcode === line.cprcode) : undefined;
          const busy = busyLine === line.cprcode || busyLine === '*';
          return (
            <li key={line.cprcode} class="basket-line" data-cprcode={line.cprcode}>
              <ProductImage url={line.product?.imageUrl ?? null} alt="" size="thumb" />
              <div class="line-main">
                <Link to={`/p/${line.cprcode}`} class="line-name">
                  {name}
                </Link>
                {line.product?.price && <p class="muted">{t('each', { price: formatMoney(line.product.price.amount, line.product.price.currency, lang) })}</p>}
                <div class="stepper">
                  <button
                    type="button"
                    class="button icon"
                    aria-label={t('decrease', { name })}
                    disabled={busy || line.quantity <= 1}
                    onClick={() => setQuantity(line.cprcode, line.quantity - 1)}
                  >
                    −
                  </button>
                  <label class="sr-only" for={`qty-${line.cprcode}`}>
                    {t('quantityOf', { name })}
                  </label>
                  <input
                    id={`qty-${line.cprcode}`}
                    class="qty"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={99}
                    value={line.quantity}
                    disabled={busy}
                    onChange={(event) => {
                      const value = Number(event.currentTarget.value);
                      // The box shows the basket's quantity again; a refused one is explained by the API's error.
                      event.currentTarget.value = String(line.quantity);
                      if (value !== line.quantity) void setQuantity(line.cprcode, Number.isFinite(value) ? Math.trunc(value) : line.quantity);
                    }}
                  />
                  <button type="button" class="button icon" aria-label={t('increase', { name })} disabled={busy} onClick={() => setQuantity(line.cprcode, line.quantity + 1)}>
                    +
                  </button>
                  <button type="button" class="button link danger" onClick={() => remove(line.cprcode)} disabled={busy}>
                    {t('remove')}
                    <span class="sr-only">: {name}</span>
                  </button>
                </div>
              </div>
              <div class="line-total" data-testid="line-total">
                {priced && priced.rowTotal !== null && (
                  <>
                    {priced.discountedRowTotal !== null && priced.discountedRowTotal < priced.rowTotal && <s class="muted">{formatMoney(priced.rowTotal, bill!.currency, lang)}</s>}
                    <span>{formatMoney(priced.discountedRowTotal ?? priced.rowTotal, bill!.currency, lang)}</span>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The coupons given this visit, each shown applied, refused (with why) or being priced. */
function CouponsPanel({ coupons, bill, lang, t }: { coupons: string[]; bill: QuoteFieldsFragment | null; lang: Lang; t: Translate }) {
  const [couponText, setCouponText] = useState('');
  const failed = bill && isFailedCoupons(bill.failedCoupons) ? bill.failedCoupons : [];

  const addCoupon = (event: Event) => {
    event.preventDefault();
    const code = couponText.trim().toUpperCase();
    if (!code) return;
    couponStore.set((list) => (list.includes(code) ? list : [...list, code]));
    setCouponText('');
  };

  return (
    <section class="panel" aria-labelledby="coupons-title">
      <h2 id="coupons-title">{t('coupons')}</h2>
      <form class="inline-form" onSubmit={addCoupon}>
        <div class="field">
          <label for="coupon">{t('couponCode')}</label>
          <input id="coupon" name="coupon" autoComplete="off" autoCapitalize="characters" maxLength={40} value={couponText} onInput={(e) => setCouponText(e.currentTarget.value)} />
        </div>
        <button type="submit" class="button">
          {t('apply')}
        </button>
      </form>
      {coupons.length > 0 && (
        <ul class="coupon-list" data-testid="coupons">
          {coupons.map((code) => {
            const failure = failed.find((f) => f.code.toUpperCase() === code);
            const applied = bill?.couponCodes.some((c) => c.toUpperCase() === code) ?? false;
            return (
              <li key={code} class={failure ? 'coupon failed' : applied ? 'coupon applied' : 'coupon'} data-code={code}>
                <span class="coupon-code">{code}</span>
                <span class="coupon-state">{failure ? couponReasonText(failure.reason, failure.message, lang) : applied ? t('couponApplied', { code }) : t('pricing')}</span>
                <button type="button" class="button icon" aria-label={t('removeCoupon', { code })} onClick={() => couponStore.set((list) => list.filter((c) => c !== code))}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function QuoteTotals({ quote, lang, t }: { quote: QuoteFieldsFragment; lang: Lang; t: Translate }) {
  const money = (amount: number) => formatMoney(amount, quote.currency, lang);
  const deliveryFee = quote.deliveryFee ?? 0;
  return (
    <dl class="totals" data-testid="quote-totals">
      {quote.subTotal !== null && (
        <>
          <dt>{t('subTotal')}</dt>
          <dd>{money(quote.subTotal)}</dd>
        </>
      )}
      {deliveryFee > 0 && (
        <>
          <dt>{t('deliveryFee')}</dt>
          <dd>{money(deliveryFee)}</dd>
        </>
      )}
      {(quote.expressShippingCost ?? 0) > 0 && (
        <>
          <dt>{t('expressCost')}</dt>
          <dd>{money(quote.expressShippingCost!)}</dd>
        </>
      )}
      {(quote.totalDiscount ?? 0) > 0 && (
        <>
          <dt>{t('discounts')}</dt>
          <dd class="discount">−{money(quote.totalDiscount!)}</dd>
        </>
      )}
      <dt class="grand">{t('total')}</dt>
      <dd class="grand" data-testid="grand-total">
        {money(quote.grandTotal)}
      </dd>
    </dl>
  );
}

function FulfilmentPanel({
  fulfilment,
  branchLabel,
  deliveryAvailable,
  lang,
  t,
}: {
  fulfilment: Fulfilment;
  branchLabel: string;
  deliveryAvailable: boolean;
  lang: Lang;
  t: Translate;
}) {
  const contact = useStore(contactStore);
  const [postcode, setPostcode] = useState(fulfilment.location?.postcode ?? '');
  const [locError, setLocError] = useState<string | null>(null);
  const set = (patch: Partial<Fulfilment>) => fulfilmentStore.set((f) => ({ ...f, ...patch }));
  const setContact = (patch: Partial<Contact>) => contactStore.set((c) => ({ ...c, ...patch }));

  const usePostcode = async () => {
    setLocError(null);
    const code = postcode.trim();
    try {
      const { fulfilmentResolve: serving } = await graphql(ShopResolveBranchDocument, { input: { postcode: code } });
      // The serving branch's coordinates stand for the postcode's area; the grocer's calculator decides whether it delivers there.
      if (serving.lat !== null && serving.lon !== null) set({ location: { lat: serving.lat, lon: serving.lon, postcode: code, approximate: true } });
    } catch (failure) {
      setLocError(errorText(failure, lang, { postcode: code }));
    }
  };

  const useLocation = () => {
    setLocError(null);
    if (!('geolocation' in navigator)) {
      setLocError(t('locationDenied'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => set({ location: { lat: position.coords.latitude, lon: position.coords.longitude, postcode: postcode.trim() || null, approximate: false } }),
      () => setLocError(t('locationDenied')),
      { timeout: 10_000 },
    );
  };

  return (
    <section class="panel" aria-labelledby="fulfilment-title">
      <h2 id="fulfilment-title">{t('fulfilment')}</h2>
      <p class="muted">
        <Icon name="pin" size={16} /> {branchLabel} · <Link to="/branch">{t('chooseBranch')}</Link>
      </p>
      <fieldset class="choice">
        <legend class="sr-only">{t('howToGet')}</legend>
        <label class="radio">
          <input type="radio" name="shipping" value="PICKUP" checked={fulfilment.type === 'PICKUP'} onChange={() => set({ type: 'PICKUP' })} />
          {t('pickup')}
        </label>
        <label class="radio">
          <input type="radio" name="shipping" value="DELIVERY" checked={fulfilment.type === 'DELIVERY'} disabled={!deliveryAvailable} onChange={() => set({ type: 'DELIVERY' })} />
          {t('delivery')}
        </label>
        {!deliveryAvailable && <p class="help">{t('deliveryNotAvailable')}</p>}
      </fieldset>
      <fieldset class="choice">
        <legend>{t('schedule')}</legend>
        <label class="radio">
          <input type="radio" name="schedule" value="REGULAR" checked={fulfilment.scheduleMode === 'REGULAR'} onChange={() => set({ scheduleMode: 'REGULAR' })} />
          {t('regular')} <span class="muted small">· {t('regularHelp')}</span>
        </label>
        <label class="radio">
          <input type="radio" name="schedule" value="EXPRESS" checked={fulfilment.scheduleMode === 'EXPRESS'} onChange={() => set({ scheduleMode: 'EXPRESS' })} />
          {t('express')} <span class="muted small">· {t('expressHelp')}</span>
        </label>
      </fieldset>
      {fulfilment.type === 'DELIVERY' && (
        <fieldset class="address">
          <legend>{t('deliveryAddress')}</legend>
          <p class="muted small" data-testid="delivery-location">
            {fulfilment.location
              ? fulfilment.location.approximate && fulfilment.location.postcode
                ? t('locationApprox', { postcode: fulfilment.location.postcode })
                : t('locationExact')
              : t('locationNone')}
          </p>
          <div class="inline-form">
            <div class="field">
              <label for="delivery-postcode">{t('postcode')}</label>
              <input id="delivery-postcode" inputMode="numeric" autoComplete="postal-code" maxLength={5} value={postcode} onInput={(e) => setPostcode(e.currentTarget.value)} />
            </div>
            <button type="button" class="button" onClick={usePostcode} disabled={!/^\d{5}$/.test(postcode.trim())}>
              {t('usePostcode')}
            </button>
            <button type="button" class="button" onClick={useLocation}>
              {t('useMyLocation')}
            </button>
          </div>
          {locError && <Notice tone="error">{locError}</Notice>}
          <div class="grid-2">
            <div class="field">
              <label for="first-name">{t('firstName')}</label>
              <input id="first-name" autoComplete="given-name" value={contact.firstName} onChange={(e) => setContact({ firstName: e.currentTarget.value })} />
            </div>
            <div class="field">
              <label for="last-name">{t('lastName')}</label>
              <input id="last-name" autoComplete="family-name" value={contact.lastName} onChange={(e) => setContact({ lastName: e.currentTarget.value })} />
            </div>
          </div>
          <div class="field">
            <label for="phone">{t('phone')}</label>
            <input id="phone" type="tel" autoComplete="tel" value={contact.phone} onChange={(e) => setContact({ phone: e.currentTarget.value })} />
          </div>
          <div class="field">
            <label for="address-line">{t('addressLine')}</label>
            <input id="address-line" autoComplete="street-address" value={contact.address} onChange={(e) => setContact({ address: e.currentTarget.value })} />
          </div>
        </fieldset>
      )}
    </section>
  );
}
