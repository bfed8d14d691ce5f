/**
 * The shapes of the grocer HTTP API's bodies and queries, checked with zod at the server. They
 * check structure (types, list and text lengths); the simulator checks meaning (ranges, patterns,
 * existence), so that both implementations of the port answer with the same codes.
 */
import { CommerceError, LIMITS, type ErrorCode } from '@grocery/core';
import type { FulfilmentType } from '@grocery/core/ports';
import { z } from 'zod';
import { MAX_COUPON_CODE_LENGTH } from './calculator-input.ts';
import { MAX_BATCH, MAX_EXPORT_BATCH, MAX_SPECIAL_COMMENT_LENGTH } from './simulator-input.ts';

const id = z.string().max(100);
const text = (max: number) => z.string().max(max);
const nullableText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const addressSchema = z
  .object({
    lat: z.number().nullable().optional(),
    lon: z.number().nullable().optional(),
    postcode: nullableText(500),
    address: nullableText(500),
    firstName: nullableText(500),
    lastName: nullableText(500),
    phone: nullableText(500),
    email: nullableText(500),
  })
  .transform((a) => ({ ...a, lat: a.lat ?? null, lon: a.lon ?? null }));

// Any short text: the simulator answers an unknown fulfilment with its own message.
const fulfilment = z.custom<FulfilmentType>(
  (v) => typeof v === 'string' && v.length <= 20,
  'fulfilment must be PICKUP or DELIVERY',
);
const line = z.object({ cprcode: id, quantity: z.number() });
// A little beyond the limit, so that the simulator reports the count with its own message.
const lines = z.array(line).max(LIMITS.maxLines * 10);
const couponCodes = z
  .array(text(MAX_COUPON_CODE_LENGTH))
  .max(LIMITS.maxCoupons * 4)
  .nullable()
  .optional()
  .transform((v) => v ?? []);

export const calculateBodySchema = z.object({
  branchCode: id,
  lines,
  fulfilment,
  scheduleMode: text(40).optional().default('REGULAR'),
  address: addressSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  couponCodes,
  orderSource: text(100).optional().default(''),
});

export const createOrderBodySchema = z.object({
  orderId: id,
  orderSource: text(200),
  branchCode: id,
  lines,
  fulfilment,
  scheduleMode: text(40).optional().default('REGULAR'),
  address: addressSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  couponCodes,
  specialComment: nullableText(MAX_SPECIAL_COMMENT_LENGTH),
  sandbox: z.boolean(),
});

export const cprcodesBodySchema = z.object({ cprcodes: z.array(id).max(MAX_BATCH * 2) });
export const orderIdsBodySchema = z.object({ orderIds: z.array(id).max(MAX_BATCH * 2) });
export const paymentBodySchema = z.object({
  paymentId: id,
  amountSatang: z.number(),
  provider: text(100),
  reference: text(400),
});

export const setPriceBodySchema = z.object({ branchCode: id, cprcode: id, amountSatang: z.number().nullable() });
export const setStockBodySchema = z.object({ branchCode: id, cprcode: id, qty: z.number() });
export const setActiveBodySchema = z.object({ active: z.boolean() });
export const faultsBodySchema = z.object({
  latencyMs: z.number().optional(),
  errorRate: z.number().optional(),
  timeoutRate: z.number().optional(),
});

export const catalogPageQuerySchema = z.strictObject({
  after: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'after must be a cprcode')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EXPORT_BATCH).default(1000),
});
export const emptyQuerySchema = z.strictObject({});

/** The error code a failed field stands for: quantities, cprcodes and branches keep their own codes. */
function codeForPath(path: readonly PropertyKey[]): ErrorCode {
  const last = path.at(-1);
  const named = typeof last === 'number' ? path.at(-2) : last;
  if (named === 'quantity') return 'INVALID_QUANTITY';
  if (named === 'cprcode' || named === 'cprcodes') return 'INVALID_CPRCODE';
  if (named === 'branchCode') return 'INVALID_BRANCH';
  return 'INVALID_INPUT';
}

/** Parses `value` with `schema`, or throws the CommerceError of its first problem. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' = 'body',
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  const message = field
    ? `${where === 'query' ? 'Query parameter' : 'Field'} ${field}: ${issue.message}`
    : `The ${where} is not valid: ${issue.message}`;
  throw new CommerceError(codeForPath(issue.path), message, field ? { field } : {});
}
