import { loadCategories } from '../components/category-nav.tsx';
import { CategoryBadge, HeroArt } from '../components/icons.tsx';
import { Link } from '../components/link.tsx';
import { Notice } from '../components/notice.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { errorText } from '../lib/error-text.ts';
import { branchName } from '../lib/format.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { ShopProductsDocument } from '../generated/operations.ts';
import { branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { PageHeading } from './page-heading.tsx';

export function HomePage() {
  const { lang, t } = useLang();
  const branch = useStore(branchStore);
  const categories = useAsync(loadCategories, []);
  const branchCode = branch?.branchCode ?? null;
  const featured = useAsync(
    () =>
      graphql(ShopProductsDocument, {
        filter: branchCode !== null ? { pricedOnly: true } : {},
        branchCode,
        first: 12,
        after: null,
      }).then((d) => d.products.nodes),
    [branchCode],
  );

  return (
    <div class="page">
      <section class="hero">
        <div>
          <PageHeading>{t('heroTitle')}</PageHeading>
          <p class="hero-text">{t('heroText')}</p>
          {branch ? (
            <p class="hero-branch">
              {t('branchChosen', { branch: branchName(branch, lang) })} <Link to="/branch">{t('chooseBranch')}</Link>
            </p>
          ) : (
            <p class="hero-branch">
              <Link to="/branch" class="button primary">
                {t('chooseBranch')}
              </Link>{' '}
              <span>{t('chooseBranchPrompt')}</span>
            </p>
          )}
        </div>
        <HeroArt />
      </section>

      <section aria-labelledby="categories-title">
        <h2 id="categories-title">{t('shopByCategory')}</h2>
        {categories.error ? (
          <Notice tone="error">{errorText(categories.error, lang)}</Notice>
        ) : (
          <ul class="category-tiles">
            {(categories.data ?? []).map((category) => (
              <li key={category.name}>
                <Link to={`/c/${encodeURIComponent(category.name)}`} class="category-tile">
                  <CategoryBadge name={category.name} />
                  <span class="tile-name">{category.name}</span>
                  <span class="tile-count">
                    {t('productsCount', { count: category.count.toLocaleString(lang === 'th' ? 'th-TH' : 'en-US') })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="featured-title">
        <h2 id="featured-title">{branch ? t('popularAt', { branch: branchName(branch, lang) }) : t('featured')}</h2>
        {featured.error ? (
          <Notice tone="error">{errorText(featured.error, lang)}</Notice>
        ) : featured.data ? (
          <ProductGrid products={featured.data} />
        ) : (
          <p class="loading">{t('loading')}</p>
        )}
      </section>
    </div>
  );
}
