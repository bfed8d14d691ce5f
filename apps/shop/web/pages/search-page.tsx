import { DidYouMean } from '../components/did-you-mean.tsx';
import { Notice } from '../components/notice.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { errorText } from '../lib/error-text.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { ShopSearchDocument, type ProductCardFieldsFragment } from '../generated/operations.ts';
import { branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { PageHeading } from './page-heading.tsx';

/** Full search results: the ranked search in SEMANTIC mode, with the branch's prices. */
export function SearchPage({ query }: { query: string }) {
  const { lang, t } = useLang();
  const branch = useStore(branchStore);
  const results = useAsync(async (): Promise<ProductCardFieldsFragment[]> => {
    if (!query.trim()) return [];
    const { search } = await graphql(ShopSearchDocument, {
      query: query.trim(),
      branchCode: branch?.branchCode ?? null,
    });
    return search.flatMap((hit) => (hit.product ? [hit.product] : []));
  }, [query, branch?.branchCode]);

  return (
    <div class="page">
      <PageHeading>{query.trim() ? t('searchResultsFor', { query }) : t('searchLabel')}</PageHeading>
      {results.data && <DidYouMean query={query} found={results.data.length} />}
      {!query.trim() ? (
        <p>{t('searchEmpty')}</p>
      ) : results.error ? (
        <Notice tone="error">{errorText(results.error, lang)}</Notice>
      ) : results.loading ? (
        <p class="loading">{t('loading')}</p>
      ) : results.data && results.data.length === 0 ? (
        <Notice tone="info">{t('noResults', { query })}</Notice>
      ) : (
        <ProductGrid products={results.data ?? []} />
      )}
    </div>
  );
}
