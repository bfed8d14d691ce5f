import type { OrderFieldsFragment } from '../generated/operations.ts';
import type { Translate } from '../lib/i18n.ts';
import { Link } from './link.tsx';

/** The order's lines and totals as the order was priced; `money` formats an amount of the order. */
export function OrderItems({
  order,
  money,
  t,
}: {
  order: OrderFieldsFragment;
  money: (amount: number | null) => string;
  t: Translate;
}) {
  return (
    <section class="panel" aria-labelledby="order-items">
      <h2 id="order-items">{t('items')}</h2>
      <table class="order-lines">
        <thead>
          <tr>
            <th scope="col">{t('items')}</th>
            <th scope="col" class="num">
              {t('quantity')}
            </th>
            <th scope="col" class="num">
              {t('total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.cprcode}>
              <td>
                <Link to={`/p/${line.cprcode}`}>{line.productName ?? line.cprcode}</Link>
                {line.price !== null && <span class="muted small"> · {t('each', { price: money(line.price) })}</span>}
              </td>
              <td class="num">{line.quantity}</td>
              <td class="num">{money(line.rowTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl class="totals">
        {order.subTotal !== null && (
          <>
            <dt>{t('subTotal')}</dt>
            <dd>{money(order.subTotal)}</dd>
          </>
        )}
        {(order.deliveryFee ?? 0) > 0 && (
          <>
            <dt>{t('deliveryFee')}</dt>
            <dd>{money(order.deliveryFee)}</dd>
          </>
        )}
        {(order.totalDiscount ?? 0) > 0 && (
          <>
            <dt>{t('discounts')}</dt>
            <dd class="discount">−{money(order.totalDiscount)}</dd>
          </>
        )}
        <dt class="grand">{t('total')}</dt>
        <dd class="grand" data-testid="order-total">
          {money(order.grandTotal)}
        </dd>
      </dl>
    </section>
  );
}
