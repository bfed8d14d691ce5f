import type { AgentContext, AgentRecord, AgentStore, ShopSettings, SigningKeyRecord } from '@grocery/core/ports';
import type { Db } from './database.ts';
import { iso, isoNotNull } from './row-mapping.ts';
import { SqlOperationsStore } from './sql-operations-store.ts';

interface AgentRow {
  agent_id: string;
  partner_id: string;
  environment: AgentRecord['environment'];
  name: string;
  protocols: AgentRecord['protocols'];
  webhook_url: string | null;
  token_prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

// The agent's own columns: never its token hash or webhook secret.
const AGENT_COLUMNS =
  'a.agent_id, a.partner_id, a.environment, a.name, a.protocols, a.webhook_url, a.token_prefix, a.created_at, a.revoked_at';

function toAgent(row: AgentRow): AgentRecord {
  return {
    agentId: row.agent_id,
    partnerId: row.partner_id,
    environment: row.environment,
    name: row.name,
    protocols: row.protocols,
    webhookUrl: row.webhook_url,
    tokenPrefix: row.token_prefix,
    createdAt: isoNotNull(row.created_at),
    revokedAt: iso(row.revoked_at),
  };
}

interface SigningKeyRow {
  partner_id: string;
  key_id: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
  created_at: Date;
  retired_at: Date | null;
}

function toSigningKey(row: SigningKeyRow): SigningKeyRecord {
  return {
    partnerId: row.partner_id,
    keyId: row.key_id,
    privateJwk: row.private_jwk,
    publicJwk: row.public_jwk,
    createdAt: isoNotNull(row.created_at),
    retiredAt: iso(row.retired_at),
  };
}

interface ShopSettingsRow {
  partner_id: string;
  shop_name: string | null;
  support_email: string | null;
  privacy_policy_url: string | null;
  terms_of_service_url: string | null;
  refund_policy_url: string | null;
  shipping_policy_url: string | null;
  faq_url: string | null;
  updated_at: Date;
}

function toShopSettings(row: ShopSettingsRow): ShopSettings {
  return {
    partnerId: row.partner_id,
    shopName: row.shop_name,
    supportEmail: row.support_email,
    privacyPolicyUrl: row.privacy_policy_url,
    termsOfServiceUrl: row.terms_of_service_url,
    refundPolicyUrl: row.refund_policy_url,
    shippingPolicyUrl: row.shipping_policy_url,
    faqUrl: row.faq_url,
    updatedAt: isoNotNull(row.updated_at),
  };
}

/** Host names compare case-insensitively; JavaScript lower-cases them, so that every store does it alike. */
const hostKey = (host: string): string => host.toLowerCase();

/**
 * The AgentStore port over SQL: agent credentials, the partner's signing keys, its domains and shop
 * settings. It stacks on the operations store (see sql-store.ts).
 */
export class SqlAgentStore extends SqlOperationsStore implements AgentStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  // Agents

