import { z } from 'zod';
import { CommerceError, httpStatusOf, isCommerceError } from '../errors.ts';
import type { components } from '../generated/webhooks-api.ts';
import { ORDER_ID_PATTERN } from '../model/ids.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';
import type { OrderPoller } from '../services/order-poller.ts';
import { verifyWebhookSignature } from '../services/webhook-signature.ts';
import { errorResponse, type HttpRequest, type HttpResponse, jsonResponse } from './http-types.ts';

type GrocerPaymentNotification = components['schemas']['GrocerPaymentNotification'];
type GrocerOrderStatusNotification = components['schemas']['GrocerOrderStatusNotification'];
type NotificationReceived = components['schemas']['NotificationReceived'];

export interface InboundWebhookHandlerOptions {
  store: Store;
  /** Runs the derivation: asks the grocer for the order and records any move. */
  poller: Pick<OrderPoller, 'derive'>;
  /** The grocer's shared secret (`GROCER_WEBHOOK_SECRET`). */
  secret: string;
  clock?: Clock;
  /** Largest accepted `sentAt` distance from our clock, in seconds. */
  toleranceSeconds?: number;
  maxBodyBytes?: number;
}

const INBOUND_WEBHOOK_PATHS = {
  payment: '/webhooks/shop/payment',
  orderStatus: '/webhooks/shop/order-status',
} as const;

const orderId = z.string().regex(ORDER_ID_PATTERN, 'not an order id');
const dateTime = z.iso.datetime({ offset: true });
const sentAt = z.number().int().min(0).max(1e11);

const paymentSchema: z.ZodType<GrocerPaymentNotification> = z.object({
  type: z.literal('payment'),
  orderId,
  paymentStatus: z.literal('PAID'),
  amountSatang: z.number().int().min(0).max(100_000_000_000),
  paidAt: dateTime,
  reference: z.string().max(200),
  sentAt,
});

const orderStatusSchema: z.ZodType<GrocerOrderStatusNotification> = z.object({
  type: z.literal('order-status'),
  orderId,
  status: z.string().min(1).max(40),
  pickingStatus: z.string().max(40).nullable(),
  changedAt: dateTime,
  sentAt,
});

/**
 * The grocer's notifications, `POST /webhooks/shop/payment` and `/webhooks/shop/order-status`
 * (openapi/webhooks.yaml). A notification is authenticated by `X-Grocer-Signature` (HMAC-SHA256
 * of the raw body, compared in constant time), must be sent within ±300 s of our clock and not
 * seen before; then it triggers the same derivation as polling (ask the grocer, observe the
 * order), so each move yields exactly one event whichever path sees it first. Refusals are 4xx
 * with `{"error":{"code","message"}}` and change nothing.
 *
 * @example
 * const handle = createInboundWebhookHandler({ store, poller, secret: config.grocerWebhookSecret });
 */
export function createInboundWebhookHandler(
  options: InboundWebhookHandlerOptions,
): (request: HttpRequest) => Promise<HttpResponse> {
  const clock = options.clock ?? systemClock;
  const toleranceMs = (options.toleranceSeconds ?? 300) * 1000;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;

  return async (request) => {
    const kind =
      request.path === INBOUND_WEBHOOK_PATHS.payment
        ? 'payment'
        : request.path === INBOUND_WEBHOOK_PATHS.orderStatus
          ? 'order-status'
          : null;
    if (kind === null) return errorResponse(404, 'NOT_FOUND', 'No such webhook endpoint.');
    if (request.method !== 'POST') return errorResponse(405, 'METHOD_NOT_ALLOWED', 'Use POST.', {}, { allow: 'POST' });
    if (request.body.length > maxBodyBytes)
      return errorResponse(413, 'PAYLOAD_TOO_LARGE', `The body is over ${maxBodyBytes} bytes.`);
    // Nothing of an unauthenticated body is parsed.
    const signature = request.headers['x-grocer-signature'];
    if (!verifyWebhookSignature(options.secret, request.body, signature)) {
      return errorResponse(
        401,
        'SIGNATURE_INVALID',
        'X-Grocer-Signature is missing or is not the HMAC-SHA256 of the body.',
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(request.body));
    } catch {
      return errorResponse(400, 'INVALID_INPUT', 'The body is not JSON.');
    }
    const parsed = kind === 'payment' ? paymentSchema.safeParse(json) : orderStatusSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return errorResponse(400, 'INVALID_INPUT', `${issue.path.join('.') || 'body'}: ${issue.message}`, {
        field: issue.path.join('.') || undefined,
      });
    }
    const notification = parsed.data;
    const nowMs = clock.now();
    if (Math.abs(notification.sentAt * 1000 - nowMs) > toleranceMs) {
      return errorResponse(
        401,
        'SIGNATURE_INVALID',
        `sentAt is more than ${toleranceMs / 1000} s from the service's clock.`,
      );
    }
    const order = await options.store.getOrderById(notification.orderId);
    if (!order) return errorResponse(404, 'NOT_FOUND', `No order ${notification.orderId}.`);
    // The signature names the exact body; a body accepted before is a replay.
    const receipt = signature!.trim().slice('sha256='.length);
    if (!(await options.store.rememberInboundNotification(receipt, nowMs, nowMs + 2 * toleranceMs))) {
      return errorResponse(409, 'NOTIFICATION_REPLAYED', 'This notification was received before.');
    }
    try {
      // The service records payments itself; the grocer's word adds nothing to a paid order.
      if (notification.type === 'payment' && order.paymentStatus === 'PAID') return received(order.orderId, false);
      const [derived] = await options.poller.derive([order]);
      if (!derived?.grocerOrder) throw new CommerceError('NOT_FOUND', `The grocer has no order ${order.orderId}.`);
      return received(order.orderId, derived.moved);
    } catch (error) {
      // Not processed: the grocer's retry of this very body must be accepted.
      await options.store.forgetInboundNotification(receipt);
      if (!isCommerceError(error) || error.code === 'INTERNAL') throw error;
      return errorResponse(httpStatusOf(error.code), error.code, error.message);
    }
  };
}

function received(orderId: string, moved: boolean): HttpResponse {
  const body: NotificationReceived = { received: true, orderId, moved };
  return jsonResponse(200, body);
}
