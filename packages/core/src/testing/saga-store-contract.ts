import { orderIntentStoreContract } from './order-intent-store-contract.ts';
import { paymentAttemptStoreContract } from './payment-attempt-store-contract.ts';
import { refundStoreContract } from './refund-store-contract.ts';
import type { StoreContractCase } from './store-contract-fixtures.ts';

/**
 * The `SagaStore` part of the store contract: order intents, payment attempts and refunds, their
 * guarded moves and leases, raced against the commerce store's adoption and payment completion
 * (one file of cases per concern).
 */
export const sagaStoreContract: readonly StoreContractCase[] = [
  ...orderIntentStoreContract,
  ...paymentAttemptStoreContract,
  ...refundStoreContract,
];
