/** Baskets and orders belong to the pair (partner, shopper). */
export interface ShopperScope {
  partnerId: string;
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
