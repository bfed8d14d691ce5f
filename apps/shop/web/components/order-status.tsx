import type { OrderFieldsFragment } from '../generated/operations.ts';
import type { Lang, Translate } from '../lib/i18n.ts';

/** The grocer's picking steps in order (packages/grocer README, linked from the docs). */
const STEPS = {
  PICKUP: ['AWAITING_PAYMENT', 'QUEUED', 'PICKING', 'PACKED', 'READY_FOR_PICKUP', 'COLLECTED'],
  DELIVERY: ['AWAITING_PAYMENT', 'QUEUED', 'PICKING', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
} as const;

const STEP_WORDS: Record<string, { en: string; th: string }> = {
  AWAITING_PAYMENT: { en: 'Awaiting payment', th: 'รอชำระเงิน' },
  QUEUED: { en: 'In the queue', th: 'อยู่ในคิว' },
  PICKING: { en: 'Picking', th: 'กำลังหยิบสินค้า' },
  PACKED: { en: 'Packed', th: 'แพ็กแล้ว' },
  READY_FOR_PICKUP: { en: 'Ready for pickup', th: 'พร้อมให้รับสินค้า' },
  OUT_FOR_DELIVERY: { en: 'Out for delivery', th: 'กำลังจัดส่ง' },
  COLLECTED: { en: 'Collected', th: 'รับสินค้าแล้ว' },
  DELIVERED: { en: 'Delivered', th: 'จัดส่งแล้ว' },
  CANCELLED: { en: 'Cancelled', th: 'ยกเลิกแล้ว' },
};

const STATUS_WORDS: Record<string, { en: string; th: string }> = {
  PLACED: { en: 'Placed', th: 'สั่งซื้อแล้ว' },
  PICKING: { en: 'Being picked', th: 'กำลังจัดสินค้า' },
  READY: { en: 'Ready for pickup', th: 'พร้อมให้รับสินค้า' },
  OUT_FOR_DELIVERY: { en: 'Out for delivery', th: 'กำลังจัดส่ง' },
  COMPLETED: { en: 'Completed', th: 'เสร็จสมบูรณ์' },
  CANCELLED: { en: 'Cancelled', th: 'ยกเลิกแล้ว' },
};

function statusText(status: string | null, lang: Lang): string {
  if (!status) return '';
  return STATUS_WORDS[status]?.[lang] ?? status;
}

export function stepText(step: string | null, lang: Lang): string {
  if (!step) return '';
  return STEP_WORDS[step]?.[lang] ?? step;
}

/** Status badge for an order: its status, and whether it is paid. */
export function OrderBadges({ order, lang, t }: { order: OrderFieldsFragment; lang: Lang; t: Translate }) {
  return (
    <span class="badges">
      <span class={`badge status-${(order.status ?? '').toLowerCase()}`} data-testid="order-status">
        {statusText(order.status, lang)}
      </span>
      <span class={`badge ${order.isPaid ? 'badge-paid' : 'badge-unpaid'}`} data-testid="payment-status">
        {order.isPaid ? t('paid') : t('unpaid')}
      </span>
      {order.sandbox && <span class="badge badge-sandbox">{t('sandboxOrder')}</span>}
    </span>
  );
}

/** Picking progress: the grocer's steps for pickup or delivery, the current one marked. */
export function OrderProgress({ order, lang, t }: { order: OrderFieldsFragment; lang: Lang; t: Translate }) {
  const type = order.shipping?.fulfilmentType ?? 'PICKUP';
  const current = order.shipping?.schedules?.[0]?.pickingStatus ?? null;
  const steps: readonly string[] = STEPS[type];
  const at = current ? steps.indexOf(current) : -1;
  if (current === 'CANCELLED') return <p class="muted">{stepText(current, lang)}</p>;
  return (
    <div class="progress">
      <h3>
        {t('progress')} · {type === 'DELIVERY' ? t('fulfilmentDelivery') : t('fulfilmentPickup')}
      </h3>
      <ol class="steps" data-testid="picking-progress" data-current={current ?? ''}>
        {steps.map((step, i) => (
          <li
            key={step}
            class={i < at ? 'step done' : i === at ? 'step current' : 'step'}
            aria-current={i === at ? 'step' : undefined}
          >
            {stepText(step, lang)}
          </li>
        ))}
      </ol>
    </div>
  );
}
