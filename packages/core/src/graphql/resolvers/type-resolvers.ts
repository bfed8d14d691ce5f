import { toBaht } from '../../money.ts';
import { detailMoney } from '../../services/product-service.ts';
import type { Resolvers } from '../../generated/graphql.ts';
import type { MoneyModel } from '../graphql-models.ts';

const baht = (satang: number | null | undefined): number | null =>
  satang === null || satang === undefined ? null : toBaht(satang);

/** Field resolvers of the object types whose domain models differ from the GraphQL shape. */
export const typeResolvers: Resolvers = {
  Product: {
    cprcode: (p) => p.product.cprcode,
    nameEn: (p) => p.product.nameEn,
    nameTh: (p) => p.product.nameTh,
    brandEn: (p) => p.product.brandEn,
    sizeDesc: (p) => p.product.sizeDesc,
    countryEn: (p) => p.product.countryEn,
    barcode: (p) => p.product.barcode,
    category: (p) => p.product.category,
    imageUrl: (p, _args, ctx) => ctx.commerce.products.imageUrl(p.product),
    availStore: (p) => p.product.availStore,
    price: async (p, _args, ctx): Promise<MoneyModel | null> => {
      if (p.branchCode === null) return detailMoney(p.product);
      const price = await ctx.loaders.price(p.branchCode).load(p.product.cprcode);
      return (
        price && {
          amountSatang: price.amountSatang,
          currency: 'THB',
          branchCode: price.branchCode,
          source: price.source,
        }
      );
    },
    inventory: (p, _args, ctx) =>
      p.branchCode === null ? null : ctx.loaders.stock(p.branchCode).load(p.product.cprcode),
  },
  Money: {
    amount: (m) => toBaht(m.amountSatang),
    currency: (m) => m.currency,
    branchCode: (m) => m.branchCode,
    source: (m) => m.source,
  },
  FulfilmentBranch: {
    branchCode: (b) => b.branch.branchCode,
    name: (b) => b.branch.name,
    nameTh: (b) => b.branch.nameTh,
    alcoholLicensed: (b) => b.branch.alcoholLicensed,
    deliveryAvailable: (b) => b.branch.deliveryAvailable,
    lat: (b) => b.branch.lat,
    lon: (b) => b.branch.lon,
    address: (b) => b.branch.address,
    province: (b) => b.branch.province,
    postcode: (b) => b.branch.postcode,
    phone: (b) => b.branch.phone,
    distanceKm: (b) => b.distanceKm,
  },
  Basket: {
    basketId: (b) => b.basketId,
    ownerId: (b) => b.ownerId,
    branchCode: (b) => b.branchCode,
    lines: (b) => b.lines.map((line) => ({ cprcode: line.cprcode, quantity: line.quantity, branchCode: b.branchCode })),
  },
  BasketLine: {
    cprcode: (l) => l.cprcode,
    quantity: (l) => l.quantity,
    product: async (l, _args, ctx) => {
      const product = await ctx.loaders.product.load(l.cprcode);
      return product && { product, branchCode: l.branchCode };
    },
  },
  Quote: {
    quoteId: (q) => q.quoteId,
    grandTotal: (q) => toBaht(q.calculation.grandTotalSatang),
    currency: (q) => q.calculation.currency,
    branchCode: (q) => q.calculation.branchCode,
    expiresInSeconds: (q, _args, ctx) => ctx.commerce.quotes.expiresInSeconds(q),
    raw: (q) => q.calculation.raw,
    subTotal: (q) => toBaht(q.calculation.subTotalSatang),
    deliveryFee: (q) => toBaht(q.calculation.deliveryFeeSatang),
    discountedDeliveryFee: (q) => toBaht(q.calculation.discountedDeliveryFeeSatang),
    shippingDiscount: (q) => toBaht(q.calculation.shippingDiscountSatang),
    expressShippingCost: (q) => toBaht(q.calculation.expressShippingCostSatang),
    totalDiscount: (q) => toBaht(q.calculation.totalDiscountSatang),
    lines: (q) => q.calculation.lines,
    couponCodes: (q) => q.calculation.couponCodes,
    failedCoupons: (q) => q.calculation.failedCoupons,
  },
  QuoteLine: {
    cprcode: (l) => l.cprcode,
    productName: (l) => l.productName,
    quantity: (l) => l.quantity,
    price: (l) => toBaht(l.priceSatang),
    rowTotal: (l) => toBaht(l.rowTotalSatang),
    discountedRowTotal: (l) => toBaht(l.discountedRowTotalSatang),
  },
  Order: {
    orderId: (o) => o.order.orderId,
    ownerId: (o) => o.order.ownerId,
    branchCode: (o) => o.order.branchCode,
    grandTotal: (o) => toBaht(o.order.grandTotalSatang),
    isPaid: (o) => o.order.paymentStatus === 'PAID',
    specialComment: (o) => o.order.grocerOrder.specialComment,
    lines: (o) => o.order.grocerOrder.lines,
    payment: (o) => o.order,
    shipping: (o) => o.order,
    status: (o) => o.order.status,
    createdAt: (o) => o.order.createdAt,
    orderSource: (o) => o.order.orderSource,
    sandbox: (o) => o.order.grocerOrder.sandbox,
    subTotal: (o) => toBaht(o.order.grocerOrder.subTotalSatang),
    deliveryFee: (o) => toBaht(o.order.grocerOrder.deliveryFeeSatang),
    totalDiscount: (o) => toBaht(o.order.grocerOrder.totalDiscountSatang),
    paymentLink: (o) => (o.order.paymentStatus === 'PAID' ? null : o.paymentLink),
  },
  OrderLine: {
    cprcode: (l) => l.cprcode,
    productName: (l) => l.productName,
    quantity: (l) => l.quantity,
    price: (l) => toBaht(l.priceSatang),
    rowTotal: (l) => toBaht(l.rowTotalSatang),
  },
  OrderPayment: {
    isPaid: (o) => o.paymentStatus === 'PAID',
    status: (o) => o.paymentStatus,
    grandTotal: (o) => toBaht(o.grandTotalSatang),
    method: (o) => (o.paymentStatus === 'PAID' ? (o.grocerOrder.payment.method ?? null) : null),
  },
  OrderShipping: {
    fulfilmentType: (o) => o.grocerOrder.shipping.fulfilmentType,
    schedules: (o) => o.grocerOrder.shipping.schedules,
  },
  OrderSchedule: {
    mode: (s) => s.mode,
    dateTime: (s) => s.dateTime,
    pickingStatus: (s) => s.pickingStatus,
    deliveryFee: (s) => baht(s.deliveryFeeSatang),
  },
  PaymentLink: {
    url: (l) => l.url,
    expiresAt: (l) => l.expiresAt,
    amount: (l) => toBaht(l.amountSatang),
    currency: (l) => l.currency,
    provider: (l) => l.provider,
  },
  PaymentSession: {
    orderId: (s) => s.orderId,
    amountThb: (s) => toBaht(s.amountSatang),
    currency: (s) => s.currency,
    publicKey: (s) => s.publicKey,
    merchantId: (s) => s.merchantId,
    sdkUrl: (s) => s.sdkUrl,
    redirectUrl: (s) => s.redirectUrl,
    available: (s) => s.available,
  },
  SearchHit: {
    cprcode: (h) => h.hit.cprcode,
    name: (h) => h.hit.name,
    product: async (h, _args, ctx) => {
      const product = await ctx.loaders.product.load(h.hit.cprcode);
      return product && { product, branchCode: h.branchCode };
    },
  },
};
