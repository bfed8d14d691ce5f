import { CommerceError } from '../errors.ts';
import { CURRENCY, type Satang } from '../money.ts';
import type { Branch } from '../model/branch.ts';
import type { CreateOrderRequest, GrocerOrder, RecordPaymentRequest } from '../model/order.ts';
import type { CalculateRequest, Calculation, InventoryLevel, PriceLookup } from '../model/pricing.ts';
import type { CatalogVersion, Product, ProductImage } from '../model/product.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import { byCprcode } from './in-memory-catalog.ts';

export interface InMemoryGrocerOptions {
  products: readonly Product[];
  branches: readonly Branch[];
  /** Branch feed prices in satang, by branch code then cprcode; a product missing here falls back to its `detailPriceSatang`. */
  prices?: Record<string, Record<string, Satang>>;
  /** Sellable quantities by branch code then cprcode; a product missing here has none. */
  stock?: Record<string, Record<string, number>>;
  /** Flat delivery fee in satang. Default 4,000 (40 baht). */
  deliveryFeeSatang?: Satang;
  clock?: Clock;
}

/**
 * A `GrocerGateway` held in memory, for tests and examples: products, branches, feed prices with
 * the detail-price fallback, stock, and a calculator that sums lines and adds a flat delivery fee.
 * It knows no promotions or coupons (every coupon fails as `UNKNOWN`); orders are placed, paid and
 * cancelled in memory, and their picking never moves on.
 *
 * @example
 * const grocer = new InMemoryGrocer({ products: [milk], branches: [testBranch({ branchCode: 'BKK01' })], prices: { BKK01: { [milk.cprcode]: 4_500 } } });
 */
export class InMemoryGrocer implements GrocerGateway {
  readonly #products: Map<string, Product>;
  readonly #branches: Map<string, Branch>;
  readonly #prices: Record<string, Record<string, Satang>>;
  readonly #stock: Record<string, Record<string, number>>;
  readonly #deliveryFee: Satang;
  readonly #clock: Clock;
  readonly #orders = new Map<string, GrocerOrder>();
  /** Ids cancelled before any order had them: a late create of one is refused. */
  readonly #cancelledIds = new Set<string>();

  constructor(options: InMemoryGrocerOptions) {
    this.#products = new Map(options.products.map((product) => [product.cprcode, product]));
    this.#branches = new Map(options.branches.map((branch) => [branch.branchCode, branch]));
    this.#prices = options.prices ?? {};
    this.#stock = options.stock ?? {};
    this.#deliveryFee = options.deliveryFeeSatang ?? 4_000;
    this.#clock = options.clock ?? systemClock;
  }

