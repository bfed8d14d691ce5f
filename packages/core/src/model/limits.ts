/** Limits the service enforces and documents (docs "Limits"). */
export const LIMITS = {
  /** Largest quantity of one product on a basket or order line. */
  maxLineQuantity: 99,
  /** Most distinct products on a basket or order. */
  maxLines: 100,
  /** Largest GraphQL `first` for `products` and `orders`. */
  maxPageSize: 100,
  /** REST catalog `size`. */
  maxRestPageSize: 200,
  defaultRestPageSize: 50,
  /** Ranked search `limit` and suggest `limit`. */
  maxSearchLimit: 50,
  maxSuggestLimit: 30,
  /** Longest search text accepted. */
  maxQueryLength: 200,
  /** Longest `specialComment` a shopper may send (the grocer takes longer ones: sandbox orders add ` test`). */
  maxSpecialCommentLength: 500,
  /** Most coupon codes on one quote or order. */
  maxCoupons: 5,
  /** Payment link validity, in seconds (24 hours). */
  paymentLinkTtlSeconds: 24 * 60 * 60,
  /** Catalog download link validity, in seconds (five minutes). */
  downloadLinkTtlSeconds: 5 * 60,
} as const;
