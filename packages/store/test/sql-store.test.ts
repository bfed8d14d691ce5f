import { describeStoreContract, type StoreRowCounts } from '@grocery/core/testing';
import { createSqlStore, testDatabaseKinds, type Db } from '../src/index.ts';

/** Rows the Store port never reads back, counted in their tables. */
function sqlRowCounts(db: Db): StoreRowCounts {
  const count = async (table: 'payments' | 'events' | 'payment_links', orderId: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE order_id = $1`, [orderId])).rows[0]!
      .n;
  return {
    payments: (orderId) => count('payments', orderId),
    events: (orderId) => count('events', orderId),
    paymentLinks: (orderId) => count('payment_links', orderId),
  };
}

// The behaviour is the Store contract of @grocery/core/testing, which the in-memory store passes too.
for (const kind of testDatabaseKinds()) {
  describeStoreContract(`SQL store on ${kind.name}`, async () => {
    const db = await kind.open();
    return { store: await createSqlStore(db), count: sqlRowCounts(db), close: () => db.close() };
  });
}
