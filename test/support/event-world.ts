/**
 * Real parts for the events tests: a receiver over node:http on 127.0.0.1, and a "world" of the
 * SQL store (PGlite or PostgreSQL), the in-process grocer simulator, the domain services and a
 * sandbox partner that can place and pay orders.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { buildSnapshotFromGrocer, snapshotCatalogReader } from '@grocery/catalog';
import {
  CommerceError,
  createCommerce,
  createJwtIdentityVerifier,
  shopperContext,
  type Commerce,
  type ShopperContext,
} from '@grocery/core';
import type { Clock, OrderRecord } from '@grocery/core/ports';
import { createGrocerSimulator, type GrocerSimulator, type GrocerSimulatorOptions } from '@grocery/grocer';
import { createSqlStore, type Db, type TestDatabaseKind } from '@grocery/store';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request; it may hold the response as long as it likes. */
export type Responder = (request: ReceivedRequest, res: ServerResponse) => void | Promise<void>;

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  respond: Responder;
  /** Requests whose handling has started but not ended. */
  inFlight: number;
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const answer =
  (status: number, body = '', headers: Record<string, string> = {}): Responder =>
  (_request, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
  };

/** A webhook receiver on an ephemeral port of 127.0.0.1 that records every request. */
export async function startReceiver(respond: Responder = answer(200, 'ok')): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const receiver: Receiver = {
    url: '',
    requests: [],
    respond,
    inFlight: 0,
    waitForRequests(count, timeoutMs = 5_000) {
      if (receiver.requests.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${receiver.requests.length} of ${count} requests`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const request: ReceivedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    receiver.requests.push(request);
    for (const waiter of waiters.filter((w) => receiver.requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    receiver.inFlight++;
    try {
      await receiver.respond(request, res);
    } finally {
      receiver.inFlight--;
    }
  };
  // A request abandoned mid-body, or a responder that throws, ends that connection, not the test process.
  const server: Server = createServer((req, res) => void receive(req, res).catch(() => res.destroy()));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

export interface World {
  db: Db;
  commerce: Commerce;
  grocer: GrocerSimulator;
  partnerId: string;
  ctx: ShopperContext;
  /** Places a small order that the branch can price; the payment link token comes with it. */
  placeOrder(options?: { shippingType?: 'PICKUP' | 'DELIVERY' }): Promise<{ order: OrderRecord; token: string }>;
  /** Pays the order through the real payment service (sandbox provider). */
  pay(token: string): Promise<OrderRecord>;
  close(): Promise<void>;
}

const PUBLIC_BASE_URL = 'http://127.0.0.1:4000';

/** Opens a fresh database of `kind` and wires the real services over a small simulated grocer. */
export async function openWorld(
  kind: TestDatabaseKind,
  options: { clock: Clock; grocer?: Partial<GrocerSimulatorOptions>; db?: Db },
): Promise<World> {
  const db = options.db ?? (await kind.open());
  const store = await createSqlStore(db);
  const grocer = createGrocerSimulator({
    seed: 7,
    productCount: 200,
    clock: options.clock,
    log: () => {},
    ...options.grocer,
  });
  const snapshot = await buildSnapshotFromGrocer(grocer, { publicBaseUrl: PUBLIC_BASE_URL });
  const commerce = createCommerce({
    store,
    grocer,
    catalog: snapshotCatalogReader({ current: () => snapshot }),
    // Never asked: the services are called with a shopper context directly.
    identity: createJwtIdentityVerifier({ issuer: `${PUBLIC_BASE_URL}/idp` }),
    search: null,
    publicBaseUrl: PUBLIC_BASE_URL,
    clock: options.clock,
  });
  const created = await commerce.partners.createPartner({
    name: 'Events Test',
    environment: 'sandbox',
    clientId: `client_${Math.random().toString(36).slice(2, 10)}`,
  });
  const partner = (await commerce.partners.verifyKey(created.partnerKey))!;
  const ctx = shopperContext(partner, { ownerId: 'shopper-1', email: null, clientId: created.clientId ?? '' });
  const branch = (await grocer.branches())[0]!.branchCode;
  const candidates = grocer.allProducts().map((p) => p.cprcode);
  let next = 0;

  const world: World = {
    db,
    commerce,
    grocer,
    partnerId: partner.partnerId,
    ctx,
    async placeOrder(placeOptions = {}) {
      for (; next < candidates.length; next++) {
        let created: Awaited<ReturnType<Commerce['orders']['create']>>;
        try {
          created = await commerce.orders.create(
            ctx,
            {
              branchCode: branch,
              lines: [{ cprcode: candidates[next]!, quantity: 1 }],
              shippingType: placeOptions.shippingType ?? 'PICKUP',
              address:
                placeOptions.shippingType === 'DELIVERY'
                  ? { lat: 13.7563, lon: 100.5018, postcode: '10330', address: '1 Rama I Rd' }
                  : null,
            },
            null,
          );
        } catch (error) {
          // Not every product is priced, stocked or sold at the branch: try the next one.
          if (error instanceof CommerceError && error.code !== 'INTERNAL' && error.code !== 'GROCER_UNAVAILABLE')
            continue;
          throw error;
        }
        return { order: created.order, token: new URL(created.paymentLink!.url).pathname.split('/').at(-1)! };
      }
      throw new Error('no product can be ordered at the branch');
    },
    pay: async (token) => (await commerce.payments.pay(token)).order,
    async close() {
      await grocer.close();
      if (!options.db) await db.close();
    },
  };
  return world;
}
