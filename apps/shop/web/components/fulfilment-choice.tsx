import type { Translate } from '../lib/i18n.ts';
import type { Fulfilment } from '../lib/shop-state.ts';

/** Pickup or delivery as a pair of radio buttons; delivery is offered only where the branch delivers. */
export function FulfilmentChoice(props: {
  /** The radio group's name (one per form on the page). */
  name: string;
  type: Fulfilment['type'];
  deliveryAvailable: boolean;
  onChoose: (type: Fulfilment['type']) => void;
  /** Whether the legend is for screen readers only (the panel's heading already says it). */
  legendHidden?: boolean;
  t: Translate;
}) {
  const { name, type, deliveryAvailable, onChoose, t } = props;
  return (
    <fieldset class="choice">
      <legend class={props.legendHidden ? 'sr-only' : undefined}>{t('howToGet')}</legend>
      <label class="radio">
        <input
          type="radio"
          name={name}
          value="PICKUP"
          checked={type === 'PICKUP'}
          onChange={() => onChoose('PICKUP')}
        />
        {t('pickup')}
      </label>
      <label class="radio">
        <input
          type="radio"
          name={name}
          value="DELIVERY"
          checked={type === 'DELIVERY'}
          disabled={!deliveryAvailable}
          onChange={() => onChoose('DELIVERY')}
        />
        {t('delivery')}
      </label>
      {!deliveryAvailable && <p class="help">{t('deliveryNotAvailable')}</p>}
    </fieldset>
  );
}
