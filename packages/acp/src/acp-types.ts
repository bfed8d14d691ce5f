import type { components } from './generated/acp-api.ts';

type Schemas = components['schemas'];

/** A checkout session as this shop answers it (openapi/acp.yaml, within ACP's `CheckoutSession`). */
export type AcpCheckoutSession = Schemas['CheckoutSession'];
/** A session with the order it placed (ACP's `CheckoutSessionWithOrder`). */
export type AcpCheckoutSessionWithOrder = Schemas['CheckoutSessionWithOrder'];
export type AcpCapabilities = Schemas['Capabilities'];
export type AcpPaymentHandler = Schemas['PaymentHandler'];
export type AcpBuyer = Schemas['Buyer'];
export type AcpAddress = Schemas['Address'];
export type AcpFulfillmentDetails = Schemas['FulfillmentDetails'];
export type AcpTotal = Schemas['Total'];
export type AcpLineItem = Schemas['LineItem'];
export type AcpPickupOption = Schemas['FulfillmentOptionPickup'];
export type AcpLocalDeliveryOption = Schemas['FulfillmentOptionLocalDelivery'];
export type AcpFulfillmentOption = AcpPickupOption | AcpLocalDeliveryOption;
export type AcpSelectedFulfillmentOption = Schemas['SelectedFulfillmentOption'];
export type AcpMessage = Schemas['MessageInfo'] | Schemas['MessageWarning'] | Schemas['MessageError'];
export type AcpLink = Schemas['Link'];
export type AcpDiscounts = Schemas['Discounts'];
export type AcpOrder = Schemas['Order'];
export type AcpOrderLineItem = Schemas['OrderLineItem'];
export type AcpFulfillment = Schemas['Fulfillment'];
export type AcpAdjustment = Schemas['Adjustment'];
export type AcpDiscoveryResponse = Schemas['DiscoveryResponse'];
/** An order event as POSTed to the agent's webhook. */
export type AcpWebhookEvent = Schemas['WebhookEvent'];
/** The flat protocol error body. */
export type AcpErrorBody = Schemas['Error'];

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