  async catalogVersion(): Promise<CatalogVersion> {
    return {
      version: `in-memory-${this.#products.size}`,
      updatedAt: new Date(this.#clock.now()).toISOString(),
      productCount: this.#products.size,
    };
  }

  async *exportCatalog(options: { batchSize?: number } = {}): AsyncIterable<Product[]> {
    const all = [...this.#products.values()].sort(byCprcode);
    const size = options.batchSize ?? 500;
    for (let start = 0; start < all.length; start += size) yield all.slice(start, start + size);
  }

  async products(cprcodes: readonly string[]): Promise<Product[]> {
    return cprcodes.flatMap((cprcode) => this.#products.get(cprcode) ?? []);
  }

  async productImage(): Promise<ProductImage | null> {
    return null;
  }

  async branches(): Promise<Branch[]> {
    return [...this.#branches.values()];
  }

  async prices(branchCode: string, cprcodes: readonly string[]): Promise<PriceLookup[]> {
    this.#branch(branchCode);
    return cprcodes.map((cprcode) => ({ cprcode, price: this.#price(branchCode, cprcode) }));
  }

  async stock(branchCode: string, cprcodes: readonly string[]): Promise<InventoryLevel[]> {
    this.#branch(branchCode);
    return cprcodes.map((cprcode) => {
      const product = this.#products.get(cprcode);
      const qty = product ? (this.#stock[branchCode]?.[cprcode] ?? 0) : null;
      return {
        cprcode,
        branchCode,
        listable: Boolean(product?.active && product.online && qty !== null && qty > 0),
        sellableQty: qty,
        ibCfQty: qty,
        qtySource: product ? 'NEW_IB_VS_STOCK_CV' : null,
      };
    });
  }

  async calculate(request: CalculateRequest): Promise<Calculation> {
    const branch = this.#branch(request.branchCode);
    if (request.lines.length === 0) throw new CommerceError('EMPTY_BASKET', 'There are no lines to price.');
    if (request.fulfilment === 'DELIVERY' && (request.address?.lat == null || request.address.lon == null)) {
      throw new CommerceError('ADDRESS_REQUIRED', 'Delivery needs an address with lat and lon.', { field: 'address' });
    }
    const lines = request.lines.map(({ cprcode, quantity }) => {
      const product = this.#products.get(cprcode);
      if (!product) throw new CommerceError('INVALID_CPRCODE', `Unknown product ${cprcode}.`, { field: 'cprcode' });
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new CommerceError('INVALID_QUANTITY', 'Quantity must be a whole number of at least 1.', {
          field: 'quantity',
        });
      if (!product.active || !product.online)
        throw new CommerceError('PRODUCT_UNAVAILABLE', `Product ${cprcode} is not for sale.`, { field: 'cprcode' });
      const price = this.#price(branch.branchCode, cprcode);
      if (!price)
        throw new CommerceError('PRICE_UNAVAILABLE', `Branch ${branch.branchCode} has no price for ${cprcode}.`, {
          field: 'cprcode',
        });
      const rowTotalSatang = price.amountSatang * quantity;
      return {
        cprcode,
        productName: product.nameEn,
        quantity,
        priceSatang: price.amountSatang,
        rowTotalSatang,
        discountedRowTotalSatang: rowTotalSatang,
        promotions: [],
      };
    });
    const subTotalSatang = lines.reduce((sum, line) => sum + line.rowTotalSatang, 0);
    const deliveryFeeSatang = request.fulfilment === 'DELIVERY' ? this.#deliveryFee : 0;
    return {
      branchCode: branch.branchCode,
      currency: CURRENCY,
      fulfilment: request.fulfilment,
      scheduleMode: request.scheduleMode,
      lines,
      subTotalSatang,
      deliveryFeeSatang,
      discountedDeliveryFeeSatang: deliveryFeeSatang,
      shippingDiscountSatang: 0,
      expressShippingCostSatang: 0,
      totalDiscountSatang: 0,
      grandTotalSatang: subTotalSatang + deliveryFeeSatang,
      couponCodes: [],
      failedCoupons: request.couponCodes.map((code) => ({
        code,
        reason: 'UNKNOWN',
        message: `Coupon ${code} does not exist.`,
      })),
      raw: { source: 'in-memory grocer' },
    };
  }

  async createOrder(request: CreateOrderRequest): Promise<GrocerOrder> {
    const existing = this.#orders.get(request.orderId);
    if (this.#cancelledIds.has(request.orderId) || existing?.status === 'CANCELLED')
      throw new CommerceError('ORDER_CANCELLED', `Order ${request.orderId} was cancelled.`);
    if (existing) return existing;
    const bill = await this.calculate(request);
    const now = new Date(this.#clock.now()).toISOString();
    const order: GrocerOrder = {
      orderId: request.orderId,
      branchCode: bill.branchCode,
      orderSource: request.orderSource,
      specialComment: request.specialComment,
      sandbox: request.sandbox,
      status: 'PLACED',
      createdAt: now,
      currency: bill.currency,
      lines: bill.lines.map(({ cprcode, productName, quantity, priceSatang, rowTotalSatang }) => ({
        cprcode,
        productName,
        quantity,
        priceSatang,
        rowTotalSatang,
      })),
      subTotalSatang: bill.subTotalSatang,
      deliveryFeeSatang: bill.deliveryFeeSatang,
      totalDiscountSatang: bill.totalDiscountSatang,
      grandTotalSatang: bill.grandTotalSatang,
      couponCodes: bill.couponCodes,
      payment: { isPaid: false, status: 'UNPAID', method: null, paidAt: null, reference: null, paymentId: null },
      shipping: {
        fulfilmentType: request.fulfilment,
        address: request.address,
        schedules: [
          {
            mode: request.scheduleMode,
            dateTime: now,
            pickingStatus: 'PENDING',
            deliveryFeeSatang: bill.deliveryFeeSatang,
          },
        ],
      },
    };
    this.#orders.set(order.orderId, order);
    return order;
  }

  async orders(orderIds: readonly string[]): Promise<GrocerOrder[]> {
    return orderIds.flatMap((orderId) => this.#orders.get(orderId) ?? []);
  }

  async cancelOrder(orderId: string): Promise<GrocerOrder | null> {
    const order = this.#orders.get(orderId);
    if (!order) {
      this.#cancelledIds.add(orderId);
      return null;
    }
    if (order.payment.isPaid)
      throw new CommerceError('ALREADY_PAID', `Order ${orderId} is paid; it cannot be cancelled.`);
    const cancelled: GrocerOrder = { ...order, status: 'CANCELLED' };
    this.#orders.set(orderId, cancelled);
    return cancelled;
  }

  async recordPayment(request: RecordPaymentRequest): Promise<GrocerOrder> {
    const order = this.#orders.get(request.orderId);
    if (!order) throw new CommerceError('NOT_FOUND', `No order ${request.orderId}.`);
    if (order.status === 'CANCELLED')
      throw new CommerceError('ORDER_CANCELLED', `Order ${order.orderId} was cancelled.`);
    // One payment per order: the same paymentId again is that payment, any other is refused.
    if (order.payment.isPaid) {
      if (order.payment.paymentId === request.paymentId) return order;
      throw new CommerceError('ALREADY_PAID', 'The order is paid.');
    }
    if (request.amountSatang !== order.grandTotalSatang)
      throw new CommerceError('PRICE_CHANGED', 'The amount is not the order total.');
    const paidAt = new Date(this.#clock.now()).toISOString();
    const paid: GrocerOrder = {
      ...order,
      payment: {
        isPaid: true,
        status: 'PAID',
        method: request.provider,
        paidAt,
        reference: request.reference,
        paymentId: request.paymentId,
      },
    };
    this.#orders.set(paid.orderId, paid);
    return paid;
  }

  #branch(branchCode: string): Branch {
    const branch = this.#branches.get(branchCode);
    if (!branch) throw new CommerceError('INVALID_BRANCH', `Unknown branch ${branchCode}.`, { field: 'branchCode' });
    return branch;
  }

  #price(branchCode: string, cprcode: string): PriceLookup['price'] {
    const feed = this.#prices[branchCode]?.[cprcode];
    if (feed !== undefined) return { cprcode, branchCode, amountSatang: feed, source: 'BRANCH_FEED' };
    const detail = this.#products.get(cprcode)?.detailPriceSatang ?? null;
    return detail === null ? null : { cprcode, branchCode, amountSatang: detail, source: 'DETAIL_FALLBACK' };
  }
}
