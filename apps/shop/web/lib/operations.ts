/**
 * Every GraphQL operation the shop sends, with the shape of its result. The documents are checked
 * against schema.graphql by apps/shop/test/shop-operations.test.ts.
 */

export type PriceSource = 'BRANCH_FEED' | 'DETAIL_FALLBACK';

export interface UserError {
  code: string;
  message: string;
  field: string | null;
}

export interface Money {
  amount: number;
  currency: string;
  source: PriceSource;
}

export interface StockLevel {
  listable: boolean;
  sellableQty: number | null;
}

export interface ProductCard {
  cprcode: string;
  nameEn: string | null;
  nameTh: string | null;
  brandEn: string | null;
  sizeDesc: string | null;
  imageUrl: string | null;
  price: Money | null;
  inventory: StockLevel | null;
}

export interface ProductDetail extends ProductCard {
  countryEn: string | null;
  barcode: string | null;
  category: { l1: string | null; l2: string | null; l3: string | null } | null;
  price: (Money & { branchCode: string | null }) | null;
  inventory: (StockLevel & { ibCfQty: number | null; qtySource: 'NEW_IB_VS_STOCK_CV' | 'IB_CF_QTY' | null }) | null;
}

export interface Branch {
  branchCode: string;
  name: string | null;
  nameTh: string | null;
  alcoholLicensed: boolean | null;
  deliveryAvailable: boolean | null;
  lat: number | null;
  lon: number | null;
  address: string | null;
  province: string | null;
  postcode: string | null;
  phone: string | null;
}

export interface BasketLine {
  cprcode: string;
  quantity: number;
  product: ProductCard | null;
}

export interface Basket {
  basketId: string;
  branchCode: string;
  lines: BasketLine[];
}

export interface FailedCoupon {
  code: string;
  reason: string;
  message?: string;
}

export interface Quote {
  quoteId: string;
  grandTotal: number;
  currency: string;
  branchCode: string | null;
  expiresInSeconds: number;
  subTotal: number | null;
  deliveryFee: number | null;
  discountedDeliveryFee: number | null;
  shippingDiscount: number | null;
  expressShippingCost: number | null;
  totalDiscount: number | null;
  couponCodes: string[];
  failedCoupons: unknown;
  lines: { cprcode: string; productName: string | null; quantity: number; price: number | null; rowTotal: number | null; discountedRowTotal: number | null }[];
}

export interface OrderSchedule {
  mode: string | null;
  dateTime: string | null;
  pickingStatus: string | null;
  deliveryFee: number | null;
}

export interface Order {
  orderId: string;
  branchCode: string | null;
  grandTotal: number | null;
  subTotal: number | null;
  deliveryFee: number | null;
  totalDiscount: number | null;
  isPaid: boolean | null;
  status: string | null;
  createdAt: string | null;
  sandbox: boolean | null;
  specialComment: string | null;
  lines: { cprcode: string; productName: string | null; quantity: number; price: number | null; rowTotal: number | null }[];
  payment: { isPaid: boolean | null; status: string | null; grandTotal: number | null; method: string | null } | null;
  shipping: { fulfilmentType: 'DELIVERY' | 'PICKUP' | null; schedules: OrderSchedule[] | null } | null;
}

