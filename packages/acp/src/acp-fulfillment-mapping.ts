import type { Branch, CheckoutFulfilmentOption, CheckoutSessionRecord } from '@grocery/core';
import type {
  AcpAddress,
  AcpFulfillmentDetails,
  AcpFulfillmentOption,
  AcpLocalDeliveryOption,
  AcpPickupOption,
  AcpSelectedFulfillmentOption,
} from './acp-types.ts';

type PickupChoice = Extract<CheckoutFulfilmentOption, { type: 'pickup' }>;
type DeliveryChoice = Extract<CheckoutFulfilmentOption, { type: 'delivery' }>;
type ScheduleMode = DeliveryChoice['scheduleMode'];

/** The option id of pickup at a branch: `pickup_BKK01`. */
const pickupOptionId = (branchCode: string): string => `pickup_${branchCode}`;
/** The option id of a delivery slot kind: `delivery_regular` or `delivery_express`. */
const deliveryOptionId = (mode: ScheduleMode | null): AcpLocalDeliveryOption['id'] =>
  mode === 'EXPRESS' ? 'delivery_express' : 'delivery_regular';

/** What an option id asks for: pickup at a branch, a delivery slot kind, or nothing this shop offers. */
export function parseOptionId(
  id: unknown,
): { type: 'pickup'; branchCode: string } | { type: 'delivery'; scheduleMode: ScheduleMode } | null {
  if (id === 'delivery_regular') return { type: 'delivery', scheduleMode: 'REGULAR' };
  if (id === 'delivery_express') return { type: 'delivery', scheduleMode: 'EXPRESS' };
  const branch = typeof id === 'string' ? /^pickup_([A-Za-z0-9]{2,8})$/.exec(id)?.[1] : undefined;
  return branch === undefined ? null : { type: 'pickup', branchCode: branch };
}

const bangkokTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', hour: '2-digit', minute: '2-digit' });

/** A branch's address as ACP's `Address` (every field it requires; the province stands for city and state). */
export function branchAddress(
  option: Pick<PickupChoice, 'name' | 'address' | 'postcode'>,
  branch?: Branch,
): AcpAddress {
  return {
    name: option.name,
    line_one: option.address,
    city: branch?.province ?? '',
    state: branch?.province ?? '',
    country: 'TH',
    postal_code: option.postcode,
  };
}

function pickupOption(option: PickupChoice, branch: Branch | undefined): AcpPickupOption {
  const distance = option.distanceKm === null ? '' : `${option.distanceKm.toFixed(1)} km away; `;
  return {
    type: 'pickup',
    id: pickupOptionId(option.branchCode),
    title: `Pickup at ${option.name}`,
    description: `${distance}ready from ${bangkokTime.format(Date.parse(option.readyAt))} (Bangkok time) when paid now.`,
    location: {
      name: option.name,
      address: branchAddress(option, branch),
      ...(branch?.phone ? { phone: branch.phone } : {}),
    },
    pickup_type: 'in_store',
    ready_by: option.readyAt,
    totals: [{ type: 'fulfillment', display_text: 'Pickup', amount: 0 }],
  };
}

function deliveryOption(option: DeliveryChoice): AcpLocalDeliveryOption {
  const express = option.scheduleMode === 'EXPRESS';
  const from = bangkokTime.format(Date.parse(option.windowStart));
  const to = bangkokTime.format(Date.parse(option.windowEnd));
  return {
    type: 'local_delivery',
    id: deliveryOptionId(option.scheduleMode),
    title: express ? 'Express delivery' : 'Delivery',
    description: `Delivered from branch ${option.branchCode} between ${from} and ${to} (Bangkok time) when paid now.`,
    delivery_window: { start: option.windowStart, end: option.windowEnd },
    totals: [
      {
        type: 'fulfillment',
        display_text: express ? 'Express delivery fee' : 'Delivery fee',
        amount: option.feeSatang,
      },
    ],
  };
}

/** The session's fulfilment choices: pickup at each nearby branch, and each delivery slot kind once an address is given. */
export function fulfillmentOptions(
  session: CheckoutSessionRecord,
  branches: ReadonlyMap<string, Branch>,
): AcpFulfillmentOption[] {
  return session.options.map((option) =>
    option.type === 'pickup' ? pickupOption(option, branches.get(option.branchCode)) : deliveryOption(option),
  );
}

/** What the session has chosen, for all its lines; only an option the session offers (rfc §8). */
export function selectedFulfillmentOptions(
  session: CheckoutSessionRecord,
  options: readonly AcpFulfillmentOption[],
): AcpSelectedFulfillmentOption[] {
  const fulfilment = session.fulfilment;
  const item_ids = session.lines.map((line) => line.lineId);
  let chosen: AcpSelectedFulfillmentOption | null = null;
  if (fulfilment?.type === 'pickup' && fulfilment.branchCode !== null)
    chosen = { type: 'pickup', option_id: pickupOptionId(fulfilment.branchCode), item_ids };
  if (fulfilment?.type === 'delivery' && fulfilment.address !== null)
    chosen = { type: 'local_delivery', option_id: deliveryOptionId(fulfilment.scheduleMode), item_ids };
  return chosen && options.some((option) => option.id === chosen.option_id) ? [chosen] : [];
}

/** The buyer's full name, when the session knows any of it. */
function buyerName(session: CheckoutSessionRecord): string | null {
  const name = [session.buyer.firstName, session.buyer.lastName].filter((part) => part !== null).join(' ');
  return name === '' ? null : name;
}

/** The delivery address as ACP's `Address`, or null for pickup or no address yet. */
export function deliveryAddress(session: CheckoutSessionRecord): AcpAddress | null {
  const fulfilment = session.fulfilment;
  if (fulfilment?.type !== 'delivery' || fulfilment.address === null) return null;
  const address = fulfilment.address;
  return {
    name: address.recipientName ?? buyerName(session) ?? '',
    line_one: address.streetAddress,
    city: address.locality ?? address.region ?? '',
    state: address.region ?? '',
    country: address.country,
    postal_code: address.postcode,
  };
}

/** Who receives the order and where, as far as the session knows; undefined when it knows nothing. */
export function fulfillmentDetails(session: CheckoutSessionRecord): AcpFulfillmentDetails | undefined {
  const address = deliveryAddress(session);
  const fulfilment = session.fulfilment;
  const recipient = fulfilment?.type === 'delivery' ? (fulfilment.address?.recipientName ?? null) : null;
  const name = recipient ?? buyerName(session);
  const details: AcpFulfillmentDetails = {
    ...(name !== null ? { name } : {}),
    ...(session.buyer.phone !== null ? { phone_number: session.buyer.phone } : {}),
    ...(session.buyer.email !== null ? { email: session.buyer.email } : {}),
    ...(address ? { address } : {}),
  };
  return Object.keys(details).length > 0 ? details : undefined;
}
