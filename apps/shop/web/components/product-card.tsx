import { useState } from 'preact/hooks';
import { sessionStore } from '../lib/auth-session.ts';
import { errorText } from '../lib/error-text.ts';
import { productName } from '../lib/format.ts';
import { useLang } from '../lib/i18n.ts';
import type { ProductCardFieldsFragment as Product } from '../generated/operations.ts';
import { currentLocation, navigate } from '../lib/router.ts';
import { addToBasket, branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { announce } from './announcer.tsx';
import { Link } from './link.tsx';
import { buyable, PriceTag, ProductImage, StockLine } from './product-bits.tsx';

/** A product in a grid: picture, name, branch price, stock, and an add button. */
function ProductCard({ product }: { product: Product }) {
  const { lang, t } = useLang();
  const session = useStore(sessionStore);
  const branch = useStore(branchStore);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = productName(product, lang);
  const canBuy = buyable(product.price, product.inventory, branch !== null);

  const add = async () => {
    if (!session) {
      navigate(`/sign-in?next=${encodeURIComponent(currentLocation())}`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addToBasket(product.cprcode, 1);
      announce(t('added', { name }));
    } catch (failure) {
      setError(errorText(failure, lang, { productName: () => name }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li class="product-card" data-cprcode={product.cprcode}>
      <Link to={`/p/${product.cprcode}`} class="product-link">
        <ProductImage url={product.imageUrl} alt="" size="card" />
        <span class="product-name">{name}</span>
      </Link>
      <p class="product-meta">{[product.brandEn, product.sizeDesc].filter(Boolean).join(' · ')}</p>
      <PriceTag price={product.price} hasBranch={branch !== null} lang={lang} t={t} />
      <StockLine inventory={product.inventory} hasBranch={branch !== null} t={t} />
      <button type="button" class="button primary add-button" disabled={busy || !canBuy} onClick={add}>
        {busy ? t('adding') : session ? t('addToBasket') : t('signInToBuy')}
        <span class="sr-only">: {name}</span>
      </button>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul class="product-grid">
      {products.map((product) => (
        <ProductCard key={product.cprcode} product={product} />
      ))}
    </ul>
  );
}
