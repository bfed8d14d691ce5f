import { LRUCache } from 'lru-cache';
import { CommerceError } from '../errors.ts';
import { newId, newPartnerKey, PARTNER_KEY_PATTERN, partnerKeyPrefix, sha256Hex } from '../model/ids.ts';
import type {
  AppClient,
  Environment,
  Partner,
  PartnerContext,
  PartnerKeyRecord,
  PartnerKeyVerifier,
} from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';
import { goLiveCheck, type GoLiveReport } from './go-live-check.ts';

/** Issues an app client at the identity provider (the embedded one can; a real pool's are registered by id). */
export type AppClientIssuer = (input: { name: string; redirectUris: string[] }) => Promise<{ clientId: string }>;

export interface PartnerServiceOptions {
  store: Store;
  clock: Clock;
  /** Issues app clients when none is given; absent when the identity provider is external. */
  issueAppClient?: AppClientIssuer | undefined;
  /** How long a verified key is remembered; a revoked key stops working within this time. */
  keyCacheTtlMs?: number;
}

export interface NewPartner {
  partner: Partner;
  partnerKey: string;
  /** Null when the identity provider is external and no clientId was given: register it later. */
  clientId: string | null;
}

const NAME_PATTERN = /^[\p{L}\p{N} .,&'()-]{1,100}$/u;

/** Partners, their keys and app clients. Keys are returned once and stored only as SHA-256. */
export class PartnerService {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #issueAppClient: AppClientIssuer | undefined;
  readonly #cache: LRUCache<string, { partner: PartnerContext | null }>;
  #origins: { at: number; origins: Set<string> } | null = null;

  constructor(options: PartnerServiceOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#issueAppClient = options.issueAppClient;
    this.#cache = new LRUCache({ max: 10_000, ttl: options.keyCacheTtlMs ?? 10_000 });
  }

  /** The `PartnerKeyVerifier` every surface uses. */
  readonly verifyKey: PartnerKeyVerifier = async (partnerKey) => {
    if (partnerKey === undefined || !PARTNER_KEY_PATTERN.test(partnerKey)) return null;
    const hash = sha256Hex(partnerKey);
    const cached = this.#cache.get(hash);
    if (cached) return cached.partner;
    const partner = await this.#store.findPartnerByKeyHash(hash);
    this.#cache.set(hash, { partner });
    return partner;
  };

  /** Like `verifyKey`, but throws `PARTNER_KEY_INVALID`. */
  async authenticate(partnerKey: string | undefined): Promise<PartnerContext> {
    const partner = await this.verifyKey(partnerKey);
    if (!partner)
      throw new CommerceError('PARTNER_KEY_INVALID', 'Send a valid partner key in the X-Partner-Key header.');
    return partner;
  }

  /** Whether a browser origin belongs to a partner (an origin of a registered redirect URI), cached briefly. */
  readonly isPartnerOrigin = async (origin: string): Promise<boolean> => {
    const now = Date.now();
    if (!this.#origins || now - this.#origins.at > 60_000) {
      const origins = new Set<string>();
      for (const uri of await this.#store.allRedirectUris()) {
        try {
          origins.add(new URL(uri).origin);
        } catch {
          // A malformed stored URI names no origin.
        }
      }
      this.#origins = { at: now, origins };
    }
    return this.#origins.origins.has(origin);
  };

  /**
   * The partner, its first key and (given a `clientId`, or with the embedded identity provider) its
   * first app client, all or nothing: a taken client id is `CLIENT_ID_TAKEN` and creates nothing.
   */
  async createPartner(input: {
    name: string;
    environment: Environment;
    redirectUris?: string[];
    clientId?: string;
  }): Promise<NewPartner> {
    if (!NAME_PATTERN.test(input.name))
      throw new CommerceError('INVALID_INPUT', "A partner name is 1 to 100 letters, digits, spaces or . , & ' ( ) -.", {
        field: 'name',
      });
    const redirectUris = input.redirectUris ?? [];
    checkRedirectUris(redirectUris);
    if (input.clientId !== undefined) await this.#checkClientIdFree(input.clientId);
    const partnerId = newId('ptn');
    // The embedded provider's new client id is random, so it cannot be taken.
    const clientId =
      input.clientId ??
      (this.#issueAppClient ? (await this.#issueAppClient({ name: input.name, redirectUris })).clientId : null);
    const slug =
      input.name
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_|_$/g, '')
        .slice(0, 20) || 'PARTNER';
    const partnerKey = newPartnerKey(input.environment);
    const partner = await this.#store.createPartnerWithCredentials({
      partner: {
        partnerId,
        name: input.name,
        environment: input.environment,
        orderSource: `PARTNER_${slug}_${partnerId.slice(4, 10).toUpperCase()}`,
      },
      key: { keyHash: sha256Hex(partnerKey), keyPrefix: partnerKeyPrefix(partnerKey) },
      client: clientId === null ? null : { clientId, redirectUris },
    });
    if (!partner) throw clientIdTaken();
    this.#forgetCaches();
    return { partner, partnerKey, clientId };
  }

  /** Every partner, for the admin API. */
  async listPartners(): Promise<Partner[]> {
    return this.#store.listPartners();
  }

  /** The partner's keys (prefixes only, revoked ones included); none for an unknown partner. */
  async listKeys(partnerId: string): Promise<PartnerKeyRecord[]> {
    return this.#store.listPartnerKeys(partnerId);
  }

  /** Records that the partner confirmed how it resolves fulfilment branches (a go-live requirement). */
  async confirmBranchResolution(
    partnerId: string,
  ): Promise<{ partnerId: string; branchResolutionConfirmedAt: string }> {
    await this.#requirePartner(partnerId);
    const at = new Date(this.#clock.now()).toISOString();
    await this.#store.confirmBranchResolution(partnerId, at);
    return { partnerId, branchResolutionConfirmedAt: at };
  }

  async issueKey(partnerId: string, environment: Environment): Promise<string> {
    if (!(await this.#store.getPartner(partnerId)))
      throw new CommerceError('NOT_FOUND', 'No such partner.', { field: 'partnerId' });
    const key = newPartnerKey(environment);
    await this.#store.addPartnerKey({
      keyHash: sha256Hex(key),
      keyPrefix: partnerKeyPrefix(key),
      partnerId,
      environment,
    });
    return key;
  }

  /** What the partner still needs before going live, and whether it has. */
  async goLiveReport(partnerId: string): Promise<GoLiveReport> {
    return goLiveCheck(this.#store, partnerId);
  }

  /**
   * Takes the partner live once every go-live requirement holds; `GO_LIVE_NOT_READY` (with the
   * report) otherwise. Going live again changes nothing. Other instances see it within the key
   * cache's time, placing sandbox orders meanwhile (never the other way round).
   */
  async goLive(partnerId: string): Promise<{ partnerId: string; live: true; liveAt: string }> {
    const report = await this.goLiveReport(partnerId);
    if (!report.ready) {
      throw new CommerceError(
        'GO_LIVE_NOT_READY',
        `The partner cannot go live yet: ${report.missing.map((m) => m.check).join(', ')} missing.`,
        {
          details: { ready: false, missing: report.missing },
        },
      );
    }
    const liveAt = await this.#store.setPartnerLive(partnerId, new Date(this.#clock.now()).toISOString());
    this.#cache.clear();
    return { partnerId, live: true, liveAt };
  }

  async revokeKey(keyPrefix: string): Promise<void> {
    if (!(await this.#store.revokePartnerKey(keyPrefix)))
      throw new CommerceError('NOT_FOUND', 'No active key has that prefix.', { field: 'keyPrefix' });
    this.#cache.clear();
  }

  /** Registers an app client for the partner; a client id registered already is `CLIENT_ID_TAKEN`. */
  async addAppClient(
    partnerId: string,
    input: { clientId?: string | undefined; redirectUris: string[]; name?: string },
  ): Promise<AppClient> {
    await this.#requirePartner(partnerId);
    checkRedirectUris(input.redirectUris);
    let clientId = input.clientId;
    if (clientId === undefined) {
      if (!this.#issueAppClient)
        throw new CommerceError('INVALID_INPUT', 'Give the clientId registered at the identity provider.', {
          field: 'clientId',
        });
      clientId = (await this.#issueAppClient({ name: input.name ?? partnerId, redirectUris: input.redirectUris }))
        .clientId;
    } else {
      await this.#checkClientIdFree(clientId);
    }
    // A concurrent registration of the same id loses here, in the database.
    const client = await this.#store.addAppClient({ clientId, partnerId, redirectUris: input.redirectUris });
    if (!client) throw clientIdTaken();
    this.#forgetCaches();
    return client;
  }

  // No field: the admin API names the partner in the path, not the body.
  async #requirePartner(partnerId: string): Promise<void> {
    if (!(await this.#store.getPartner(partnerId))) throw new CommerceError('NOT_FOUND', 'No such partner.');
  }

  /** Refuses a malformed client id, and one registered already (to any partner), before anything is created. */
  async #checkClientIdFree(clientId: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(clientId))
      throw new CommerceError('INVALID_INPUT', 'A client id is 1 to 128 letters, digits, - or _.', {
        field: 'clientId',
      });
    if (await this.#store.appClientExists(clientId)) throw clientIdTaken();
  }

  #forgetCaches(): void {
    this.#cache.clear();
    this.#origins = null;
  }
}

function clientIdTaken(): CommerceError {
  return new CommerceError(
    'CLIENT_ID_TAKEN',
    'This app client id is registered already; each app client belongs to one partner.',
    { field: 'clientId' },
  );
}

function checkRedirectUris(uris: readonly string[]): void {
  for (const [index, uri] of uris.entries()) {
    if (!isRedirectUri(uri))
      throw new CommerceError('INVALID_INPUT', 'A redirect URI is an absolute https URL (http only for localhost).', {
        field: `redirectUris.${index}`,
      });
  }
}

function isRedirectUri(value: string): boolean {
  try {
    const url = new URL(value);
    const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    return url.protocol === 'https:' || (url.protocol === 'http:' && local);
  } catch {
    return false;
  }
}
