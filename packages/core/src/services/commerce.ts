import type { Environment } from '../model/partner.ts';
import type { CatalogReader } from '../ports/catalog-reader.ts';
import { systemClock, type Clock } from '../ports/clock.ts';
import type { GrocerGateway } from '../ports/grocer-gateway.ts';
import type { IdentityVerifier } from '../ports/identity-verifier.ts';
import type { PaymentProvider } from '../ports/payment-provider.ts';
import type { SearchClient } from '../ports/search-client.ts';
import type { Store } from '../ports/store.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { WebhookSender } from '../ports/webhook-sender.ts';
import { AgentService } from './agent-service.ts';
import { BasketService } from './basket-service.ts';
import { CheckoutSessionService } from './checkout-session-service.ts';
import { BranchService, type BranchServiceOptions } from './branch-service.ts';
import { OrderService } from './order-service.ts';
import { PaymentLinks } from './payment-links.ts';
import { PaymentService } from './payment-service.ts';
import { type AppClientIssuer, PartnerService } from './partner-service.ts';
import { ProductService } from './product-service.ts';
import { QuoteService } from './quote-service.ts';
import { RateLimiter, type RatePolicy } from './rate-limiter.ts';
import { Reconciliation } from './reconciliation.ts';
import { DEFAULT_SAGA_SETTINGS, type SagaSettings } from './saga-settings.ts';
import { paymentEnvironment } from './payment-links.ts';
import { SandboxPaymentProvider } from './sandbox-payment-provider.ts';

export interface CommerceOptions {
  store: Store;
  grocer: GrocerGateway;
  catalog: CatalogReader;
  identity: IdentityVerifier;
  /** The ranked search service; GraphQL `search` answers GROCER_UNAVAILABLE-style errors without it. */
  search: SearchClient | null;
  /** Public host of the API ({base_url}). */
  publicBaseUrl: string;
  /** Host of the payment-link pages ({shop_url}); the API's host by default. */
  shopUrl?: string;
  clock?: Clock;
  /** The sandbox provider by default; production has none unless one is configured. */
  paymentProviders?: Partial<Record<Environment, PaymentProvider | null>>;
  /**
   * Providers that charge a payment credential an agent platform delegated (Stripe shared payment
   * tokens), by environment; none by default, and then agents pay on the payment page.
   */
  tokenPaymentProviders?: Partial<Record<Environment, PaymentProvider | null>>;
  issueAppClient?: AppClientIssuer;
  defaultBranchCode?: string;
  /** Postcode centres for `fulfilmentResolve` distances (none known by default). */
  postcodes?: BranchServiceOptions['postcodes'];
  partnerKeyCacheTtlMs?: number;
  /** Units per minute (see docs "Rate limits"); defaults in DEFAULT_RATE_LIMITS. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Timings of the order and payment sagas; defaults in DEFAULT_SAGA_SETTINGS. */
  sagas?: Partial<SagaSettings>;
  /** Checks agent platforms' webhook URLs against the SSRF policy (none checked without it: tests only). */
  webhookSender?: WebhookSender;
  /** Sends buyers' order confirmations of agent checkouts (none without it). */
  mailer?: Mailer;
  /** Told of a confirmation e-mail that could not be sent. */
  onMailError?: (error: unknown) => void;
}

export interface RateLimitSettings {
  /** Units per minute per partner key: a request is 1 unit; a GraphQL operation max(1, ceil(cost / 100)). */
  partnerPerMinute: Record<Environment, number>;
  /** Shopper-scoped mutations per minute per (partner, shopper). */
  shopperMutationsPerMinute: number;
}

const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  partnerPerMinute: { sandbox: 3_000, production: 30_000 },
  shopperMutationsPerMinute: 120,
};

/** Every service of the domain, wired once per process. */
export interface Commerce {
  clock: Clock;
  grocer: GrocerGateway;
  catalog: CatalogReader;
  identity: IdentityVerifier;
  search: SearchClient | null;
  store: Store;
  partners: PartnerService;
  branches: BranchService;
  products: ProductService;
  baskets: BasketService;
  quotes: QuoteService;
  orders: OrderService;
  links: PaymentLinks;
  payments: PaymentService;
  /** Agent platforms' credentials, the partner's signing keys, domains and shop settings. */
  agents: AgentService;
  /** Checkout sessions that agent platforms drive through UCP and ACP. */
  sessions: CheckoutSessionService;
  /** Compares the service's orders and payments with the grocer's and the providers'. */
  reconciliation: Reconciliation;
  sagas: SagaSettings;
  publicBaseUrl: string;
  shopUrl: string;
  rateLimiter: RateLimiter;
  ratePolicies: { partner: Record<Environment, RatePolicy>; shopperMutations: RatePolicy };
}

