import { useState } from 'preact/hooks';
import { FulfilmentChoice } from '../components/fulfilment-choice.tsx';
import { Icon } from '../components/icons.tsx';
import { Notice } from '../components/notice.tsx';
import {
  ShopBranchesDocument,
  ShopResolveBranchDocument,
  type BranchFieldsFragment,
  type ShopResolveBranchQuery,
} from '../generated/operations.ts';
import { errorText } from '../lib/error-text.ts';
import { branchName } from '../lib/format.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang, type Lang, type Translate } from '../lib/i18n.ts';
import { chooseBranch, branchStore, fulfilmentStore, type Fulfilment } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { PageHeading } from './page-heading.tsx';

type Resolved = { branch: ShopResolveBranchQuery['fulfilmentResolve']; location: Fulfilment['location'] };

/** Makes a branch the shopper's; `location`, when given, becomes the delivery location. */
type PickBranch = (branch: BranchFieldsFragment, location: Fulfilment['location'] | undefined) => Promise<void>;

/** The shopper's own position, from the browser. */
function locate(): Promise<{ lat: number; lon: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lon: position.coords.longitude }),
      reject,
      {
        timeout: 10_000,
        maximumAge: 300_000,
      },
    );
  });
}

/** Finding the serving branch by postcode or by the browser's position (`fulfilmentResolve`). */
function useBranchFinder(initialPostcode: string, lang: Lang, t: Translate, setError: (error: string | null) => void) {
  const [postcode, setPostcode] = useState(initialPostcode);
  const [resolved, setResolved] = useState<Resolved | null>(null);
  const [busy, setBusy] = useState<'postcode' | 'location' | null>(null);

  const findByPostcode = async (event: Event) => {
    event.preventDefault();
    const code = postcode.trim();
    setBusy('postcode');
    setError(null);
    setResolved(null);
    try {
      const { fulfilmentResolve: branch } = await graphql(ShopResolveBranchDocument, { input: { postcode: code } });
      // The serving branch's own coordinates stand for the postcode's area until the shopper shares a position.
      const location =
        branch.lat !== null && branch.lon !== null
          ? { lat: branch.lat, lon: branch.lon, postcode: code, approximate: true }
          : null;
      setResolved({ branch, location });
    } catch (failure) {
      setError(errorText(failure, lang, { postcode: code }));
    } finally {
      setBusy(null);
    }
  };

  const findByLocation = async () => {
    setBusy('location');
    setError(null);
    setResolved(null);
    try {
      const position = await locate().catch(() => null);
      if (!position) {
        setError(t('locationDenied'));
        return;
      }
      const { fulfilmentResolve: branch } = await graphql(ShopResolveBranchDocument, { input: position });
      setResolved({ branch, location: { ...position, postcode: null, approximate: false } });
    } catch (failure) {
      setError(errorText(failure, lang));
    } finally {
      setBusy(null);
    }
  };
  return { postcode, setPostcode, resolved, busy, findByPostcode, findByLocation };
}

/**
 * Choose a branch: by postcode or position (`fulfilmentResolve`), or from the list (`branches`);
 * and pickup or delivery. The position (or the postcode's area) becomes the delivery location.
 */
export function BranchPage() {
  const { lang, t } = useLang();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const pick: PickBranch = async (branch, location) => {
    setError(null);
    try {
      await chooseBranch(branch);
      if (location !== undefined) fulfilmentStore.set((f) => ({ ...f, location }));
      setSaved(t('branchChosen', { branch: branchName(branch, lang) }));
    } catch (failure) {
      setError(errorText(failure, lang));
    }
  };

  return (
    <div class="page">
      <PageHeading>{t('branchTitle')}</PageHeading>
      {saved && <Notice tone="success">{saved}</Notice>}
      <div class="branch-layout">
        <FindBranchPanel error={error} setError={setError} pick={pick} lang={lang} t={t} />
        <BranchList pick={pick} lang={lang} t={t} />
      </div>
    </div>
  );
}

