import { CommerceError, sha256Hex } from '@grocery/core';
import type {
  CheckoutAddress,
  CheckoutFulfilment,
  CheckoutFulfilmentOption,
  CheckoutSessionRecord,
} from '@grocery/core/ports';

/** A value of a request body read as an object (anything else reads as absent). */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A postal address as UCP writes it (postal_address.json), with the destination's id. */
export interface UcpShippingDestination {
  id: string;
  street_address: string;
  address_locality?: string;
  address_region?: string;
  postal_code: string;
  address_country: string;
  first_name?: string;
  last_name?: string;
}

/** A pickup branch (retail_location.json). */
export interface UcpRetailLocation {
  id: string;
  name: string;
  address: { street_address: string; postal_code: string; address_country: string };
}

export interface UcpFulfillmentOption {
  id: string;
  title: string;
  description: string;
  earliest_fulfillment_time: string;
  latest_fulfillment_time?: string;
  totals: { type: 'total'; amount: number }[];
}

export interface UcpFulfillmentMethod {
  id: 'pickup' | 'shipping';
  type: 'pickup' | 'shipping';
  line_item_ids: string[];
  destinations: (UcpShippingDestination | UcpRetailLocation)[];
  selected_destination_id: string | null;
  groups?: {
    id: string;
    line_item_ids: string[];
    options: UcpFulfillmentOption[];
    selected_option_id: string | null;
  }[];
}

/** The fulfilment part of a session as the fulfillment extension shows it, and where its choice sits. */
export interface RenderedFulfillment {
  fulfillment: { methods: UcpFulfillmentMethod[] };
  /** Index in `methods` of the method the session chose; null when none is chosen. */
  chosenMethod: number | null;
}

const BANGKOK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Bangkok',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** `27 Nov, 14:00` in Bangkok time: what a buyer in Thailand reads. */
const bangkokTime = (iso: string): string => BANGKOK.format(new Date(iso));

/** A destination id that stays the same while the address does: agents send it back in `selected_destination_id`. */
export function destinationIdOf(address: CheckoutAddress): string {
  const key = [address.streetAddress, address.locality, address.region, address.postcode, address.country];
  return `addr_${sha256Hex(JSON.stringify([...key, address.recipientName])).slice(0, 16)}`;
}

function shippingDestination(address: CheckoutAddress): UcpShippingDestination {
  const [first, ...rest] = (address.recipientName ?? '').split(' ');
  return {
    id: destinationIdOf(address),
    street_address: address.streetAddress,
    ...(address.locality ? { address_locality: address.locality } : {}),
    ...(address.region ? { address_region: address.region } : {}),
    postal_code: address.postcode,
    address_country: address.country,
    ...(first ? { first_name: first } : {}),
    ...(rest.length ? { last_name: rest.join(' ') } : {}),
  };
}

type PickupOption = Extract<CheckoutFulfilmentOption, { type: 'pickup' }>;
type DeliveryOption = Extract<CheckoutFulfilmentOption, { type: 'delivery' }>;

function retailLocation(option: PickupOption): UcpRetailLocation {
  return {
    id: option.branchCode,
    name: option.name,
    address: { street_address: option.address, postal_code: option.postcode, address_country: 'TH' },
  };
}

/** Slot kinds as option ids: `regular`, `express`. */
const optionIdOf = (mode: 'REGULAR' | 'EXPRESS'): string => mode.toLowerCase();

function slotOption(option: DeliveryOption): UcpFulfillmentOption {
  const express = option.scheduleMode === 'EXPRESS';
  return {
    id: optionIdOf(option.scheduleMode),
    title: express ? 'Express delivery' : 'Standard delivery',
    description: `Delivered between ${bangkokTime(option.windowStart)} and ${bangkokTime(option.windowEnd).split(', ')[1]} (Bangkok time) from branch ${option.branchCode}`,
    earliest_fulfillment_time: option.windowStart,
    latest_fulfillment_time: option.windowEnd,
    totals: [{ type: 'total', amount: option.feeSatang }],
  };
}

