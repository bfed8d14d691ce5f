import type { QuoteFieldsFragment } from '../generated/operations.ts';
import type { QuoteState } from '../lib/basket-checkout.ts';
import { errorText } from '../lib/error-text.ts';
import { formatMoney } from '../lib/format.ts';
import type { Lang, Translate } from '../lib/i18n.ts';
import { Notice } from './notice.tsx';

/** The order being placed: its comment, whether it is on its way, and how to send it. */
export interface OrderForm {
  comment: string;
  setComment: (comment: string) => void;
  placing: boolean;
  placeOrder: (event: Event) => void;
}

/**
 * The bill from the latest quote (or why there is none: an error, an expired quote, pricing under
 * way), how long it holds, and the order button.
 */
export function BasketSummary(props: {
  quote: QuoteState;
  expiresAt: number;
  now: number;
  requote: () => void;
  nameOfLine: (field: string) => string | null;
  order: OrderForm;
  lang: Lang;
  t: Translate;
}) {
  const { quote, expiresAt, now, requote, nameOfLine, order, lang, t } = props;
  const bill = quote.quote;
  const expired = bill !== null && now >= expiresAt;
  return (
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
      <form onSubmit={order.placeOrder} class="stack">
        <div class="field">
          <label for="comment">{t('comment')}</label>
          <textarea
            id="comment"
            name="comment"
            rows={2}
            maxLength={480}
            value={order.comment}
            onInput={(e) => order.setComment(e.currentTarget.value)}
          />
        </div>
        <button
          type="submit"
          class="button primary wide"
          disabled={order.placing || quote.loading}
          data-testid="place-order"
        >
          {order.placing ? t('placing') : t('placeOrder')}
        </button>
      </form>
    </section>
  );
}

function QuoteTotals({ quote, lang, t }: { quote: QuoteFieldsFragment; lang: Lang; t: Translate }) {
  const money = (amount: number) => formatMoney(amount, quote.currency, lang);
  const deliveryFee = quote.deliveryFee ?? 0;
  const expressCost = quote.expressShippingCost ?? 0;
  const discount = quote.totalDiscount ?? 0;
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
      {expressCost > 0 && (
        <>
          <dt>{t('expressCost')}</dt>
          <dd>{money(expressCost)}</dd>
        </>
      )}
      {discount > 0 && (
        <>
          <dt>{t('discounts')}</dt>
          <dd class="discount">−{money(discount)}</dd>
        </>
      )}
      <dt class="grand">{t('total')}</dt>
      <dd class="grand" data-testid="grand-total">
        {money(quote.grandTotal)}
      </dd>
    </dl>
  );
}
