import type { AppClient, PartnerKeyRecord, PartnerStore } from '@grocery/core/ports';
import type { Partner, PartnerContext } from '@grocery/core';
import { onlyRow, type Db } from './database.ts';
import { iso, isoNotNull } from './row-mapping.ts';
import { SqlEventStore } from './sql-event-store.ts';

interface PartnerRow {
  partner_id: string;
  name: string;
  environment: Partner['environment'];
  order_source: string;
  created_at: Date;
  branch_resolution_confirmed_at: Date | null;
  live_at: Date | null;
}

function toPartner(row: PartnerRow): Partner {
  return {
    partnerId: row.partner_id,
    name: row.name,
    environment: row.environment,
    orderSource: row.order_source,
    createdAt: isoNotNull(row.created_at),
    branchResolutionConfirmedAt: iso(row.branch_resolution_confirmed_at),
    liveAt: iso(row.live_at),
  };
}

interface KeyRow {
  key_prefix: string;
  partner_id: string;
  environment: Partner['environment'];
  created_at: Date;
  revoked_at: Date | null;
}

function toKey(row: KeyRow): PartnerKeyRecord {
  return {
    keyPrefix: row.key_prefix,
    partnerId: row.partner_id,
    environment: row.environment,
    createdAt: isoNotNull(row.created_at),
    revokedAt: iso(row.revoked_at),
  };
}

interface ClientRow {
  client_id: string;
  partner_id: string;
  redirect_uris: string[];
  created_at: Date;
}

function toClient(row: ClientRow): AppClient {
  return {
    clientId: row.client_id,
    partnerId: row.partner_id,
    redirectUris: row.redirect_uris,
    createdAt: isoNotNull(row.created_at),
  };
}

/** A unique violation of app_clients' key: the client id is registered already (PostgreSQL and PGlite report it alike). */
function isTakenClientId(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'app_clients_pkey';
}

/**
 * The PartnerStore port over SQL: partners, their keys and app clients. It extends the event store
 * so that the port implementations stack into one `SqlStore` over one database (see sql-store.ts).
 */
