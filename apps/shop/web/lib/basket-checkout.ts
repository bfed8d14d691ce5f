import { useEffect, useRef, useState } from 'preact/hooks';
import {
  ShopQuoteApplyCouponDocument,
  ShopQuoteDocument,
  type AddressInput,
  type BasketFieldsFragment,
  type QuoteFieldsFragment,
  type QuoteInput,
} from '../generated/operations.ts';
import { graphql, payloadOrThrow } from './graphql-client.ts';
import { reloadBasket, type Fulfilment } from './shop-state.ts';
import { createStore } from './store.ts';

/** Coupons and the delivery contact live for the visit, across pages. */
export const couponStore = createStore<string[]>([]);
export interface Contact {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
}
export const contactStore = createStore<Contact>({ firstName: '', lastName: '', phone: '', address: '' });

export interface QuoteState {
  quote: QuoteFieldsFragment | null;
  error: unknown;
  loading: boolean;
  /** When the quote arrived (browser clock), to count its validity down. */
  receivedAt: number;
}

/** What the basket is priced and ordered with: its branch, the way to receive it, coupons and the address. */
export function pricingInput(
  basket: BasketFieldsFragment,
  fulfilment: Fulfilment,
  coupons: string[],
  contact: Contact,
  email: string,
): QuoteInput {
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
  return {
    branchCode: basket.branchCode,
    shippingType: fulfilment.type,
    scheduleMode: fulfilment.scheduleMode,
    couponCodes: coupons.length ? coupons : null,
    address,
  };
}

/** Ticks once a second while mounted, for the quote's countdown. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Loads the signed-in shopper's basket into the store (again when the shopper changes). */
export function useBasketLoad(email: string | null): { loaded: boolean; loadError: unknown } {
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
export interface QuoteRequest {
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
export function useQuote(request: QuoteRequest | null): { quote: QuoteState; requote: () => void } {
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
        if (mine === generation.current)
          setQuote({ quote: priced, error: null, loading: false, receivedAt: Date.now() });
      } catch (error) {
        if (mine === generation.current) setQuote({ quote: null, error, loading: false, receivedAt: 0 });
      }
    }, 250);
    return () => clearTimeout(timer);
  }, [requestKey, round]);
  return { quote, requote: () => setRound((n) => n + 1) };
}
