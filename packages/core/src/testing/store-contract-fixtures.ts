import type { Store } from '../ports/store.ts';
import { contractAttempt, contractIntent, contractLink, contractOrder } from './contract-records.ts';

/** Rows a Store writes but never reads back through the port, counted by the implementation. */
export interface StoreRowCounts {
  payments(orderId: string): Promise<number>;
  events(orderId: string): Promise<number>;
  paymentLinks(orderId: string): Promise<number>;
}

/** A fresh, empty store for one run of a contract, and how to dispose of it. */
export interface StoreContractSubject {
  store: Store;
  /** When given, the contract also checks rows the port never reads back (one payment, one event, one first link). */
  count?: StoreRowCounts;
  close(): Promise<void>;
}

/**
 * One test of a store contract. The cases of a contract run in order on one store, each building on
 * the rows the ones before wrote.
 */
export interface StoreContractCase {
  name: string;
  run: (subject: StoreContractSubject) => Promise<void>;
}

// The contract's shoppers: partner A's sandbox shopper, the same owner id under partner B, and under A's production keys.
export const scope = { partnerId: 'ptn_a', environment: 'sandbox' as const, ownerId: 'owner-1' };
export const otherPartner = { partnerId: 'ptn_b', environment: 'sandbox' as const, ownerId: 'owner-1' };
export const production = { ...scope, environment: 'production' as const };
export const orderRecord = (orderId: string, createdAt: string) => contractOrder(orderId, createdAt, scope);
export const link = (orderId: string, hash: string) => contractLink(orderId, scope.partnerId, hash);
export const intent = (orderId: string, owner = scope, extra: Parameters<typeof contractIntent>[2] = {}) =>
  contractIntent(orderId, owner, extra);
export const attempt = (orderId: string, attemptId: string, nowMs: number) =>
  contractAttempt(orderId, scope.partnerId, attemptId, nowMs);

/**
 * Text a caller might be sent by anyone: quotes, SQL and template syntax, Thai, emoji sequences,
 * combining marks, bidi and zero-width controls, tabs and newlines, and 100,000 characters in all.
 */
export const HOSTILE_TEXT = (
  `'; DROP TABLE agents; -- "quoted" \\ back\\slash $1 %s \${x} <script>alert(1)</script> ` +
  `ภาษาไทย ๑๒๓ 👩‍👩‍👧 e\u0301 \u202Eevil\u202C zero\u200Bwidth \t tab \n newline `
).padEnd(100_000, ' ยาวมาก long');
