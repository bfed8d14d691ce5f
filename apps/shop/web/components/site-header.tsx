import { sessionStore, signOut } from '../lib/auth-session.ts';
import { branchName } from '../lib/format.ts';
import { langStore, useLang } from '../lib/i18n.ts';
import { navigate } from '../lib/router.ts';
import { shopConfig } from '../lib/shop-config.ts';
import { basketItemCount, basketStore, branchStore, fulfilmentStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { Icon } from './icons.tsx';
import { Link } from './link.tsx';
import { SearchBox } from './search-box.tsx';

/** Brand, search, branch, language, account and basket: on every page. */
export function SiteHeader() {
  const { t } = useLang();
  return (
    <header class="site-header">
      <a class="skip-link" href="#main">
        {t('skip')}
      </a>
      <div class="header-row">
        <Brand />
        <SearchBox />
        <nav class="header-actions" aria-label={t('mainNav')}>
          <LangSwitch />
          <AccountLinks />
          <BasketLink />
        </nav>
      </div>
      <BranchBar />
    </header>
  );
}

/** The brand, linking home, and the sandbox badge when the shop pays in the sandbox. */
function Brand() {
  const { t } = useLang();
  const sandbox = shopConfig().sandbox;
  return (
    <>
      <Link to="/" class="brand" aria-label={`Partner Grocery, ${t('home')}`}>
        <span class="brand-mark" aria-hidden="true">
          PG
        </span>
        <span class="brand-text">
          <span class="brand-name">Partner Grocery</span>
          <span class="brand-tagline">{t('tagline')}</span>
        </span>
      </Link>
      {sandbox && (
        <span class="sandbox-badge" title={t('sandboxNote')}>
          {t('sandboxBadge')}
        </span>
      )}
    </>
  );
}

/** Switches between English and Thai, labelled in the other language. */
function LangSwitch() {
  const { lang, t } = useLang();
  return (
    <button
      type="button"
      class="button ghost lang-switch"
      lang={lang === 'en' ? 'th' : 'en'}
      aria-label={t('langSwitchLabel')}
      onClick={() => langStore.set(lang === 'en' ? 'th' : 'en')}
      data-testid="lang-switch"
    >
      {t('langSwitch')}
    </button>
  );
}

/** My orders and sign out for a signed-in shopper; sign in otherwise. */
function AccountLinks() {
  const { t } = useLang();
  const session = useStore(sessionStore);
  if (!session) {
    return (
      <Link to="/sign-in" class="button ghost">
        {t('signIn')}
      </Link>
    );
  }
  return (
    <>
      <Link to="/orders" class="button ghost">
        {t('myOrders')}
      </Link>
      <button
        type="button"
        class="button ghost"
        title={t('signedInAs', { email: session.email })}
        onClick={() => {
          void signOut();
          navigate('/');
        }}
      >
        {t('signOut')}
      </button>
    </>
  );
}

/** The basket, with the number of items in it. */
function BasketLink() {
  const { t } = useLang();
  const count = basketItemCount(useStore(basketStore));
  return (
    <Link
      to="/basket"
      class="button basket-link"
      aria-label={t('basketWithCount', { count })}
      data-testid="basket-link"
    >
      <Icon name="basket" />
      <span class="basket-label">{t('basket')}</span>
      <span class="basket-count" aria-hidden="true" data-testid="basket-count">
        {count}
      </span>
    </Link>
  );
}

/** Where the shopper shops (pickup at or delivery from the chosen branch), and who is signed in. */
function BranchBar() {
  const { lang, t } = useLang();
  const session = useStore(sessionStore);
  const branch = useStore(branchStore);
  const fulfilment = useStore(fulfilmentStore);
  return (
    <div class="branch-bar">
      <Link to="/branch" class="branch-chip" data-testid="branch-chip">
        <Icon name="pin" size={16} />{' '}
        {branch
          ? t(fulfilment.type === 'DELIVERY' ? 'deliveryFrom' : 'pickupAt', { branch: branchName(branch, lang) })
          : t('chooseBranch')}
      </Link>
      {session && <span class="signed-in-as">{t('signedInAs', { email: session.email })}</span>}
    </div>
  );
}
