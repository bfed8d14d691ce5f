import type { GrocerOrder, OrderRecord } from '@grocery/core/ports';

/** Mapping of database rows to domain records, shared by the store modules. */

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
export const isoNotNull = (value: Date | string): string => new Date(value).toISOString();

/** An `orders` row, as both the store and the event store read it. */
export interface OrderRow {
  order_id: string;
  partner_id: string;
  owner_id: string;
  environment: OrderRecord['environment'];
  order_source: string;
  branch_code: string;
  grand_total_satang: number;
  currency: string;
  payment_status: OrderRecord['paymentStatus'];
  status: string;
  picking_status: string | null;
  request: OrderRecord['request'];
  grocer_order: GrocerOrder;
  created_at: Date;
  paid_at: Date | null;
}

export function toOrder(row: OrderRow): OrderRecord {
  return {
    orderId: row.order_id,
    partnerId: row.partner_id,
    ownerId: row.owner_id,
    environment: row.environment,
    orderSource: row.order_source,
    branchCode: row.branch_code,
    grandTotalSatang: row.grand_total_satang,
    currency: row.currency,
    paymentStatus: row.payment_status,
    status: row.status,
    pickingStatus: row.picking_status,
    request: row.request,
    grocerOrder: row.grocer_order,
    createdAt: isoNotNull(row.created_at),
    paidAt: iso(row.paid_at),
  };
}