function pickupMethod(session: CheckoutSessionRecord, lineIds: string[]): UcpFulfillmentMethod {
  const chosen = session.fulfilment?.type === 'pickup' ? session.fulfilment : null;
  const branches = session.options.filter((o): o is PickupOption => o.type === 'pickup');
  const selected = chosen?.branchCode ? (branches.find((b) => b.branchCode === chosen.branchCode) ?? null) : null;
  return {
    id: 'pickup',
    type: 'pickup',
    line_item_ids: chosen ? lineIds : [],
    destinations: branches.map(retailLocation),
    selected_destination_id: chosen?.branchCode ?? null,
    ...(selected
      ? {
          groups: [
            {
              id: 'pickup',
              line_item_ids: lineIds,
              options: [
                {
                  id: 'pickup',
                  title: `Pick up at ${selected.name}`,
                  description: `Ready from ${bangkokTime(selected.readyAt)} (Bangkok time) at ${selected.address}`,
                  earliest_fulfillment_time: selected.readyAt,
                  totals: [{ type: 'total', amount: 0 }],
                },
              ],
              selected_option_id: 'pickup',
            },
          ],
        }
      : {}),
  };
}

function shippingMethod(session: CheckoutSessionRecord, lineIds: string[]): UcpFulfillmentMethod {
  const chosen = session.fulfilment?.type === 'delivery' ? session.fulfilment : null;
  const destination = chosen?.address ? shippingDestination(chosen.address) : null;
  const slots = session.options.filter((o): o is DeliveryOption => o.type === 'delivery');
  return {
    id: 'shipping',
    type: 'shipping',
    line_item_ids: chosen ? lineIds : [],
    destinations: destination ? [destination] : [],
    selected_destination_id: destination?.id ?? null,
    ...(chosen && slots.length
      ? {
          groups: [
            {
              id: 'delivery',
              line_item_ids: lineIds,
              options: slots.map(slotOption),
              selected_option_id: chosen.scheduleMode ? optionIdOf(chosen.scheduleMode) : null,
            },
          ],
        }
      : {}),
  };
}

/**
 * The session's fulfilment as the fulfillment extension shows it: a `pickup` method whose
 * destinations are the nearest branches (`retail_location`, id = branch code), and a `shipping`
 * method with the buyer's address and one group whose options are the REGULAR and EXPRESS slots
 * with their fees. The chosen method comes first and fulfils every line; the other is offered with
 * no lines, so the agent can switch.
 */
export function toUcpFulfillment(session: CheckoutSessionRecord, lineIds: string[]): RenderedFulfillment {
  const pickup = pickupMethod(session, lineIds);
  const shipping = shippingMethod(session, lineIds);
  const type = session.fulfilment?.type;
  const methods = type === 'delivery' ? [shipping, pickup] : [pickup, shipping];
  return { fulfillment: { methods }, chosenMethod: type ? 0 : null };
}

/** What a request's fulfillment asks for, and where in the request it said so (for error paths). */
export interface RequestedFulfilment {
  fulfilment: CheckoutFulfilment | null;
  /** Index of the chosen method in `fulfillment.methods`. */
  method: number | null;
  /** Index of the chosen shipping destination in that method's `destinations`. */
  destination: number | null;
  /** Index of the group whose `selected_option_id` chose the slot. */
  group: number | null;
}

const NONE: RequestedFulfilment = { fulfilment: null, method: null, destination: null, group: null };

/** ISO 3166-1 alpha-3 and the English name of the one country served, as postal_address allows them. */
function countryOf(value: unknown): unknown {
  return typeof value === 'string' && /^(tha|thailand)$/i.test(value.trim()) ? 'TH' : value;
}

