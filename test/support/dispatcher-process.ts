/**
 * One API instance's dispatcher in its own process, for the kill test: delivers the outbox of the
 * PostgreSQL schema given in the environment until it is killed.
 */
import { WebhookDispatcher } from '@grocery/core';
import { createSqlStore, openDatabase } from '@grocery/store';
import { createHttpWebhookSender } from '@grocery/webhooks';

const db = await openDatabase({
  url: process.env.TEST_DATABASE_URL,
  schema: process.env.EVENTS_SCHEMA,
  maxConnections: 2,
});
const dispatcher = new WebhookDispatcher({
  store: await createSqlStore(db),
  sender: createHttpWebhookSender(),
  instanceId: 'doomed',
  idleMs: 20,
  leaseMs: 60_000,
});
dispatcher.start();
process.stdout.write('started\n');
