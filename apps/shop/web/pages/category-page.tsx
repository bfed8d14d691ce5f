import { useCallback, useEffect, useState } from 'preact/hooks';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { errorText } from '../lib/error-text.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { ShopProductsDocument, type ProductCardFieldsFragment } from '../generated/operations.ts';
import { branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { PageHeading } from './page-heading.tsx';

const PAGE = 24;

/** One top-level category, page by page with the API's cursor. */
export function CategoryPage({ name }: { name: string }) {
  const { lang, t } = useLang();
  const branch = useStore(branchStore);
  const [products, setProducts] = useState<ProductCardFieldsFragment[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const branchCode = branch?.branchCode ?? null;

  const load = useCallback(
    async (after: string | null, replace: boolean) => {
      setLoading(true);
      setError(null);
      try {
        const { products: page } = await graphql(ShopProductsDocument, {
          filter: { l1: name, pricedOnly: branchCode !== null },
          branchCode,
          first: PAGE,
          after,
        });
        setProducts((previous) => (replace ? page.nodes : [...previous, ...page.nodes]));
        setCursor(page.pageInfo.endCursor);
        setMore(page.pageInfo.hasNextPage);
        setTotal(page.totalCount);
      } catch (failure) {
        setError(failure);
      } finally {
        setLoading(false);
      }
    },
    [name, branchCode],
  );

  useEffect(() => {
    setProducts([]);
    void load(null, true);
  }, [load]);

  return (
    <div class="page">
      <nav aria-label={t('breadcrumb')} class="breadcrumb">
        <Link to="/">{t('home')}</Link> <span aria-hidden="true">›</span> <span aria-current="page">{name}</span>
      </nav>
      <PageHeading>{name}</PageHeading>
      {total !== null && <p class="muted">{t('productsCount', { count: total })}</p>}
      {error ? <Notice tone="error">{errorText(error, lang)}</Notice> : null}
      <ProductGrid products={products} />
      {loading && <p class="loading">{t('loading')}</p>}
      {more && !loading && (
        <p class="center">
          <button type="button" class="button" onClick={() => load(cursor, false)}>
            {t('loadMore')}
          </button>
        </p>
      )}
    </div>
  );
}
