import { useState } from 'preact/hooks';
import type { QuoteFieldsFragment } from '../generated/operations.ts';
import { couponStore } from '../lib/basket-checkout.ts';
import { couponReasonText } from '../lib/error-text.ts';
import type { Lang, Translate } from '../lib/i18n.ts';

/** One entry of a quote's `failedCoupons` (a JSON field: the grocer's calculator's own words). */
interface FailedCoupon {
  code: string;
  reason: string;
  message?: string;
}

function isFailedCoupons(value: unknown): value is FailedCoupon[] {
  return (
    Array.isArray(value) &&
    value.every((v) => typeof v === 'object' && v !== null && typeof (v as FailedCoupon).code === 'string')
  );
}

/** The coupons given this visit, each shown applied, refused (with why) or being priced. */
export function CouponsPanel({
  coupons,
  bill,
  lang,
  t,
}: {
  coupons: string[];
  bill: QuoteFieldsFragment | null;
  lang: Lang;
  t: Translate;
}) {
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
          <input
            id="coupon"
            name="coupon"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            value={couponText}
            onInput={(e) => setCouponText(e.currentTarget.value)}
          />
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
                <span class="coupon-state">
                  {failure
                    ? couponReasonText(failure.reason, failure.message, lang)
                    : applied
                      ? t('couponApplied', { code })
                      : t('pricing')}
                </span>
                <button
                  type="button"
                  class="button icon"
                  aria-label={t('removeCoupon', { code })}
                  onClick={() => couponStore.set((list) => list.filter((c) => c !== code))}
                >
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
