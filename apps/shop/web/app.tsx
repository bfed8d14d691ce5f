import { useEffect } from 'preact/hooks';
import { Announcer } from './components/announcer.tsx';
import { CategoryNav } from './components/category-nav.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { Link } from './components/link.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { sessionStore } from './lib/auth-session.ts';
import { useLang } from './lib/i18n.ts';
import { routeStore, safeNext, type Route } from './lib/router.ts';
import { shopConfig } from './lib/shop-config.ts';
import { reloadBasket } from './lib/shop-state.ts';
import { useStore } from './lib/store.ts';
import { SignInPage, SignUpPage } from './pages/auth-pages.tsx';
import { BasketPage } from './pages/basket-page.tsx';
import { BranchPage } from './pages/branch-page.tsx';
import { CategoryPage } from './pages/category-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { OrderPage } from './pages/order-page.tsx';
import { OrdersPage } from './pages/orders-page.tsx';
import { PageHeading } from './pages/page-heading.tsx';
import { ProductPage } from './pages/product-page.tsx';
import { SearchPage } from './pages/search-page.tsx';

function NotFoundPage() {
  const { t } = useLang();
  return (
    <div class="page narrow">
      <PageHeading>{t('notFoundTitle')}</PageHeading>
      <p>{t('notFoundText')}</p>
      <Link to="/" class="button primary">
        {t('backHome')}
      </Link>
    </div>
  );
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page for a route; the key makes a new page start fresh. */
function page(route: Route) {
  const { path, query } = route;
  if (path === '/' || path === '') return <HomePage />;
  if (path.startsWith('/c/')) return <CategoryPage key={path} name={decode(path.slice(3))} />;
  if (path === '/search') return <SearchPage query={query.get('q') ?? ''} />;
  if (/^\/p\/\d{1,12}$/.test(path)) return <ProductPage key={path} cprcode={path.slice(3)} />;
  if (path === '/basket') return <BasketPage />;
  if (path === '/branch') return <BranchPage />;
  if (path === '/orders') return <OrdersPage />;
  if (path === '/order' && query.get('orderId')) {
    const orderId = query.get('orderId')!;
    return (
      <OrderPage
        key={orderId}
        orderId={orderId}
        autoPay={query.get('pay') === '1'}
        fromPayment={query.get('from') === 'pay'}
      />
    );
  }
  if (path === '/sign-in') return <SignInPage next={safeNext(query.get('next'))} />;
  if (path === '/sign-up') return <SignUpPage next={safeNext(query.get('next'))} />;
  return <NotFoundPage />;
}

export function App() {
  const { t } = useLang();
  const route = useStore(routeStore);
  const email = useStore(sessionStore)?.email ?? null;

  useEffect(() => {
    // A signed-in shopper's basket count shows in the header on every page.
    if (email !== null) reloadBasket().catch(() => null);
  }, [email]);

  return (
    <>
      <SiteHeader />
      <CategoryNav />
      {shopConfig().sandbox && (
        <p class="sandbox-note" role="note">
          {t('sandboxNote')}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={`${route.path}?${route.query.toString()}`}>{page(route)}</ErrorBoundary>
      </main>
      <footer class="site-footer">
        <p>{t('footer')}</p>
      </footer>
      <Announcer />
    </>
  );
}
