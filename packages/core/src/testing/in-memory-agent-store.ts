import type { AgentContext, AgentRecord, ShopSettings, SigningKeyRecord } from '../model/agent.ts';
import type { AgentProtocol } from '../model/checkout-session.ts';
import type { AgentStore } from '../ports/store.ts';
import type { InMemoryStoreOptions } from './in-memory-event-store.ts';
import { InMemoryOperationsStore } from './in-memory-operations-store.ts';
import {
  atMs,
  check,
  checkStorableText,
  compareText,
  copy,
  iso,
  isEnvironment,
  isoOrNull,
  tablesOf,
  type AgentRow,
  type InMemoryTables,
} from './in-memory-tables.ts';

const PROTOCOLS: readonly AgentProtocol[] = ['ucp', 'acp'];

/** Host names compare case-insensitively; JavaScript lower-cases them, as the SQL store does. */
const hostKey = (host: string): string => host.toLowerCase();

function toAgent(row: AgentRow): AgentRecord {
  const { tokenHash: _hash, webhookSecret: _secret, ...agent } = row;
  return copy(agent);
}

/** Newest first: by creation, then the current key before retired ones, then by key id (the SQL store's ORDER BY). */
function newestFirst(a: SigningKeyRecord, b: SigningKeyRecord): number {
  const retired = (k: SigningKeyRecord) => (k.retiredAt === null ? Infinity : atMs(k.retiredAt));
  return atMs(b.createdAt) - atMs(a.createdAt) || retired(b) - retired(a) || compareText(b.keyId, a.keyId);
}

/**
 * The AgentStore port in memory: agent credentials, the partner's signing keys, its domains and shop
 * settings, with the SQL schema's keys and checks. It stacks on the operations store (see in-memory-store.ts).
 */
export class InMemoryAgentStore extends InMemoryOperationsStore implements AgentStore {
  readonly #t: InMemoryTables;

  constructor(options: InMemoryStoreOptions = {}) {
    super(options);
    this.#t = tablesOf(this);
  }

  // Agents

  async insertAgent(agent: AgentRecord, tokenHash: string): Promise<void> {
    const t = this.#t;
    checkStorableText([agent, tokenHash]);
    check(!t.agents.has(agent.agentId), 'agents_pkey');
    check(isEnvironment(agent.environment), 'agents_environment_check');
    check(
      agent.protocols.every((p) => PROTOCOLS.includes(p)),
      'agents_protocols_check',
    );
    check(![...t.agents.values()].some((a) => a.tokenHash === tokenHash), 'agents_token_hash_key');
    check(![...t.agents.values()].some((a) => a.tokenPrefix === agent.tokenPrefix), 'agents_token_prefix_key');
    check(t.partners.has(agent.partnerId), 'agents_partner_id_fkey');
    t.agents.set(agent.agentId, {
      ...copy(agent),
      createdAt: iso(agent.createdAt),
      revokedAt: isoOrNull(agent.revokedAt),
      tokenHash,
      webhookSecret: null,
    });
  }

