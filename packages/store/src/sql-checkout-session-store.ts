import type { CheckoutSessionRecord, CheckoutSessionStore } from '@grocery/core/ports';
import type { Db } from './database.ts';
import { iso, isoNotNull } from './row-mapping.ts';
import { SqlAgentStore } from './sql-agent-store.ts';

type Session = CheckoutSessionRecord;

interface SessionRow {
  session_id: string;
  partner_id: string;
  environment: Session['environment'];
  protocol: Session['protocol'];
  caller_id: string;
  profile_url: string | null;
  webhook_url: string | null;
  status: Session['status'];
  buyer: Session['buyer'];
  lines: Session['lines'];
  fulfilment: Session['fulfilment'];
  coupon_codes: Session['couponCodes'];
  branch_code: string;
  quote: Session['quote'];
  quoted_at: Date | null;
  options: Session['options'];
  messages: Session['messages'];
  checkout_order: Session['order'];
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  version: number;
}

function toSession(row: SessionRow): Session {
  return {
    sessionId: row.session_id,
    partnerId: row.partner_id,
    environment: row.environment,
    protocol: row.protocol,
    callerId: row.caller_id,
    profileUrl: row.profile_url,
    webhookUrl: row.webhook_url,
    status: row.status,
    buyer: row.buyer,
    lines: row.lines,
    fulfilment: row.fulfilment,
    couponCodes: row.coupon_codes,
    branchCode: row.branch_code,
    quote: row.quote,
    quotedAt: iso(row.quoted_at),
    options: row.options,
    messages: row.messages,
    order: row.checkout_order,
    createdAt: isoNotNull(row.created_at),
    updatedAt: isoNotNull(row.updated_at),
    expiresAt: isoNotNull(row.expires_at),
    version: row.version,
  };
}

/** A jsonb parameter: SQL NULL for null, so that `IS NULL` and the derived order_id see no value. */
const jsonb = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/** The columns a session is written to, in the order of {@link sessionParams}; the key columns first. */
const COLUMNS = [
  'session_id',
  'partner_id',
  'environment',
  'protocol',
  'caller_id',
  'profile_url',
  'webhook_url',
  'status',
  'buyer',
  'lines',
  'fulfilment',
  'coupon_codes',
  'branch_code',
  'quote',
  'quoted_at',
  'options',
  'messages',
  'checkout_order',
  'created_at',
  'updated_at',
  'expires_at',
  'version',
] as const;

function sessionParams(session: Session): unknown[] {
  return [
    session.sessionId,
    session.partnerId,
    session.environment,
    session.protocol,
    session.callerId,
    session.profileUrl,
    session.webhookUrl,
    session.status,
    jsonb(session.buyer),
    jsonb(session.lines),
    jsonb(session.fulfilment),
    jsonb(session.couponCodes),
    session.branchCode,
    jsonb(session.quote),
    session.quotedAt,
    jsonb(session.options),
    jsonb(session.messages),
    jsonb(session.order),
    session.createdAt,
    session.updatedAt,
    session.expiresAt,
    session.version,
  ];
}

const INSERT = `INSERT INTO checkout_sessions (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

// Everything but the key (session_id, partner_id: $1, $2) is replaced, when the version is the one the caller read.
const REPLACE = `UPDATE checkout_sessions SET ${COLUMNS.slice(2)
  .map((column, i) => `${column} = $${i + 3}`)
  .join(', ')}
  WHERE session_id = $1 AND partner_id = $2 AND version = $${COLUMNS.length + 1}`;

/**
 * The CheckoutSessionStore port over SQL: sessions of agent platforms, each write guarded by the
 * version the caller read. It stacks on the agent store (see sql-store.ts).
 */
export class SqlCheckoutSessionStore extends SqlAgentStore implements CheckoutSessionStore {
  readonly #db: Db;

  constructor(db: Db) {
    super(db);
    this.#db = db;
  }

  async insertCheckoutSession(session: Session): Promise<void> {
    await this.#db.query(INSERT, sessionParams(session));
  }

  async getCheckoutSession(partnerId: string, sessionId: string): Promise<Session | null> {
    const { rows } = await this.#db.query<SessionRow>(
      'SELECT * FROM checkout_sessions WHERE session_id = $1 AND partner_id = $2',
      [sessionId, partnerId],
    );
    return rows[0] ? toSession(rows[0]) : null;
  }

  async replaceCheckoutSession(session: Session, expectedVersion: number): Promise<boolean> {
    const { rowCount } = await this.#db.query(REPLACE, [...sessionParams(session), expectedVersion]);
    return rowCount > 0;
  }

  async findCheckoutSessionByOrder(orderId: string): Promise<Session | null> {
    const { rows } = await this.#db.query<SessionRow>('SELECT * FROM checkout_sessions WHERE order_id = $1', [orderId]);
    return rows[0] ? toSession(rows[0]) : null;
  }
}
