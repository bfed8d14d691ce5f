import type { Lang, Translate } from '../lib/i18n.ts';
import { formatMoney } from '../lib/format.ts';
import type { ProductCardFieldsFragment } from '../generated/operations.ts';

type Money = NonNullable<ProductCardFieldsFragment['price']>;
type StockLevel = NonNullable<ProductCardFieldsFragment['inventory']>;

/** The price the API gave for the branch, with where it came from. */
export function PriceTag({
  price,
  hasBranch,
  lang,
  t,
  detailed = false,
}: {
  price: Money | null;
  hasBranch: boolean;
  lang: Lang;
  t: Translate;
  detailed?: boolean;
}) {
  if (!price) return <p class="price price-none">{t('noPrice')}</p>;
  const source = !hasBranch
    ? t('priceNoBranch')
    : price.source === 'BRANCH_FEED'
      ? t('priceBranch')
      : t('priceFallback');
  return (
    <div class="price-block">
      <p class="price" data-testid="price">
        {formatMoney(price.amount, price.currency, lang)}
      </p>
      <p
        class={`price-source ${price.source === 'BRANCH_FEED' && hasBranch ? 'source-branch' : 'source-fallback'}`}
        data-testid="price-source"
      >
        {source}
        {detailed && hasBranch && (
          <span class="price-help">
            {' '}
            · {price.source === 'BRANCH_FEED' ? t('priceBranchHelp') : t('priceFallbackHelp')}
          </span>
        )}
      </p>
    </div>
  );
}

/** Stock at the branch in words: sellable now, running low, or not at all. */
export function StockLine({
  inventory,
  hasBranch,
  t,
}: {
  inventory: StockLevel | null;
  hasBranch: boolean;
  t: Translate;
}) {
  if (!hasBranch || !inventory) return <p class="stock stock-unknown">{t('stockUnknown')}</p>;
  const qty = inventory.sellableQty ?? 0;
  if (!inventory.listable || qty <= 0) return <p class="stock stock-out">{t('outOfStock')}</p>;
  if (qty <= 5) return <p class="stock stock-low">{t('lowStock', { count: qty })}</p>;
  return <p class="stock stock-in">{t('inStock')}</p>;
}

/** Whether the shopper may put it in the basket: priced, and sellable at the branch when one is chosen. */
export function buyable(price: Money | null, inventory: StockLevel | null, hasBranch: boolean): boolean {
  if (!price) return false;
  if (!hasBranch) return true;
  return inventory !== null && inventory.listable && (inventory.sellableQty ?? 0) > 0;
}

/** The product's picture, or a calm placeholder when it has none. */
export function ProductImage({
  url,
  alt,
  size,
}: {
  url: string | null;
  alt: string;
  size: 'card' | 'large' | 'thumb';
}) {
  if (!url) return <div class={`product-image no-image image-${size}`} role="img" aria-label={alt} />;
  return (
    <img
      class={`product-image image-${size}`}
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={size === 'large' ? 400 : size === 'card' ? 200 : 64}
      height={size === 'large' ? 400 : size === 'card' ? 200 : 64}
    />
  );
}