/** Find the serving branch, shop there, and choose pickup or delivery. */
function FindBranchPanel({
  error,
  setError,
  pick,
  lang,
  t,
}: {
  error: string | null;
  setError: (error: string | null) => void;
  pick: PickBranch;
  lang: Lang;
  t: Translate;
}) {
  const current = useStore(branchStore);
  const fulfilment = useStore(fulfilmentStore);
  const { postcode, setPostcode, resolved, busy, findByPostcode, findByLocation } = useBranchFinder(
    fulfilment.location?.postcode ?? '',
    lang,
    t,
    setError,
  );
  const setType = (type: Fulfilment['type']) => fulfilmentStore.set((f) => ({ ...f, type }));
  const deliveryPossible = current?.deliveryAvailable !== false;

  return (
    <section class="panel" aria-labelledby="find-title">
      <h2 id="find-title">{t('findByPostcode')}</h2>
      <PostcodeForm postcode={postcode} setPostcode={setPostcode} busy={busy} onSubmit={findByPostcode} t={t} />
      <p class="or">{t('orLocation')}</p>
      <button type="button" class="button" onClick={findByLocation} disabled={busy !== null} data-testid="use-location">
        <Icon name="pin" size={18} /> {busy === 'location' ? t('locating') : t('useMyLocation')}
      </button>
      {error && (
        <Notice tone="error" testId="branch-error">
          {error}
        </Notice>
      )}
      {resolved && <ResolvedBranch resolved={resolved} pick={pick} lang={lang} t={t} />}
      <FulfilmentChoice
        name="fulfilment"
        type={fulfilment.type}
        deliveryAvailable={deliveryPossible}
        onChoose={setType}
        t={t}
      />
    </section>
  );
}

/** The postcode to find the serving branch of. */
function PostcodeForm({
  postcode,
  setPostcode,
  busy,
  onSubmit,
  t,
}: {
  postcode: string;
  setPostcode: (postcode: string) => void;
  busy: 'postcode' | 'location' | null;
  onSubmit: (event: Event) => void;
  t: Translate;
}) {
  return (
    <form class="inline-form" onSubmit={onSubmit}>
      <div class="field">
        <label for="postcode">{t('postcode')}</label>
        <input
          id="postcode"
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={postcode}
          onInput={(e) => setPostcode(e.currentTarget.value)}
          aria-describedby="postcode-help"
          required
        />
        <p id="postcode-help" class="help">
          {t('postcodeHelp')}
        </p>
      </div>
      <button type="submit" class="button primary" disabled={busy !== null}>
        {busy === 'postcode' ? t('loading') : t('find')}
      </button>
    </form>
  );
}

/** The branch found for the postcode or position, with a button to shop there. */
function ResolvedBranch({
  resolved,
  pick,
  lang,
  t,
}: {
  resolved: Resolved;
  pick: PickBranch;
  lang: Lang;
  t: Translate;
}) {
  const current = useStore(branchStore);
  return (
    <div class="resolved" data-testid="resolved-branch">
      <h3>{t('resolvedBranch')}</h3>
      <p class="branch-name">{branchName(resolved.branch, lang)}</p>
      <p class="muted">
        {[resolved.branch.address, resolved.branch.province, resolved.branch.postcode].filter(Boolean).join(', ')}
        {resolved.branch.distanceKm !== null && ` · ${t('distance', { km: resolved.branch.distanceKm.toFixed(1) })}`}
      </p>
      <button
        type="button"
        class="button primary"
        onClick={() => pick(resolved.branch, resolved.location)}
        data-testid="shop-here"
      >
        {current?.branchCode === resolved.branch.branchCode ? t('selected') : t('shopHere')}
      </button>
    </div>
  );
}

/** Every branch, the chosen one marked, each with a button to shop there. */
function BranchList({ pick, lang, t }: { pick: PickBranch; lang: Lang; t: Translate }) {
  const current = useStore(branchStore);
  const branches = useAsync(() => graphql(ShopBranchesDocument, {}).then((d) => d.branches), []);
  return (
    <section class="panel" aria-labelledby="all-title">
      <h2 id="all-title">{t('allBranches')}</h2>
      {branches.error && <Notice tone="error">{errorText(branches.error, lang)}</Notice>}
      {branches.loading && <p class="loading">{t('loading')}</p>}
      <ul class="branch-list">
        {(branches.data ?? []).map((branch) => {
          const selected = current?.branchCode === branch.branchCode;
          return (
            <li key={branch.branchCode} class={selected ? 'branch selected' : 'branch'}>
              <div>
                <p class="branch-name">{branchName(branch, lang)}</p>
                <p class="muted">{[branch.province, branch.postcode].filter(Boolean).join(' ')}</p>
                <p class="tags">
                  <span class="tag">{branch.deliveryAvailable ? t('delivers') : t('pickupOnly')}</span>
                  {branch.alcoholLicensed === false && <span class="tag">{t('noAlcohol')}</span>}
                </p>
              </div>
              <button
                type="button"
                class={selected ? 'button' : 'button primary'}
                aria-pressed={selected}
                onClick={() => pick(branch, undefined)}
              >
                {selected ? t('selected') : t('shopHere')}
                <span class="sr-only">: {branchName(branch, lang)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