/**
 * Wires the domain services from their ports.
 *
 * @example
 * const commerce = createCommerce({ store, grocer, catalog, identity, search, publicBaseUrl: 'http://127.0.0.1:4000' });
 */
export function createCommerce(options: CommerceOptions): Commerce {
  const clock = options.clock ?? systemClock;
  const { store, grocer } = options;
  const publicBaseUrl = options.publicBaseUrl.replace(/\/$/, '');
  const shopUrl = (options.shopUrl ?? publicBaseUrl).replace(/\/$/, '');
  const providers: Record<Environment, PaymentProvider | null> = {
    sandbox: options.paymentProviders?.sandbox ?? new SandboxPaymentProvider(),
    production: options.paymentProviders?.production ?? null,
  };
  const branches = new BranchService({
    grocer,
    clock,
    defaultBranchCode: options.defaultBranchCode,
    postcodes: options.postcodes,
  });
  const baskets = new BasketService({ store, branches });
  const links = new PaymentLinks({
    store,
    clock,
    shopUrl,
    providerFor: (order) => providers[paymentEnvironment(order)]?.name ?? 'unconfigured',
  });
  const sagas: SagaSettings = { ...DEFAULT_SAGA_SETTINGS, ...options.sagas };
  const orders = new OrderService({ store, grocer, branches, baskets, links, clock, sagas });
  const tokenProviders: Record<Environment, PaymentProvider | null> = {
    sandbox: options.tokenPaymentProviders?.sandbox ?? null,
    production: options.tokenPaymentProviders?.production ?? null,
  };
  const payments = new PaymentService({ store, grocer, orders, links, clock, providers, tokenProviders, sagas });
  const postcodes = options.postcodes ?? { centreOf: async () => null };
  const configured = [...Object.values(providers), ...Object.values(tokenProviders)].filter(
    (p, index, all): p is PaymentProvider => p !== null && all.indexOf(p) === index,
  );
  return {
    clock,
    grocer,
    catalog: options.catalog,
    identity: options.identity,
    search: options.search,
    store,
    partners: new PartnerService({
      store,
      clock,
      issueAppClient: options.issueAppClient,
      keyCacheTtlMs: options.partnerKeyCacheTtlMs,
    }),
    branches,
    products: new ProductService({ catalog: options.catalog, publicBaseUrl }),
    baskets,
    quotes: new QuoteService({ store, grocer, branches, clock }),
    orders,
    links,
    payments,
    agents: new AgentService({ store, clock, sender: options.webhookSender ?? null }),
    sessions: new CheckoutSessionService({
      store,
      grocer,
      branches,
      postcodes,
      orders,
      payments,
      clock,
      mailer: options.mailer,
      onMailError: options.onMailError,
    }),
    // Unfinished work is a mismatch only once recovery has had its chance (the request's window, then a few looks).
    reconciliation: new Reconciliation({
      store,
      grocer,
      providers: configured,
      clock,
      settleWithinMs: sagas.requestWindowMs + sagas.recoveryDelaysMs.slice(0, 3).reduce((a, b) => a + b, 0),
    }),
    sagas,
    publicBaseUrl,
    shopUrl,
    rateLimiter: new RateLimiter({ store, clock }),
    ratePolicies: ratePolicies({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }),
  };
}

/** The rate policies of the settings (also used by processes without the whole domain, e.g. search). */
export function ratePolicies(settings: RateLimitSettings = DEFAULT_RATE_LIMITS): Commerce['ratePolicies'] {
  const minute = 60_000;
  return {
    partner: {
      sandbox: { name: 'partner', limit: settings.partnerPerMinute.sandbox, windowMs: minute },
      production: { name: 'partner', limit: settings.partnerPerMinute.production, windowMs: minute },
    },
    shopperMutations: { name: 'shopper', limit: settings.shopperMutationsPerMinute, windowMs: minute },
  };
}
