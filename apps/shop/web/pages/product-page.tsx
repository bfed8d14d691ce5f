import { useState } from 'preact/hooks';
import { announce } from '../components/announcer.tsx';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { buyable, PriceTag, ProductImage, StockLine } from '../components/product-bits.tsx';
import { sessionStore } from '../lib/auth-session.ts';
import { errorText } from '../lib/error-text.ts';
import { branchName, productName } from '../lib/format.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang, type Lang, type Translate } from '../lib/i18n.ts';
import { ShopProductDocument, type ShopProductQuery } from '../generated/operations.ts';
import { currentLocation, navigate } from '../lib/router.ts';
import { addToBasket, branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { PageHeading } from './page-heading.tsx';

type ProductDetail = NonNullable<ShopProductQuery['product']>;

/** One product with the chosen branch's price (and where it comes from) and stock. */
export function ProductPage({ cprcode }: { cprcode: string }) {
  const { lang, t } = useLang();
  const branch = useStore(branchStore);
  const product = useAsync(
    () => graphql(ShopProductDocument, { cprcode, branchCode: branch?.branchCode ?? null }).then((d) => d.product),
    [cprcode, branch?.branchCode],
  );

  if (product.error) {
    return (
      <div class="page narrow">
        <PageHeading>{t('productNotFound')}</PageHeading>
        <Notice tone="error">{errorText(product.error, lang)}</Notice>
      </div>
    );
  }
  if (!product.data) {
    return (
      <div class="page narrow">
        <PageHeading>{product.loading ? t('loading') : t('productNotFound')}</PageHeading>
        {!product.loading && <Link to="/">{t('backHome')}</Link>}
      </div>
    );
  }

  const p = product.data;
  const name = productName(p, lang);
  const otherName = lang === 'th' ? p.nameEn : p.nameTh;
  const hasBranch = branch !== null;
  const canBuy = buyable(p.price, p.inventory, hasBranch);

  return (
    <div class="page">
      <nav aria-label={t('breadcrumb')} class="breadcrumb">
        <Link to="/">{t('home')}</Link>
        {p.category?.l1 && (
          <>
            {' '}
            <span aria-hidden="true">›</span>{' '}
            <Link to={`/c/${encodeURIComponent(p.category.l1)}`}>{p.category.l1}</Link>
          </>
        )}{' '}
        <span aria-hidden="true">›</span> <span aria-current="page">{name}</span>
      </nav>
      <article class="product-detail">
        <ProductImage url={p.imageUrl} alt={name} size="large" />
        <div class="product-info">
          <PageHeading>{name}</PageHeading>
          {otherName && (
            <p class="other-name" lang={lang === 'th' ? 'en' : 'th'}>
              {otherName}
            </p>
          )}
          <PriceTag price={p.price} hasBranch={hasBranch} lang={lang} t={t} detailed />
          {hasBranch && <p class="muted">{branchName(branch, lang)}</p>}
          <section class="stock-box" aria-label={t('availability')}>
            <StockLine inventory={p.inventory} hasBranch={hasBranch} t={t} />
            {hasBranch && p.inventory && p.inventory.sellableQty !== null && p.inventory.sellableQty > 0 && (
              <p class="muted" data-testid="stock-detail">
                {t('stockCount', { count: p.inventory.sellableQty })} (
                {p.inventory.qtySource === 'IB_CF_QTY' ? t('stockSourceBook') : t('stockSourceLive')})
              </p>
            )}
          </section>
          <AddToBasket cprcode={p.cprcode} name={name} canBuy={canBuy} lang={lang} t={t} />
          <ProductFacts product={p} t={t} />
        </div>
      </article>
    </div>
  );
}

/** Quantity and the button; a signed-out shopper is sent to sign in first. */
function AddToBasket({
  cprcode,
  name,
  canBuy,
  lang,
  t,
}: {
  cprcode: string;
  name: string;
  canBuy: boolean;
  lang: Lang;
  t: Translate;
}) {
  const session = useStore(sessionStore);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (event: Event) => {
    event.preventDefault();
    if (!session) {
      navigate(`/sign-in?next=${encodeURIComponent(currentLocation())}`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addToBasket(cprcode, quantity);
      announce(t('added', { name }));
    } catch (failure) {
      setError(errorText(failure, lang, { productName: () => name }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form class="add-form" onSubmit={add}>
        <label for="quantity">{t('quantity')}</label>
        <select
          id="quantity"
          value={quantity}
          onChange={(event) => setQuantity(Number(event.currentTarget.value))}
          disabled={!canBuy}
        >
          {Array.from({ length: 20 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <button type="submit" class="button primary" disabled={busy || !canBuy} data-testid="add-to-basket">
          {busy ? t('adding') : session ? t('addToBasket') : t('signInToBuy')}
        </button>
      </form>
      {error && <Notice tone="error">{error}</Notice>}
    </>
  );
}

/** What is known of the product: brand, size, origin, category and codes. */
function ProductFacts({ product: p, t }: { product: ProductDetail; t: Translate }) {
  return (
    <dl class="facts">
      {p.brandEn && (
        <>
          <dt>{t('brand')}</dt>
          <dd>{p.brandEn}</dd>
        </>
      )}
      {p.sizeDesc && (
        <>
          <dt>{t('size')}</dt>
          <dd>{p.sizeDesc}</dd>
        </>
      )}
      {p.countryEn && (
        <>
          <dt>{t('country')}</dt>
          <dd>{p.countryEn}</dd>
        </>
      )}
      {p.category && (
        <>
          <dt>{t('category')}</dt>
          <dd>{[p.category.l1, p.category.l2, p.category.l3].filter(Boolean).join(' › ')}</dd>
        </>
      )}
      {p.barcode && (
        <>
          <dt>{t('barcode')}</dt>
          <dd class="mono">{p.barcode}</dd>
        </>
      )}
      <dt>{t('productCode')}</dt>
      <dd class="mono">{p.cprcode}</dd>
    </dl>
  );
}
