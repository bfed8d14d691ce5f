import type { AppClient, Environment, Partner, PartnerContext, PartnerKeyRecord } from '../model/partner.ts';
import type { PartnerStore } from '../ports/store.ts';
import { InMemoryEventStore, type InMemoryStoreOptions } from './in-memory-event-store.ts';
import {
  atMs,
  check,
  compareText,
  copy,
  iso,
  isEnvironment,
  stampNow,
  tablesOf,
  type InMemoryTables,
  type KeyRow,
} from './in-memory-tables.ts';

/** Oldest first by a timestamp column, then in insertion order (what distinct `now()`s would give). */
const byCreated = <T extends { createdAt: string; seq: number }>(a: T, b: T): number =>
  atMs(a.createdAt) - atMs(b.createdAt) || a.seq - b.seq;

function toKey(row: KeyRow): PartnerKeyRecord {
  return {
    keyPrefix: row.keyPrefix,
    partnerId: row.partnerId,
    environment: row.environment,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

function toPartner(row: Partner & { seq: number }): Partner {
  const { seq: _seq, ...partner } = row;
  return { ...partner };
}

function toClient(row: AppClient & { seq: number }): AppClient {
  return {
    clientId: row.clientId,
    partnerId: row.partnerId,
    redirectUris: [...row.redirectUris],
    createdAt: row.createdAt,
  };
}
/**
 * The PartnerStore port in memory: partners, keys and app clients, with the SQL schema's unique
 * keys. It extends the event store so that the port implementations stack into one
 * `InMemoryStore` over one set of tables (see in-memory-store.ts).
 */
export class InMemoryPartnerStore extends InMemoryEventStore implements PartnerStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  async createPartner(
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>,
  ): Promise<Partner> {
    this.#checkPartner(partner);
    return toPartner(this.#insertPartner(partner));
  }

  async getPartner(partnerId: string): Promise<Partner | null> {
    const row = this.#t.partners.get(partnerId);
    return row ? toPartner(row) : null;
  }

  async listPartners(): Promise<Partner[]> {
    return [...this.#t.partners.values()]
      .sort((a, b) => byCreated(a, b) || compareText(a.partnerId, b.partnerId))
      .map(toPartner);
  }

  async addPartnerKey(key: {
    keyHash: string;
    keyPrefix: string;
    partnerId: string;
    environment: Environment;
  }): Promise<PartnerKeyRecord> {
    this.#checkKey(key);
    return toKey(this.#insertKey(key));
  }

  async revokePartnerKey(keyPrefix: string): Promise<boolean> {
    const row = [...this.#t.keys.values()].find((k) => k.keyPrefix === keyPrefix && k.revokedAt === null);
    if (!row) return false;
    row.revokedAt = stampNow(this.#t);
    return true;
  }

  async listPartnerKeys(partnerId: string): Promise<PartnerKeyRecord[]> {
    return [...this.#t.keys.values()]
      .filter((k) => k.partnerId === partnerId)
      .sort(byCreated)
      .map(toKey);
  }

  async findPartnerByKeyHash(keyHash: string): Promise<PartnerContext | null> {
    const key = this.#t.keys.get(keyHash);
    if (!key || key.revokedAt !== null) return null;
    const partner = this.#t.partners.get(key.partnerId)!;
    const clientIds = [...this.#t.clients.values()]
      .filter((c) => c.partnerId === partner.partnerId)
      .sort(byCreated)
      .map((c) => c.clientId);
    return {
      partnerId: partner.partnerId,
      partnerName: partner.name,
      orderSource: partner.orderSource,
      environment: key.environment,
      keyPrefix: key.keyPrefix,
      clientIds,
      live: partner.liveAt !== null,
    };
  }

  async createPartnerWithCredentials(input: {
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>;
    key: { keyHash: string; keyPrefix: string };
    client: { clientId: string; redirectUris: string[] } | null;
  }): Promise<Partner | null> {
    const { partner, key, client } = input;
    // All of it or nothing: every check before any write, in the order the transaction writes.
    this.#checkPartner(partner);
    const keyRow = { ...key, partnerId: partner.partnerId, environment: partner.environment };
    this.#checkKey(keyRow, { partnerExists: true });
    if (client && this.#t.clients.has(client.clientId)) return null;
    const created = this.#insertPartner(partner);
    this.#insertKey(keyRow);
    if (client)
      this.#insertClient({
        clientId: client.clientId,
        partnerId: partner.partnerId,
        redirectUris: client.redirectUris,
      });
    return toPartner(created);
  }

  async addAppClient(client: Omit<AppClient, 'createdAt'>): Promise<AppClient | null> {
    if (this.#t.clients.has(client.clientId)) return null;
    check(this.#t.partners.has(client.partnerId), 'app_clients_partner_id_fkey');
    return toClient(this.#insertClient(client));
  }

  async listAppClients(partnerId: string): Promise<AppClient[]> {
    return [...this.#t.clients.values()]
      .filter((c) => c.partnerId === partnerId)
      .sort(byCreated)
      .map(toClient);
  }

  async appClientExists(clientId: string): Promise<boolean> {
    return this.#t.clients.has(clientId);
  }

  async allRedirectUris(): Promise<string[]> {
    return [...new Set([...this.#t.clients.values()].flatMap((c) => c.redirectUris))];
  }

  async confirmBranchResolution(partnerId: string, at: string): Promise<void> {
    const row = this.#t.partners.get(partnerId);
    if (row) row.branchResolutionConfirmedAt = iso(at);
  }

  async setPartnerLive(partnerId: string, at: string): Promise<string> {
    const row = this.#t.partners.get(partnerId);
    if (!row) throw new Error(`No partner ${partnerId}.`);
    row.liveAt ??= iso(at);
    return row.liveAt;
  }

  #checkPartner(partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>): void {
    check(!this.#t.partners.has(partner.partnerId), 'partners_pkey');
    check(isEnvironment(partner.environment), 'partners_environment_check');
    check(
      ![...this.#t.partners.values()].some((p) => p.orderSource === partner.orderSource),
      'partners_order_source_key',
    );
  }

  #insertPartner(
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>,
  ): Partner & { seq: number } {
    const row = {
      partnerId: partner.partnerId,
      name: partner.name,
      environment: partner.environment,
      orderSource: partner.orderSource,
      createdAt: stampNow(this.#t),
      branchResolutionConfirmedAt: null,
      liveAt: null,
      seq: ++this.#t.seq,
    };
    this.#t.partners.set(row.partnerId, row);
    return row;
  }

  #checkKey(
    key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Environment },
    options: { partnerExists?: boolean } = {},
  ): void {
    check(!this.#t.keys.has(key.keyHash), 'partner_keys_pkey');
    check(![...this.#t.keys.values()].some((k) => k.keyPrefix === key.keyPrefix), 'partner_keys_key_prefix_key');
    check(options.partnerExists === true || this.#t.partners.has(key.partnerId), 'partner_keys_partner_id_fkey');
    check(isEnvironment(key.environment), 'partner_keys_environment_check');
  }

  #insertKey(key: { keyHash: string; keyPrefix: string; partnerId: string; environment: Environment }): KeyRow {
    const row: KeyRow = {
      keyHash: key.keyHash,
      keyPrefix: key.keyPrefix,
      partnerId: key.partnerId,
      environment: key.environment,
      createdAt: stampNow(this.#t),
      revokedAt: null,
      seq: ++this.#t.seq,
    };
    this.#t.keys.set(row.keyHash, row);
    return row;
  }

  #insertClient(client: Omit<AppClient, 'createdAt'>): AppClient & { seq: number } {
    const row = {
      clientId: client.clientId,
      partnerId: client.partnerId,
      redirectUris: copy(client.redirectUris),
      createdAt: stampNow(this.#t),
      seq: ++this.#t.seq,
    };
    this.#t.clients.set(row.clientId, row);
    return row;
  }
}