  async findAgentByTokenHash(tokenHash: string): Promise<AgentContext | null> {
    const row = [...this.#t.agents.values()].find((a) => a.tokenHash === tokenHash && a.revokedAt === null);
    if (!row) return null;
    const partner = this.#t.partners.get(row.partnerId)!;
    const clientIds = [...this.#t.clients.values()]
      .filter((c) => c.partnerId === partner.partnerId)
      .sort((a, b) => atMs(a.createdAt) - atMs(b.createdAt) || a.seq - b.seq)
      .map((c) => c.clientId);
    return {
      agent: toAgent(row),
      partner: {
        partnerId: partner.partnerId,
        partnerName: partner.name,
        orderSource: partner.orderSource,
        environment: row.environment,
        keyPrefix: row.tokenPrefix,
        clientIds,
        live: partner.liveAt !== null,
      },
    };
  }

  async listAgents(partnerId: string): Promise<AgentRecord[]> {
    return [...this.#t.agents.values()]
      .filter((a) => a.partnerId === partnerId)
      .sort((a, b) => atMs(a.createdAt) - atMs(b.createdAt) || compareText(a.agentId, b.agentId))
      .map(toAgent);
  }

  async revokeAgent(partnerId: string, agentId: string, at: string): Promise<boolean> {
    const row = this.#t.agents.get(agentId);
    if (!row || row.partnerId !== partnerId || row.revokedAt !== null) return false;
    row.revokedAt = iso(at);
    return true;
  }

  async agentWebhookSecret(agentId: string): Promise<string | null> {
    return this.#t.agents.get(agentId)?.webhookSecret ?? null;
  }

  async setAgentWebhookSecret(agentId: string, secret: string): Promise<void> {
    checkStorableText(secret);
    const row = this.#t.agents.get(agentId);
    if (row) row.webhookSecret = secret;
  }

  // Signing keys

  async rotateSigningKey(key: SigningKeyRecord): Promise<void> {
    const t = this.#t;
    const id = `${key.partnerId}\u0000${key.keyId}`;
    // Every check before any write: the SQL transaction retires nothing when the insert fails.
    checkStorableText(key);
    check(!t.signingKeys.has(id), 'partner_signing_keys_pkey');
    check(t.partners.has(key.partnerId), 'partner_signing_keys_partner_id_fkey');
    const retiredAt = iso(key.createdAt);
    for (const current of t.signingKeys.values())
      if (current.partnerId === key.partnerId && current.retiredAt === null) current.retiredAt = retiredAt;
    t.signingKeys.set(id, { ...copy(key), createdAt: iso(key.createdAt), retiredAt: isoOrNull(key.retiredAt) });
  }

  async listSigningKeys(partnerId: string): Promise<SigningKeyRecord[]> {
    return [...this.#t.signingKeys.values()]
      .filter((k) => k.partnerId === partnerId)
      .sort(newestFirst)
      .map(copy);
  }

  async deleteRetiredSigningKeys(partnerId: string, retiredBefore: string): Promise<number> {
    const before = atMs(iso(retiredBefore));
    const gone = [...this.#t.signingKeys].filter(
      ([, k]) => k.partnerId === partnerId && k.retiredAt !== null && atMs(k.retiredAt) < before,
    );
    for (const [id] of gone) this.#t.signingKeys.delete(id);
    return gone.length;
  }

  // Domains

  async addPartnerDomain(partnerId: string, host: string, at: string): Promise<boolean> {
    const key = hostKey(host);
    checkStorableText(key);
    if (this.#t.domains.has(key)) return false;
    check(this.#t.partners.has(partnerId), 'partner_domains_partner_id_fkey');
    this.#t.domains.set(key, { host: key, partnerId, createdAt: iso(at) });
    return true;
  }

  async removePartnerDomain(partnerId: string, host: string): Promise<boolean> {
    const key = hostKey(host);
    if (this.#t.domains.get(key)?.partnerId !== partnerId) return false;
    this.#t.domains.delete(key);
    return true;
  }

  async listPartnerDomains(partnerId: string): Promise<{ host: string; createdAt: string }[]> {
    return [...this.#t.domains.values()]
      .filter((d) => d.partnerId === partnerId)
      .sort((a, b) => atMs(a.createdAt) - atMs(b.createdAt) || compareText(a.host, b.host))
      .map((d) => ({ host: d.host, createdAt: d.createdAt }));
  }

  async partnerOfDomain(host: string): Promise<string | null> {
    return this.#t.domains.get(hostKey(host))?.partnerId ?? null;
  }

  // Shop settings

  async getShopSettings(partnerId: string): Promise<ShopSettings | null> {
    const row = this.#t.shopSettings.get(partnerId);
    return row ? copy(row) : null;
  }

  async putShopSettings(settings: ShopSettings): Promise<void> {
    checkStorableText(settings);
    check(this.#t.partners.has(settings.partnerId), 'shop_settings_partner_id_fkey');
    this.#t.shopSettings.set(settings.partnerId, { ...copy(settings), updatedAt: iso(settings.updatedAt) });
  }
}
