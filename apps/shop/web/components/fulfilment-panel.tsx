import { useState } from 'preact/hooks';
import { ShopResolveBranchDocument } from '../generated/operations.ts';
import { contactStore, type Contact } from '../lib/basket-checkout.ts';
import { errorText } from '../lib/error-text.ts';
import { graphql } from '../lib/graphql-client.ts';
import type { Lang, Translate } from '../lib/i18n.ts';
import { fulfilmentStore, type Fulfilment } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { FulfilmentChoice } from './fulfilment-choice.tsx';
import { Icon } from './icons.tsx';
import { Link } from './link.tsx';
import { Notice } from './notice.tsx';

const setFulfilment = (patch: Partial<Fulfilment>) => fulfilmentStore.set((f) => ({ ...f, ...patch }));

/** How the basket reaches the shopper: the branch, pickup or delivery, the schedule, and where to deliver. */
export function FulfilmentPanel(props: {
  fulfilment: Fulfilment;
  branchLabel: string;
  deliveryAvailable: boolean;
  lang: Lang;
  t: Translate;
}) {
  const { fulfilment, branchLabel, deliveryAvailable, lang, t } = props;
  const finder = useLocationFinder(fulfilment.location?.postcode ?? '', lang, t);
  return (
    <section class="panel" aria-labelledby="fulfilment-title">
      <h2 id="fulfilment-title">{t('fulfilment')}</h2>
      <p class="muted">
        <Icon name="pin" size={16} /> {branchLabel} · <Link to="/branch">{t('chooseBranch')}</Link>
      </p>
      <FulfilmentChoice
        name="shipping"
        type={fulfilment.type}
        deliveryAvailable={deliveryAvailable}
        onChoose={(type) => setFulfilment({ type })}
        legendHidden
        t={t}
      />
      <fieldset class="choice">
        <legend>{t('schedule')}</legend>
        <label class="radio">
          <input
            type="radio"
            name="schedule"
            value="REGULAR"
            checked={fulfilment.scheduleMode === 'REGULAR'}
            onChange={() => setFulfilment({ scheduleMode: 'REGULAR' })}
          />
          {t('regular')} <span class="muted small">· {t('regularHelp')}</span>
        </label>
        <label class="radio">
          <input
            type="radio"
            name="schedule"
            value="EXPRESS"
            checked={fulfilment.scheduleMode === 'EXPRESS'}
            onChange={() => setFulfilment({ scheduleMode: 'EXPRESS' })}
          />
          {t('express')} <span class="muted small">· {t('expressHelp')}</span>
        </label>
      </fieldset>
      {fulfilment.type === 'DELIVERY' && <DeliveryAddress location={fulfilment.location} finder={finder} t={t} />}
    </section>
  );
}

/** Finding where to deliver: a postcode's area, or the browser's position. */
interface LocationFinder {
  postcode: string;
  setPostcode: (postcode: string) => void;
  error: string | null;
  usePostcode: () => Promise<void>;
  useLocation: () => void;
}

function useLocationFinder(initialPostcode: string, lang: Lang, t: Translate): LocationFinder {
  const [postcode, setPostcode] = useState(initialPostcode);
  const [error, setError] = useState<string | null>(null);

  const usePostcode = async () => {
    setError(null);
    const code = postcode.trim();
    try {
      const { fulfilmentResolve: serving } = await graphql(ShopResolveBranchDocument, { input: { postcode: code } });
      // The serving branch's coordinates stand for the postcode's area; the grocer's calculator decides whether it delivers there.
      if (serving.lat !== null && serving.lon !== null)
        setFulfilment({ location: { lat: serving.lat, lon: serving.lon, postcode: code, approximate: true } });
    } catch (failure) {
      setError(errorText(failure, lang, { postcode: code }));
    }
  };

  const useLocation = () => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError(t('locationDenied'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setFulfilment({
          location: {
            lat: position.coords.latitude,
            lon: position.coords.longitude,
            postcode: postcode.trim() || null,
            approximate: false,
          },
        }),
      () => setError(t('locationDenied')),
      { timeout: 10_000 },
    );
  };
  return { postcode, setPostcode, error, usePostcode, useLocation };
}

/** Where to deliver, and who receives the order. */
function DeliveryAddress({
  location,
  finder,
  t,
}: {
  location: Fulfilment['location'];
  finder: LocationFinder;
  t: Translate;
}) {
  const { postcode, setPostcode, usePostcode, useLocation } = finder;
  return (
    <fieldset class="address">
      <legend>{t('deliveryAddress')}</legend>
      <p class="muted small" data-testid="delivery-location">
        {location
          ? location.approximate && location.postcode
            ? t('locationApprox', { postcode: location.postcode })
            : t('locationExact')
          : t('locationNone')}
      </p>
      <div class="inline-form">
        <div class="field">
          <label for="delivery-postcode">{t('postcode')}</label>
          <input
            id="delivery-postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={postcode}
            onInput={(e) => setPostcode(e.currentTarget.value)}
          />
        </div>
        <button type="button" class="button" onClick={usePostcode} disabled={!/^\d{5}$/.test(postcode.trim())}>
          {t('usePostcode')}
        </button>
        <button type="button" class="button" onClick={useLocation}>
          {t('useMyLocation')}
        </button>
      </div>
      {finder.error && <Notice tone="error">{finder.error}</Notice>}
      <ContactFields t={t} />
    </fieldset>
  );
}

function ContactFields({ t }: { t: Translate }) {
  const contact = useStore(contactStore);
  const setContact = (patch: Partial<Contact>) => contactStore.set((c) => ({ ...c, ...patch }));
  return (
    <>
      <div class="grid-2">
        <div class="field">
          <label for="first-name">{t('firstName')}</label>
          <input
            id="first-name"
            autoComplete="given-name"
            value={contact.firstName}
            onChange={(e) => setContact({ firstName: e.currentTarget.value })}
          />
        </div>
        <div class="field">
          <label for="last-name">{t('lastName')}</label>
          <input
            id="last-name"
            autoComplete="family-name"
            value={contact.lastName}
            onChange={(e) => setContact({ lastName: e.currentTarget.value })}
          />
        </div>
      </div>
      <div class="field">
        <label for="phone">{t('phone')}</label>
        <input
          id="phone"
          type="tel"
          autoComplete="tel"
          value={contact.phone}
          onChange={(e) => setContact({ phone: e.currentTarget.value })}
        />
      </div>
      <div class="field">
        <label for="address-line">{t('addressLine')}</label>
        <input
          id="address-line"
          autoComplete="street-address"
          value={contact.address}
          onChange={(e) => setContact({ address: e.currentTarget.value })}
        />
      </div>
    </>
  );
}