export interface PaymentSession {
  orderId: string;
  amountThb: number;
  currency: string;
  redirectUrl: string | null;
  available: boolean;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** A GraphQL document with the types of its variables and result. */
export interface Operation<V, R> {
  readonly name: string;
  readonly document: string;
  /** Phantom fields that carry the types; never set. */
  readonly types?: { variables: V; result: R };
}

function op<V, R>(name: string, document: string): Operation<V, R> {
  return { name, document };
}

const PRODUCT_CARD =
  'fragment ProductCardFields on Product { cprcode nameEn nameTh brandEn sizeDesc imageUrl price { amount currency source } inventory { listable sellableQty } }';
const BRANCH = 'fragment BranchFields on FulfilmentBranch { branchCode name nameTh alcoholLicensed deliveryAvailable lat lon address province postcode phone }';
const BASKET = `fragment BasketFields on Basket { basketId branchCode lines { cprcode quantity product { ...ProductCardFields } } } ${PRODUCT_CARD}`;
const USER_ERRORS = 'userErrors { code message field }';
const QUOTE =
  'fragment QuoteFields on Quote { quoteId grandTotal currency branchCode expiresInSeconds subTotal deliveryFee discountedDeliveryFee shippingDiscount expressShippingCost totalDiscount couponCodes failedCoupons lines { cprcode productName quantity price rowTotal discountedRowTotal } }';
const ORDER =
  'fragment OrderFields on Order { orderId branchCode grandTotal subTotal deliveryFee totalDiscount isPaid status createdAt sandbox specialComment lines { cprcode productName quantity price rowTotal } payment { isPaid status grandTotal method } shipping { fulfilmentType schedules { mode dateTime pickingStatus deliveryFee } } }';

export const CATEGORIES = op<Record<string, never>, { categories: { name: string; count: number }[] }>('ShopCategories', 'query ShopCategories { categories { name count } }');

export const BRANCHES = op<Record<string, never>, { branches: Branch[] }>('ShopBranches', `query ShopBranches { branches { ...BranchFields } } ${BRANCH}`);

export const RESOLVE_BRANCH = op<{ input: { postcode?: string; lat?: number; lon?: number } }, { fulfilmentResolve: Branch & { distanceKm: number | null } }>(
  'ShopResolveBranch',
  `query ShopResolveBranch($input: FulfilmentResolveInput!) { fulfilmentResolve(input: $input) { ...BranchFields distanceKm } } ${BRANCH}`,
);

export interface ProductFilterInput {
  query?: string;
  l1?: string;
  pricedOnly?: boolean;
}

export const PRODUCTS = op<
  { filter: ProductFilterInput; branchCode: string | null; first: number; after: string | null },
  { products: { nodes: ProductCard[]; pageInfo: PageInfo; totalCount: number | null } }
>(
  'ShopProducts',
  `query ShopProducts($filter: ProductFilter, $branchCode: ID, $first: Int!, $after: String) { products(filter: $filter, branchCode: $branchCode, first: $first, after: $after) { nodes { ...ProductCardFields } pageInfo { hasNextPage endCursor } totalCount } } ${PRODUCT_CARD}`,
);

export const PRODUCT = op<{ cprcode: string; branchCode: string | null }, { product: ProductDetail | null }>(
  'ShopProduct',
  `query ShopProduct($cprcode: ID!, $branchCode: ID) { product(cprcode: $cprcode, branchCode: $branchCode) { ...ProductCardFields countryEn barcode category { l1 l2 l3 } price { amount currency source branchCode } inventory { listable sellableQty ibCfQty qtySource } } } ${PRODUCT_CARD}`,
);

export interface SearchHit {
  cprcode: string;
  name: string | null;
  product: ProductCard | null;
}

export const SUGGEST = op<{ query: string; branchCode: string | null }, { searchSuggest: string[]; search: SearchHit[] }>(
  'ShopSuggest',
  `query ShopSuggest($query: String!, $branchCode: ID) { searchSuggest(query: $query, limit: 6) search(query: $query, mode: AUTOCOMPLETE, limit: 4, branchCode: $branchCode) { cprcode name product { ...ProductCardFields } } } ${PRODUCT_CARD}`,
);

export const SEARCH = op<{ query: string; branchCode: string | null }, { search: SearchHit[] }>(
  'ShopSearch',
  `query ShopSearch($query: String!, $branchCode: ID) { search(query: $query, mode: SEMANTIC, limit: 40, branchCode: $branchCode) { cprcode name product { ...ProductCardFields } } } ${PRODUCT_CARD}`,
);

export const BASKET_QUERY = op<Record<string, never>, { basket: Basket | null }>('ShopBasket', `query ShopBasket { basket { ...BasketFields } } ${BASKET}`);

type BasketPayload = { basket: Basket | null; userErrors: UserError[] };

export const BASKET_ADD = op<{ input: { cprcode: string; quantity: number; branchCode: string | null } }, { basketAdd: BasketPayload }>(
  'ShopBasketAdd',
  `mutation ShopBasketAdd($input: BasketAddInput!) { basketAdd(input: $input) { basket { ...BasketFields } ${USER_ERRORS} } } ${BASKET}`,
);

export const BASKET_SET_QUANTITY = op<{ input: { cprcode: string; quantity: number } }, { basketSetQuantity: BasketPayload }>(
  'ShopBasketSetQuantity',
  `mutation ShopBasketSetQuantity($input: BasketSetQuantityInput!) { basketSetQuantity(input: $input) { basket { ...BasketFields } ${USER_ERRORS} } } ${BASKET}`,
);

export const BASKET_REMOVE = op<{ input: { cprcode: string } }, { basketRemove: BasketPayload }>(
  'ShopBasketRemove',
  `mutation ShopBasketRemove($input: BasketRemoveInput!) { basketRemove(input: $input) { basket { ...BasketFields } ${USER_ERRORS} } } ${BASKET}`,
);

export const BASKET_EMPTY = op<Record<string, never>, { basketEmpty: BasketPayload }>(
  'ShopBasketEmpty',
  `mutation ShopBasketEmpty { basketEmpty { basket { ...BasketFields } ${USER_ERRORS} } } ${BASKET}`,
);

export const BASKET_SET_BRANCH = op<{ branchCode: string }, { basketSetBranch: BasketPayload }>(
  'ShopBasketSetBranch',
  `mutation ShopBasketSetBranch($branchCode: ID!) { basketSetBranch(branchCode: $branchCode) { basket { ...BasketFields } ${USER_ERRORS} } } ${BASKET}`,
);

export interface AddressInput {
  lat: number | null;
  lon: number | null;
  postcode: string | null;
  address: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
}

export interface PricingInput {
  branchCode: string | null;
  shippingType: 'PICKUP' | 'DELIVERY';
  scheduleMode: 'REGULAR' | 'EXPRESS';
  couponCodes: string[] | null;
  address: AddressInput | null;
}

type QuotePayload = { quote: Quote | null; userErrors: UserError[] };

export const QUOTE_BASKET = op<{ input: PricingInput }, { quote: QuotePayload }>(
  'ShopQuote',
  `mutation ShopQuote($input: QuoteInput!) { quote(input: $input) { quote { ...QuoteFields } ${USER_ERRORS} } } ${QUOTE}`,
);

export const QUOTE_APPLY_COUPON = op<{ input: PricingInput }, { quoteApplyCoupon: QuotePayload }>(
  'ShopQuoteApplyCoupon',
  `mutation ShopQuoteApplyCoupon($input: QuoteInput!) { quoteApplyCoupon(input: $input) { quote { ...QuoteFields } ${USER_ERRORS} } } ${QUOTE}`,
);

export const ORDER_CREATE = op<{ input: PricingInput & { specialComment: string | null } }, { orderCreate: { order: Order | null; userErrors: UserError[] } }>(
  'ShopOrderCreate',
  `mutation ShopOrderCreate($input: OrderCreateInput) { orderCreate(input: $input) { order { ...OrderFields } ${USER_ERRORS} } } ${ORDER}`,
);

export const PAYMENT_START = op<{ input: { orderId: string; callbackUrl: string } }, { paymentStart: { payment: PaymentSession | null; userErrors: UserError[] } }>(
  'ShopPaymentStart',
  `mutation ShopPaymentStart($input: PaymentStartInput!) { paymentStart(input: $input) { payment { orderId amountThb currency redirectUrl available } ${USER_ERRORS} } }`,
);

export const ORDER_QUERY = op<{ orderId: string }, { order: Order | null }>('ShopOrder', `query ShopOrder($orderId: ID!) { order(orderId: $orderId) { ...OrderFields } } ${ORDER}`);

export const ORDERS = op<{ first: number; after: string | null }, { orders: { nodes: Order[]; pageInfo: PageInfo } }>(
  'ShopOrders',
  `query ShopOrders($first: Int!, $after: String) { orders(first: $first, after: $after) { nodes { ...OrderFields } pageInfo { hasNextPage endCursor } } } ${ORDER}`,
);

/** Every operation, for the schema check. */
export const ALL_OPERATIONS: readonly Operation<unknown, unknown>[] = [
  CATEGORIES,
  BRANCHES,
  RESOLVE_BRANCH,
  PRODUCTS,
  PRODUCT,
  SUGGEST,
  SEARCH,
  BASKET_QUERY,
  BASKET_ADD,
  BASKET_SET_QUANTITY,
  BASKET_REMOVE,
  BASKET_EMPTY,
  BASKET_SET_BRANCH,
  QUOTE_BASKET,
  QUOTE_APPLY_COUPON,
  ORDER_CREATE,
  PAYMENT_START,
  ORDER_QUERY,
  ORDERS,
];
