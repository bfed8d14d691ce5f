import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { CommerceError } from '../errors.ts';
import type { AgentContext, AgentRecord, ShopSettings, SigningKeyRecord } from '../model/agent.ts';
import type { AgentProtocol } from '../model/checkout-session.ts';
import { newId, newSecretToken, sha256Hex } from '../model/ids.ts';
import type { Environment, Partner } from '../model/partner.ts';
import type { Clock } from '../ports/clock.ts';
import type { Store } from '../ports/store.ts';
import type { WebhookSender } from '../ports/webhook-sender.ts';
import { requireSafeInput } from './input-validation.ts';

const AGENT_TOKEN_PATTERN = /^ak_(test|live)_[0-9A-Za-z_-]{43}$/;
const NAME_PATTERN = /^[\p{L}\p{N} .,&'()/_-]{1,100}$/u;
const HOST_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const PROTOCOLS: readonly AgentProtocol[] = ['ucp', 'acp'];
/** A retired signing key stays published this long: signatures made just before a rotation still verify. */
export const SIGNING_KEY_GRACE_MS = 7 * 24 * 3_600_000;

/** A new agent with its credential and webhook secret, which are shown only here. */
export interface IssuedAgent {
  agent: AgentRecord;
  token: string;
  webhookSecret: string;
}

export interface AgentServiceOptions {
  store: Store;
  clock: Clock;
  /** Checks agents' webhook URLs against the SSRF policy. */
  sender: WebhookSender | null;
  /** How long a verified credential is remembered; a revoked one stops working within this time. */
  tokenCacheTtlMs?: number;
}

function optionalHttpsUrl(value: unknown, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > 2000 || !URL.canParse(value) || !value.startsWith('https://'))
    throw new CommerceError('INVALID_INPUT', 'Must be an https URL of at most 2000 characters.', { field });
  return new URL(value).toString();
}

/**
 * What agent platforms need of a partner (DESIGN §6): agent credentials (`ak_…`, stored hashed,
 * revocable), the partner's ES256 signing keys (rotatable, published in its UCP profile), the
 * domains its shop answers on, and the shop settings the protocols show.
 */
export class AgentService {
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #sender: WebhookSender | null;
  readonly #cache: LRUCache<string, { agent: AgentContext | null }>;
  /** Registered domains, remembered briefly: every request to an agent path on another host looks one up. */
  readonly #domains: LRUCache<string, { partnerId: string | null }>;
  /** Read on every agent request (the session's business name and links); changed by an operator, rarely. */
  readonly #settings: LRUCache<string, ShopSettings>;
  /** Ids of partners agents address, asked on every agent request; only found ones are kept. */
  readonly #partners: LRUCache<string, true>;
  /** Each partner's signing keys, needed by every profile, complete answer and webhook. */
  readonly #keys: LRUCache<string, readonly SigningKeyRecord[]>;

  constructor(options: AgentServiceOptions) {
    this.#store = options.store;
    this.#clock = options.clock;
    this.#sender = options.sender;
    const remembered = { max: 10_000, ttl: options.tokenCacheTtlMs ?? 10_000 };
    this.#cache = new LRUCache(remembered);
    this.#domains = new LRUCache(remembered);
    this.#settings = new LRUCache(remembered);
    this.#partners = new LRUCache(remembered);
    this.#keys = new LRUCache(remembered);
  }