  async insertAgent(agent: AgentRecord, tokenHash: string): Promise<void> {
    await this.#db.query(
      `INSERT INTO agents (agent_id, partner_id, environment, name, protocols, webhook_url, token_hash, token_prefix, created_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10)`,
      [
        agent.agentId,
        agent.partnerId,
        agent.environment,
        agent.name,
        [...agent.protocols],
        agent.webhookUrl,
        tokenHash,
        agent.tokenPrefix,
        agent.createdAt,
        agent.revokedAt,
      ],
    );
  }

  async findAgentByTokenHash(tokenHash: string): Promise<AgentContext | null> {
    // The partner as its key would give it (findPartnerByKeyHash), named by the agent's credential.
    const { rows } = await this.#db.query<
      AgentRow & { partner_name: string; order_source: string; live: boolean; client_ids: string[] | null }
    >(
      `SELECT ${AGENT_COLUMNS}, p.name AS partner_name, p.order_source, p.live_at IS NOT NULL AS live,
              (SELECT array_agg(c.client_id ORDER BY c.created_at) FROM app_clients c WHERE c.partner_id = p.partner_id) AS client_ids
         FROM agents a JOIN partners p ON p.partner_id = a.partner_id
        WHERE a.token_hash = $1 AND a.revoked_at IS NULL`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    const agent = toAgent(row);
    return {
      agent,
      partner: {
        partnerId: agent.partnerId,
        partnerName: row.partner_name,
        orderSource: row.order_source,
        environment: agent.environment,
        keyPrefix: agent.tokenPrefix,
        clientIds: row.client_ids ?? [],
        live: row.live,
      },
    };
  }

  async listAgents(partnerId: string): Promise<AgentRecord[]> {
    const { rows } = await this.#db.query<AgentRow>(
      `SELECT ${AGENT_COLUMNS} FROM agents a WHERE a.partner_id = $1 ORDER BY a.created_at, a.agent_id`,
      [partnerId],
    );
    return rows.map(toAgent);
  }

  async revokeAgent(partnerId: string, agentId: string, at: string): Promise<boolean> {
    const { rowCount } = await this.#db.query(
      'UPDATE agents SET revoked_at = $3 WHERE partner_id = $1 AND agent_id = $2 AND revoked_at IS NULL',
      [partnerId, agentId, at],
    );
    return rowCount > 0;
  }

  async agentWebhookSecret(agentId: string): Promise<string | null> {
    const { rows } = await this.#db.query<{ webhook_secret: string | null }>(
      'SELECT webhook_secret FROM agents WHERE agent_id = $1',
      [agentId],
    );
    return rows[0]?.webhook_secret ?? null;
  }

  async setAgentWebhookSecret(agentId: string, secret: string): Promise<void> {
    await this.#db.query('UPDATE agents SET webhook_secret = $2 WHERE agent_id = $1', [agentId, secret]);
  }

  // Signing keys

  async rotateSigningKey(key: SigningKeyRecord): Promise<void> {
    await this.#db.transaction(async (tx) => {
      // The partner's row serialises rotations: the second one retires the key the first added.
      await tx.query('SELECT 1 FROM partners WHERE partner_id = $1 FOR NO KEY UPDATE', [key.partnerId]);
      await tx.query('UPDATE partner_signing_keys SET retired_at = $2 WHERE partner_id = $1 AND retired_at IS NULL', [
        key.partnerId,
        key.createdAt,
      ]);
      await tx.query(
        `INSERT INTO partner_signing_keys (partner_id, key_id, private_jwk, public_jwk, created_at, retired_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          key.partnerId,
          key.keyId,
          JSON.stringify(key.privateJwk),
          JSON.stringify(key.publicJwk),
          key.createdAt,
          key.retiredAt,
        ],
      );
    });
  }

  async listSigningKeys(partnerId: string): Promise<SigningKeyRecord[]> {
    const { rows } = await this.#db.query<SigningKeyRow>(
      `SELECT * FROM partner_signing_keys WHERE partner_id = $1
        ORDER BY created_at DESC, retired_at DESC NULLS FIRST, key_id DESC`,
      [partnerId],
    );
    return rows.map(toSigningKey);
  }

  async deleteRetiredSigningKeys(partnerId: string, retiredBefore: string): Promise<number> {
    const { rowCount } = await this.#db.query(
      'DELETE FROM partner_signing_keys WHERE partner_id = $1 AND retired_at < $2',
      [partnerId, retiredBefore],
    );
    return rowCount;
  }

  // Domains

  async addPartnerDomain(partnerId: string, host: string, at: string): Promise<boolean> {
    const { rowCount } = await this.#db.query(
      'INSERT INTO partner_domains (host, partner_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (host) DO NOTHING',
      [hostKey(host), partnerId, at],
    );
    return rowCount > 0;
  }

  async removePartnerDomain(partnerId: string, host: string): Promise<boolean> {
    const { rowCount } = await this.#db.query('DELETE FROM partner_domains WHERE host = $1 AND partner_id = $2', [
      hostKey(host),
      partnerId,
    ]);
    return rowCount > 0;
  }

  async listPartnerDomains(partnerId: string): Promise<{ host: string; createdAt: string }[]> {
    const { rows } = await this.#db.query<{ host: string; created_at: Date }>(
      'SELECT host, created_at FROM partner_domains WHERE partner_id = $1 ORDER BY created_at, host',
      [partnerId],
    );
    return rows.map((row) => ({ host: row.host, createdAt: isoNotNull(row.created_at) }));
  }

  async partnerOfDomain(host: string): Promise<string | null> {
    const { rows } = await this.#db.query<{ partner_id: string }>(
      'SELECT partner_id FROM partner_domains WHERE host = $1',
      [hostKey(host)],
    );
    return rows[0]?.partner_id ?? null;
  }

  // Shop settings

  async getShopSettings(partnerId: string): Promise<ShopSettings | null> {
    const { rows } = await this.#db.query<ShopSettingsRow>('SELECT * FROM shop_settings WHERE partner_id = $1', [
      partnerId,
    ]);
    return rows[0] ? toShopSettings(rows[0]) : null;
  }

  async putShopSettings(settings: ShopSettings): Promise<void> {
    await this.#db.query(
      `INSERT INTO shop_settings (partner_id, shop_name, support_email, privacy_policy_url, terms_of_service_url,
                                  refund_policy_url, shipping_policy_url, faq_url, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (partner_id) DO UPDATE SET shop_name = EXCLUDED.shop_name, support_email = EXCLUDED.support_email,
         privacy_policy_url = EXCLUDED.privacy_policy_url, terms_of_service_url = EXCLUDED.terms_of_service_url,
         refund_policy_url = EXCLUDED.refund_policy_url, shipping_policy_url = EXCLUDED.shipping_policy_url,
         faq_url = EXCLUDED.faq_url, updated_at = EXCLUDED.updated_at`,
      [
        settings.partnerId,
        settings.shopName,
        settings.supportEmail,
        settings.privacyPolicyUrl,
        settings.termsOfServiceUrl,
        settings.refundPolicyUrl,
        settings.shippingPolicyUrl,
        settings.faqUrl,
        settings.updatedAt,
      ],
    );
  }
}