/** A UCP postal address as core's (unchecked: core checks every field and names it). */
function addressOf(destination: JsonObject): CheckoutAddress {
  const street = destination.street_address;
  const extended = destination.extended_address;
  const names = [destination.first_name, destination.last_name].filter((n) => typeof n === 'string' && n.trim());
  return {
    streetAddress: (typeof street === 'string' && typeof extended === 'string' && extended.trim()
      ? `${street}, ${extended}`
      : street) as string,
    locality: (destination.address_locality ?? null) as string | null,
    region: (destination.address_region ?? null) as string | null,
    postcode: destination.postal_code as string,
    country: countryOf(destination.address_country) as string,
    recipientName: names.length ? names.join(' ') : null,
  };
}

/** A method "says" something when it selects a branch or carries an address; an echo of ours without a choice does not. */
function choiceOf(method: JsonObject): boolean {
  if (method.type === 'pickup') return typeof method.selected_destination_id === 'string';
  return Array.isArray(method.destinations) && method.destinations.some(isJsonObject);
}

function pickMethod(methods: readonly unknown[]): number | null {
  const known = methods.flatMap((m, i) =>
    isJsonObject(m) && (m.type === 'pickup' || m.type === 'shipping') ? [{ m, i }] : [],
  );
  const withLines = known.find(({ m }) => Array.isArray(m.line_item_ids) && m.line_item_ids.length > 0);
  if (withLines) return withLines.i;
  if (known.length === 1) return known[0]!.i;
  return known.find(({ m }) => choiceOf(m))?.i ?? null;
}

/** The slot the first group selects (`regular` / `express`, any case); anything else goes to core, which refuses it. */
function scheduleModeOf(method: JsonObject): { mode: 'REGULAR' | 'EXPRESS' | null; group: number | null } {
  const group = Array.isArray(method.groups) ? method.groups.findIndex(isJsonObject) : -1;
  const id = group < 0 ? undefined : (method.groups as JsonObject[])[group]!.selected_option_id;
  if (id === undefined || id === null) return { mode: null, group: null };
  const mode = typeof id === 'string' && /^(regular|express)$/i.test(id) ? id.toUpperCase() : id;
  return { mode: mode as 'REGULAR' | 'EXPRESS', group };
}

/**
 * Reads a request's `fulfillment` (lenient: unknown keys and output-only fields are ignored). The
 * method that fulfils lines (or the only one, or the one that selects something) is the choice:
 * `pickup` takes its `selected_destination_id` as the branch code; `shipping` takes the selected
 * destination (or its only / first one) as the address and the group's `selected_option_id`
 * (`regular` / `express`) as the slot. No choice means no fulfilment (a PUT without it clears it).
 */
export function fromUcpFulfillment(value: unknown): RequestedFulfilment {
  if (value === undefined || value === null) return NONE;
  if (!isJsonObject(value))
    throw new CommerceError('INVALID_INPUT', 'fulfillment is an object.', { field: 'fulfillment' });
  const methods = value.methods;
  if (methods === undefined || methods === null) return NONE;
  if (!Array.isArray(methods))
    throw new CommerceError('INVALID_INPUT', 'fulfillment.methods is a list.', { field: 'fulfillment.methods' });
  const index = pickMethod(methods);
  if (index === null) return NONE;
  const method = methods[index] as JsonObject;
  if (method.type === 'pickup') {
    const branch = method.selected_destination_id;
    return {
      fulfilment: { type: 'pickup', branchCode: (branch ?? null) as string | null },
      method: index,
      destination: null,
      group: null,
    };
  }
  const destinations = Array.isArray(method.destinations) ? method.destinations : [];
  const selected = method.selected_destination_id;
  let at = destinations.findIndex((d) => isJsonObject(d) && typeof selected === 'string' && d.id === selected);
  if (at < 0) at = destinations.findIndex(isJsonObject);
  const slot = scheduleModeOf(method);
  return {
    fulfilment: {
      type: 'delivery',
      address: at < 0 ? null : addressOf(destinations[at] as JsonObject),
      scheduleMode: slot.mode,
    },
    method: index,
    destination: at < 0 ? null : at,
    group: slot.group,
  };
}