  /** Issues an agent credential for one platform; the token and webhook secret are shown once. */
  async issue(
    partnerId: string,
    input: { name: unknown; protocols?: unknown; webhookUrl?: unknown; environment?: unknown },
  ): Promise<IssuedAgent> {
    requireSafeInput(input);
    const partner = await this.#partner(partnerId);
    if (typeof input.name !== 'string' || !NAME_PATTERN.test(input.name))
      throw new CommerceError('INVALID_INPUT', "A name is 1 to 100 letters, digits, spaces or .,&'()/_-", {
        field: 'name',
      });
    const protocols = input.protocols ?? PROTOCOLS;
    if (
      !Array.isArray(protocols) ||
      protocols.length === 0 ||
      !protocols.every((p): p is AgentProtocol => PROTOCOLS.includes(p as AgentProtocol))
    )
      throw new CommerceError('INVALID_INPUT', 'protocols is a non-empty list of "ucp" and "acp".', {
        field: 'protocols',
      });
    const environment = input.environment ?? partner.environment;
    if (environment !== 'sandbox' && environment !== 'production')
      throw new CommerceError('INVALID_INPUT', 'environment is sandbox or production.', { field: 'environment' });
    const webhookUrl = await this.#checkWebhookUrl(input.webhookUrl, environment);
    const token = `${environment === 'sandbox' ? 'ak_test_' : 'ak_live_'}${randomBytes(32).toString('base64url')}`;
    const agent: AgentRecord = {
      agentId: newId('agt'),
      partnerId,
      environment,
      name: input.name,
      protocols: [...new Set(protocols)],
      webhookUrl,
      tokenPrefix: token.slice(0, 12),
      createdAt: new Date(this.#clock.now()).toISOString(),
      revokedAt: null,
    };
    const webhookSecret = `whsec_${newSecretToken()}`;
    await this.#store.insertAgent(agent, sha256Hex(token));
    await this.#store.setAgentWebhookSecret(agent.agentId, webhookSecret);
    return { agent, token, webhookSecret };
  }

  /** The agent of a credential (`Authorization: Bearer` or `X-API-Key`); null when unknown or revoked. */
  async verify(token: string | undefined): Promise<AgentContext | null> {
    if (token === undefined || !AGENT_TOKEN_PATTERN.test(token)) return null;
    const hash = sha256Hex(token);
    const cached = this.#cache.get(hash);
    if (cached) return cached.agent;
    const agent = await this.#store.findAgentByTokenHash(hash);
    this.#cache.set(hash, { agent });
    return agent;
  }

  list(partnerId: string): Promise<AgentRecord[]> {
    return this.#store.listAgents(partnerId);
  }

  async revoke(partnerId: string, agentId: string): Promise<void> {
    if (!(await this.#store.revokeAgent(partnerId, agentId, new Date(this.#clock.now()).toISOString())))
      throw new CommerceError('NOT_FOUND', 'The partner has no such active agent.', { field: 'agentId' });
    this.#cache.clear();
  }

  /** The key that signs now, made on first use. */
  async signingKey(partnerId: string): Promise<SigningKeyRecord> {
    const current = (await this.#signingKeys(partnerId)).find((key) => key.retiredAt === null);
    return current ?? this.rotateSigningKey(partnerId);
  }

  /**
   * The partner's keys, read once per token-cache TTL: every profile, complete answer and webhook
   * needs them. Another instance's rotation is seen within the TTL; until then this one signs with
   * the previous key, which the profile keeps publishing for the grace period.
   */
  async #signingKeys(partnerId: string): Promise<readonly SigningKeyRecord[]> {
    const cached = this.#keys.get(partnerId);
    if (cached) return cached;
    const keys = await this.#store.listSigningKeys(partnerId);
    this.#keys.set(partnerId, keys);
    return keys;
  }

  /** Makes a new ES256 key the signing one; the old one stays published for SIGNING_KEY_GRACE_MS. */
  async rotateSigningKey(partnerId: string): Promise<SigningKeyRecord> {
    await this.#partner(partnerId);
    const now = this.#clock.now();
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const keyId = `${partnerId.slice(0, 24)}-${new Date(now).toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
    const meta = { kid: keyId, use: 'sig', alg: 'ES256' };
    const key: SigningKeyRecord = {
      partnerId,
      keyId,
      privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta },
      publicJwk: { ...publicKey.export({ format: 'jwk' }), ...meta },
      createdAt: new Date(now).toISOString(),
      retiredAt: null,
    };
    await this.#store.rotateSigningKey(key);
    await this.#store.deleteRetiredSigningKeys(partnerId, new Date(now - SIGNING_KEY_GRACE_MS).toISOString());
    this.#keys.delete(partnerId);
    return key;
  }

  /** The public JWKs a profile publishes: the signing key and those retired within the grace period. */
  async publishedKeys(partnerId: string): Promise<Record<string, unknown>[]> {
    await this.signingKey(partnerId);
    const since = this.#clock.now() - SIGNING_KEY_GRACE_MS;
    return (await this.#signingKeys(partnerId))
      .filter((key) => key.retiredAt === null || Date.parse(key.retiredAt) > since)
      .map((key) => key.publicJwk);
  }

  /** Registers a host name (e.g. `shop.example.co.th`) that serves the partner's agent surfaces. */
  async addDomain(partnerId: string, host: unknown): Promise<{ host: string; createdAt: string }> {
    await this.#partner(partnerId);
    const name = typeof host === 'string' ? host.trim().toLowerCase().replace(/\.$/, '') : '';
    if (!HOST_PATTERN.test(name))
      throw new CommerceError(
        'INVALID_INPUT',
        'A domain is a host name such as shop.example.co.th (no scheme, port or path).',
        {
          field: 'host',
        },
      );
    const createdAt = new Date(this.#clock.now()).toISOString();
    if (!(await this.#store.addPartnerDomain(partnerId, name, createdAt)))
      throw new CommerceError('INVALID_INPUT', `The domain ${name} is registered already.`, { field: 'host' });
    this.#domains.delete(name);
    return { host: name, createdAt };
  }

  async removeDomain(partnerId: string, host: string): Promise<void> {
    if (!(await this.#store.removePartnerDomain(partnerId, host.toLowerCase())))
      throw new CommerceError('NOT_FOUND', 'The partner has no such domain.', { field: 'host' });
    this.#domains.clear();
  }

  listDomains(partnerId: string): Promise<{ host: string; createdAt: string }[]> {
    return this.#store.listPartnerDomains(partnerId);
  }

  /** The partner whose registered domain a request's Host names (without the port); null otherwise. */
  async partnerOfHost(host: string | undefined): Promise<string | null> {
    const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    if (!HOST_PATTERN.test(name)) return null;
    const cached = this.#domains.get(name);
    if (cached) return cached.partnerId;
    const partnerId = await this.#store.partnerOfDomain(name);
    this.#domains.set(name, { partnerId });
    return partnerId;
  }

  /** The shop settings (all null until set), as they were at most the token cache's TTL ago on another instance. */
  async shopSettings(partnerId: string): Promise<ShopSettings> {
    const cached = this.#settings.get(partnerId);
    if (cached) return cached;
    const settings = await this.#readShopSettings(partnerId);
    this.#settings.set(partnerId, settings);
    return settings;
  }

  async #readShopSettings(partnerId: string): Promise<ShopSettings> {
    const partner = await this.#partner(partnerId);
    return (
      (await this.#store.getShopSettings(partnerId)) ?? {
        partnerId,
        shopName: partner.name,
        supportEmail: null,
        privacyPolicyUrl: null,
        termsOfServiceUrl: null,
        refundPolicyUrl: null,
        shippingPolicyUrl: null,
        faqUrl: null,
        updatedAt: partner.createdAt,
      }
    );
  }

  /** Replaces the shop settings; links are https, the support address an e-mail address. */
  async putShopSettings(partnerId: string, input: Record<string, unknown>): Promise<ShopSettings> {
    requireSafeInput(input);
    const partner = await this.#partner(partnerId);
    const shopName = input.shopName ?? partner.name;
    if (typeof shopName !== 'string' || !NAME_PATTERN.test(shopName))
      throw new CommerceError('INVALID_INPUT', "A shop name is 1 to 100 letters, digits, spaces or .,&'()/_-", {
        field: 'shopName',
      });
    const email = input.supportEmail ?? null;
    if (
      email !== null &&
      (typeof email !== 'string' || email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    )
      throw new CommerceError('INVALID_INPUT', 'Not an e-mail address.', { field: 'supportEmail' });
    const settings: ShopSettings = {
      partnerId,
      shopName,
      supportEmail: email,
      privacyPolicyUrl: optionalHttpsUrl(input.privacyPolicyUrl, 'privacyPolicyUrl'),
      termsOfServiceUrl: optionalHttpsUrl(input.termsOfServiceUrl, 'termsOfServiceUrl'),
      refundPolicyUrl: optionalHttpsUrl(input.refundPolicyUrl, 'refundPolicyUrl'),
      shippingPolicyUrl: optionalHttpsUrl(input.shippingPolicyUrl, 'shippingPolicyUrl'),
      faqUrl: optionalHttpsUrl(input.faqUrl, 'faqUrl'),
      updatedAt: new Date(this.#clock.now()).toISOString(),
    };
    await this.#store.putShopSettings(settings);
    this.#settings.set(partnerId, settings);
    return settings;
  }

  /** Whether a partner of this id exists (its agent base answers); a new partner is seen at once. */
  async partnerExists(partnerId: string): Promise<boolean> {
    if (this.#partners.has(partnerId)) return true;
    const found = (await this.#store.getPartner(partnerId)) !== null;
    if (found) this.#partners.set(partnerId, true);
    return found;
  }

  async #partner(partnerId: string): Promise<Partner> {
    const partner = await this.#store.getPartner(partnerId);
    if (!partner) throw new CommerceError('NOT_FOUND', 'No such partner.', { field: 'partnerId' });
    return partner;
  }

  async #checkWebhookUrl(value: unknown, environment: Environment): Promise<string | null> {
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string' || value.length > 2000)
      throw new CommerceError('INVALID_INPUT', 'A webhook URL is text of at most 2000 characters.', {
        field: 'webhookUrl',
      });
    const check = (await this.#sender?.checkUrl(value, environment)) ?? { ok: true };
    if (!check.ok)
      throw new CommerceError('INVALID_INPUT', `This webhook URL is not accepted: ${check.reason}`, {
        field: 'webhookUrl',
      });
    return value;
  }
}