export class SqlPartnerStore extends SqlEventStore implements PartnerStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  async createPartner(
    partner: Omit<Partner, 'createdAt' | 'branchResolutionConfirmedAt' | 'liveAt'>,
  ): Promise<Partner> {
    const { rows } = await this.#db.query<PartnerRow>(
      'INSERT INTO partners (partner_id, name, environment, order_source) VALUES ($1, $2, $3, $4) RETURNING *',
      [partner.partnerId, partner.name, partner.environment, partner.orderSource],
    );
    return toPartner(onlyRow(rows, 'partner insert'));
  }

  async getPartner(partnerId: string): Promise<Partner | null> {
    const { rows } = await this.#db.query<PartnerRow>('SELECT * FROM partners WHERE partner_id = $1', [partnerId]);
    return rows[0] ? toPartner(rows[0]) : null;
  }

  async listPartners(): Promise<Partner[]> {
    const { rows } = await this.#db.query<PartnerRow>('SELECT * FROM partners ORDER BY created_at, partner_id');
    return rows.map(toPartner);
  }

  async addPartnerKey(key: {
    keyHash: string;
    keyPrefix: string;
    partnerId: string;
    environment: Partner['environment'];
  }): Promise<PartnerKeyRecord> {
    const { rows } = await this.#db.query<KeyRow>(
      'INSERT INTO partner_keys (key_hash, key_prefix, partner_id, environment) VALUES ($1, $2, $3, $4) RETURNING *',
      [key.keyHash, key.keyPrefix, key.partnerId, key.environment],
    );
    return toKey(onlyRow(rows, 'partner key insert'));
  }

  async revokePartnerKey(keyPrefix: string): Promise<boolean> {
    const { rowCount } = await this.#db.query(
      'UPDATE partner_keys SET revoked_at = now() WHERE key_prefix = $1 AND revoked_at IS NULL',
      [keyPrefix],
    );
    return rowCount > 0;
  }

  async listPartnerKeys(partnerId: string): Promise<PartnerKeyRecord[]> {
    const { rows } = await this.#db.query<KeyRow>(
      'SELECT * FROM partner_keys WHERE partner_id = $1 ORDER BY created_at',
      [partnerId],
    );
    return rows.map(toKey);
  }

  async findPartnerByKeyHash(keyHash: string): Promise<PartnerContext | null> {
    const { rows } = await this.#db.query<{
      partner_id: string;
      name: string;
      order_source: string;
      environment: Partner['environment'];
      key_prefix: string;
      live: boolean;
      client_ids: string[] | null;
    }>(
      `SELECT p.partner_id, p.name, p.order_source, k.environment, k.key_prefix, p.live_at IS NOT NULL AS live,
              (SELECT array_agg(c.client_id ORDER BY c.created_at) FROM app_clients c WHERE c.partner_id = p.partner_id) AS client_ids
         FROM partner_keys k JOIN partners p ON p.partner_id = k.partner_id
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [keyHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      partnerId: row.partner_id,
      partnerName: row.name,
      orderSource: row.order_source,
      environment: row.environment,
      keyPrefix: row.key_prefix,
      clientIds: row.client_ids ?? [],
      live: row.live,
    };
  }

  async createPartnerWithCredentials(
    input: Parameters<PartnerStore['createPartnerWithCredentials']>[0],
  ): Promise<Partner | null> {
    const { partner, key, client } = input;
    try {
      return await this.#db.transaction(async (tx) => {
        const { rows } = await tx.query<PartnerRow>(
          'INSERT INTO partners (partner_id, name, environment, order_source) VALUES ($1, $2, $3, $4) RETURNING *',
          [partner.partnerId, partner.name, partner.environment, partner.orderSource],
        );
        await tx.query(
          'INSERT INTO partner_keys (key_hash, key_prefix, partner_id, environment) VALUES ($1, $2, $3, $4)',
          [key.keyHash, key.keyPrefix, partner.partnerId, partner.environment],
        );
        if (client)
          await tx.query('INSERT INTO app_clients (client_id, partner_id, redirect_uris) VALUES ($1, $2, $3)', [
            client.clientId,
            partner.partnerId,
            JSON.stringify(client.redirectUris),
          ]);
        return toPartner(onlyRow(rows, 'partner insert'));
      });
    } catch (error) {
      if (isTakenClientId(error)) return null;
      throw error;
    }
  }

  async addAppClient(client: Omit<AppClient, 'createdAt'>): Promise<AppClient | null> {
    const { rows } = await this.#db.query<ClientRow>(
      'INSERT INTO app_clients (client_id, partner_id, redirect_uris) VALUES ($1, $2, $3) ON CONFLICT (client_id) DO NOTHING RETURNING *',
      [client.clientId, client.partnerId, JSON.stringify(client.redirectUris)],
    );
    return rows[0] ? toClient(rows[0]) : null;
  }

  async appClientExists(clientId: string): Promise<boolean> {
    const { rows } = await this.#db.query('SELECT 1 FROM app_clients WHERE client_id = $1', [clientId]);
    return rows.length > 0;
  }

  async listAppClients(partnerId: string): Promise<AppClient[]> {
    const { rows } = await this.#db.query<ClientRow>(
      'SELECT * FROM app_clients WHERE partner_id = $1 ORDER BY created_at',
      [partnerId],
    );
    return rows.map(toClient);
  }

  async allRedirectUris(): Promise<string[]> {
    const { rows } = await this.#db.query<{ uri: string }>(
      'SELECT DISTINCT jsonb_array_elements_text(redirect_uris) AS uri FROM app_clients',
    );
    return rows.map((r) => r.uri);
  }

  async confirmBranchResolution(partnerId: string, at: string): Promise<void> {
    await this.#db.query('UPDATE partners SET branch_resolution_confirmed_at = $2 WHERE partner_id = $1', [
      partnerId,
      at,
    ]);
  }

  async setPartnerLive(partnerId: string, at: string): Promise<string> {
    const { rows } = await this.#db.query<{ live_at: Date }>(
      'UPDATE partners SET live_at = COALESCE(live_at, $2) WHERE partner_id = $1 RETURNING live_at',
      [partnerId, at],
    );
    return isoNotNull(onlyRow(rows, `partner ${partnerId} going live`).live_at);
  }
}
