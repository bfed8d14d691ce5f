import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { ShopCategoriesDocument } from '../generated/operations.ts';
import { routeStore } from '../lib/router.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { Link } from './link.tsx';

let cached: Promise<{ name: string; count: number }[]> | null = null;

/** Top-level categories, read once per visit. */
export function loadCategories(): Promise<{ name: string; count: number }[]> {
  cached ??= graphql(ShopCategoriesDocument, {})
    .then((data) => data.categories.filter((c) => c.count > 0))
    .catch((error: unknown) => {
      cached = null;
      throw error;
    });
  return cached;
}

export function CategoryNav() {
  const { t } = useLang();
  const route = useStore(routeStore);
  const categories = useAsync(loadCategories, []);
  if (!categories.data) return null;
  return (
    <nav class="category-nav" aria-label={t('categories')}>
      <ul>
        {categories.data.map((category) => {
          const to = `/c/${encodeURIComponent(category.name)}`;
          return (
            <li key={category.name}>
              <Link to={to} aria-current={route.path === to ? 'page' : undefined}>
                {category.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
