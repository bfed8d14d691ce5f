/**
 * The simulator's limits and the checks of its inputs: what the real grocer refuses, refused
 * before anything changes, with the field at fault named.
 */
import { CommerceError, isCprcode } from '@grocery/core';
import type { CreateOrderRequest, RecordPaymentRequest } from '@grocery/core/ports';

/** Most ids or cprcodes in one batch call (the port's limit). */
export const MAX_BATCH = 500;
/** The grocer's own limit on an order's comment: room for the API's longest and the sandbox's ` test`. */
export const MAX_SPECIAL_COMMENT_LENGTH = 1000;
/** Largest `exportCatalog` batch. */
export const MAX_EXPORT_BATCH = 10_000;
const ORDER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkBatch(values: unknown, field: string): string[] {
  if (!Array.isArray(values)) throw new CommerceError('INVALID_INPUT', `${field} must be a list.`, { field });
  if (values.length > MAX_BATCH)
    throw new CommerceError('INVALID_INPUT', `At most ${MAX_BATCH} ${field} per call; got ${values.length}.`, {
      field,
      details: { max: MAX_BATCH },
    });
  return values as string[];
}

export function checkCprcodes(values: unknown, field = 'cprcodes'): string[] {
  const list = checkBatch(values, field);
  list.forEach((value, i) => {
    if (!isCprcode(value))
      throw new CommerceError('INVALID_CPRCODE', `${field}[${i}] must be 1 to 12 digits.`, { field: `${field}.${i}` });
  });
  return list;
}

export function checkOrderId(orderId: unknown): string {
  if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId))
    throw new CommerceError('INVALID_INPUT', 'orderId must be 1 to 64 letters, digits, hyphens or underscores.', {
      field: 'orderId',
    });
  return orderId;
}

export function cancelledError(orderId: string): CommerceError {
  return new CommerceError('ORDER_CANCELLED', `Order ${orderId} was cancelled; place the order again.`, {
    field: 'orderId',
    details: { orderId, status: 'CANCELLED' },
  });
}

/** The fields of a new order the calculator does not check. */
export function checkOrderFields(request: CreateOrderRequest): void {
  if (typeof request.orderSource !== 'string' || request.orderSource.length === 0 || request.orderSource.length > 100) {
    throw new CommerceError('INVALID_INPUT', 'orderSource must be text of 1 to 100 characters.', {
      field: 'orderSource',
    });
  }
  if (
    request.specialComment !== null &&
    (typeof request.specialComment !== 'string' || request.specialComment.length > MAX_SPECIAL_COMMENT_LENGTH)
  ) {
    throw new CommerceError(
      'INVALID_INPUT',
      `specialComment must be null or text of at most ${MAX_SPECIAL_COMMENT_LENGTH} characters.`,
      { field: 'specialComment' },
    );
  }
  if (typeof request.sandbox !== 'boolean')
    throw new CommerceError('INVALID_INPUT', 'sandbox must be true or false.', { field: 'sandbox' });
}

export function checkPaymentFields(request: RecordPaymentRequest): Omit<RecordPaymentRequest, 'orderId'> {
  const { amountSatang, provider, reference, paymentId } = request;
  if (typeof amountSatang !== 'number' || !Number.isSafeInteger(amountSatang) || amountSatang < 0) {
    throw new CommerceError('INVALID_INPUT', 'amountSatang must be a whole number of satang.', {
      field: 'amountSatang',
    });
  }
  if (typeof provider !== 'string' || provider.length === 0 || provider.length > 40)
    throw new CommerceError('INVALID_INPUT', 'provider must be text of 1 to 40 characters.', { field: 'provider' });
  if (typeof reference !== 'string' || reference.length === 0 || reference.length > 200)
    throw new CommerceError('INVALID_INPUT', 'reference must be text of 1 to 200 characters.', { field: 'reference' });
  if (typeof paymentId !== 'string' || !ORDER_ID_PATTERN.test(paymentId))
    throw new CommerceError('INVALID_INPUT', 'paymentId must be 1 to 64 letters, digits, hyphens or underscores.', {
      field: 'paymentId',
    });
  return { amountSatang, provider, reference, paymentId };
}
