import { useState } from 'preact/hooks';
import {
  ShopBasketEmptyDocument,
  ShopBasketRemoveDocument,
  ShopBasketSetQuantityDocument,
  type BasketFieldsFragment,
  type QuoteFieldsFragment,
} from '../generated/operations.ts';
import { errorText } from '../lib/error-text.ts';
import { formatMoney, productName } from '../lib/format.ts';
import { graphql, payloadOrThrow } from '../lib/graphql-client.ts';
import type { Lang, Translate } from '../lib/i18n.ts';
import { basketStore } from '../lib/shop-state.ts';
import { Link } from './link.tsx';
import { Notice } from './notice.tsx';
import { ProductImage } from './product-bits.tsx';

type BasketLine = BasketFieldsFragment['lines'][number];

/** What a line's controls do: each answers the whole basket, which replaces the one in the store. */
interface LineActions {
  setQuantity: (cprcode: string, quantity: number) => Promise<void>;
  remove: (cprcode: string) => Promise<void>;
}

/** The basket's lines with their quantity steppers; `bill` (null while expired) shows each line's total. */
export function BasketLines({
  lines,
  bill,
  lang,
  t,
}: {
  lines: BasketLine[];
  bill: QuoteFieldsFragment | null;
  lang: Lang;
  t: Translate;
}) {
  const [lineError, setLineError] = useState<string | null>(null);
  const [busyLine, setBusyLine] = useState<string | null>(null);

  const changeLine = async (cprcode: string, action: () => Promise<BasketFieldsFragment | null>) => {
    setBusyLine(cprcode);
    setLineError(null);
    try {
      basketStore.set(await action());
    } catch (failure) {
      setLineError(
        errorText(failure, lang, {
          productName: () => productName(lines.find((l) => l.cprcode === cprcode)?.product, lang, cprcode),
        }),
      );
    } finally {
      setBusyLine(null);
    }
  };

  const actions: LineActions = {
    setQuantity: (cprcode, quantity) =>
      changeLine(
        cprcode,
        async () =>
          payloadOrThrow(
            (await graphql(ShopBasketSetQuantityDocument, { input: { cprcode, quantity } }, { auth: true }))
              .basketSetQuantity,
          ).basket,
      ),
    remove: (cprcode) =>
      changeLine(
        cprcode,
        async () =>
          payloadOrThrow((await graphql(ShopBasketRemoveDocument, { input: { cprcode } }, { auth: true })).basketRemove)
            .basket,
      ),
  };
  const empty = () => {
    if (!window.confirm(t('confirmEmpty'))) return;
    void changeLine(
      '*',
      async () => payloadOrThrow((await graphql(ShopBasketEmptyDocument, {}, { auth: true })).basketEmpty).basket,
    );
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
        {lines.map((line) => (
          <BasketLineItem
            key={line.cprcode}
            line={line}
            bill={bill}
            busy={busyLine === line.cprcode || busyLine === '*'}
            actions={actions}
            lang={lang}
            t={t}
          />
        ))}
      </ul>
    </section>
  );
}

function BasketLineItem({
  line,
  bill,
  busy,
  actions,
  lang,
  t,
}: {
  line: BasketLine;
  bill: QuoteFieldsFragment | null;
  busy: boolean;
  actions: LineActions;
  lang: Lang;
  t: Translate;
}) {
  const name = productName(line.product, lang, line.cprcode);
  const priced = bill ? bill.lines.find((q) => q.cprcode === line.cprcode) : undefined;
  return (
    <li class="basket-line" data-cprcode={line.cprcode}>
      <ProductImage url={line.product?.imageUrl ?? null} alt="" size="thumb" />
      <div class="line-main">
        <Link to={`/p/${line.cprcode}`} class="line-name">
          {name}
        </Link>
        {line.product?.price && (
          <p class="muted">
            {t('each', { price: formatMoney(line.product.price.amount, line.product.price.currency, lang) })}
          </p>
        )}
        <QuantityStepper line={line} name={name} busy={busy} actions={actions} t={t} />
      </div>
      <div class="line-total" data-testid="line-total">
        {bill && priced && priced.rowTotal !== null && (
          <>
            {priced.discountedRowTotal !== null && priced.discountedRowTotal < priced.rowTotal && (
              <s class="muted">{formatMoney(priced.rowTotal, bill.currency, lang)}</s>
            )}
            <span>{formatMoney(priced.discountedRowTotal ?? priced.rowTotal, bill.currency, lang)}</span>
          </>
        )}
      </div>
    </li>
  );
}

function QuantityStepper({
  line,
  name,
  busy,
  actions,
  t,
}: {
  line: BasketLine;
  name: string;
  busy: boolean;
  actions: LineActions;
  t: Translate;
}) {
  return (
    <div class="stepper">
      <button
        type="button"
        class="button icon"
        aria-label={t('decrease', { name })}
        disabled={busy || line.quantity <= 1}
        onClick={() => actions.setQuantity(line.cprcode, line.quantity - 1)}
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
          if (value !== line.quantity)
            void actions.setQuantity(line.cprcode, Number.isFinite(value) ? Math.trunc(value) : line.quantity);
        }}
      />
      <button
        type="button"
        class="button icon"
        aria-label={t('increase', { name })}
        disabled={busy}
        onClick={() => actions.setQuantity(line.cprcode, line.quantity + 1)}
      >
        +
      </button>
      <button type="button" class="button link danger" onClick={() => actions.remove(line.cprcode)} disabled={busy}>
        {t('remove')}
        <span class="sr-only">: {name}</span>
      </button>
    </div>
  );
}
