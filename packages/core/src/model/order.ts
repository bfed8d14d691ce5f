import type { Satang } from '../money.ts';
import type { Address, FulfilmentType, LineRequest } from './pricing.ts';

export type PaymentStatus = 'UNPAID' | 'PAID';

export interface OrderLine {
  cprcode: string;
  productName: string;
  quantity: number;
  priceSatang: Satang;
  rowTotalSatang: Satang;
}

export interface OrderSchedule {
  mode: string;
  /** ISO 8601 date-time of the slot. */
  dateTime: string;
  /** Fulfilment progress; see the docs for the values and their order. */
  pickingStatus: string;
  deliveryFeeSatang: Satang;
}

/** An order as the grocer holds it. */
export interface GrocerOrder {
  orderId: string;
  branchCode: string;
  orderSource: string;
  specialComment: string | null;
  /** Sandbox orders carry `test` in specialComment and are never sent for fulfilment. */
  sandbox: boolean;
  /** `PLACED`, then `PICKING`, `READY`, `OUT_FOR_DELIVERY`, `COMPLETED`, or `CANCELLED`. */
  status: string;
  createdAt: string;
  currency: string;
  lines: OrderLine[];
  subTotalSatang: Satang;
  deliveryFeeSatang: Satang;
  totalDiscountSatang: Satang;
  grandTotalSatang: Satang;
  couponCodes: string[];
  payment: {
    isPaid: boolean;
    status: PaymentStatus;
    method: string | null;
    paidAt: string | null;
    reference: string | null;
    /** The service's payment attempt the grocer recorded (its idempotency key); null while unpaid. */
    paymentId: string | null;
  };
  shipping: {
    fulfilmentType: FulfilmentType;
    address: Address | null;
    schedules: OrderSchedule[];
  };
}

/** What the service asks the grocer to create; the grocer re-prices it at that moment. */
export interface CreateOrderRequest {
  orderId: string;
  orderSource: string;
  branchCode: string;
  lines: LineRequest[];
  fulfilment: FulfilmentType;
  scheduleMode: string;
  address: Address | null;
  couponCodes: string[];
  specialComment: string | null;
  /** True for sandbox partners: never dispatched for fulfilment. */
  sandbox: boolean;
}

export interface RecordPaymentRequest {
  orderId: string;
  /**
   * The service's payment attempt: the grocer records one payment per order, and a repeat with the
   * same paymentId is the same payment (its idempotency key), never a second one.
   */
  paymentId: string;
  amountSatang: Satang;
  provider: string;
  /** The provider's reference of the charge. */
  reference: string;
}

/** Statuses after which an order no longer moves. */
export const FINAL_ORDER_STATUSES: readonly string[] = ['COMPLETED', 'CANCELLED'];
