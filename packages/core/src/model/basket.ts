import type { Environment } from './partner.ts';

/**
 * Baskets and orders belong to (partner, environment, shopper): the spec's "(partner key,
 * shopper)", kept across key rotation, and never shared between sandbox and production keys.
 */
export interface ShopperScope {
  partnerId: string;
  environment: Environment;
  ownerId: string;
}

export interface BasketLineRecord {
  cprcode: string;
  quantity: number;
}

export interface BasketRecord {
  basketId: string;
  partnerId: string;
  ownerId: string;
  branchCode: string;
  /** In the order lines were first added. */
  lines: BasketLineRecord[];
  updatedAt: string;
}

/** The part of a basket a change may set. */
export interface BasketContent {
  branchCode: string;
  lines: BasketLineRecord[];
}
