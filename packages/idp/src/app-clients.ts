import { z } from 'zod';
import { onlyRow, type Db } from '@grocery/store';
import type { Clock } from '@grocery/core/ports';
import { CognitoError } from './cognito-error.ts';
import { newClientId } from './random-ids.ts';

/** A public app client (no secret), as issued with a partner key. */
export interface AppClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  /** ISO 8601. */
  createdAt: string;
}

export interface CreateAppClientInput {
  name: string;
  redirectUris?: readonly string[] | undefined;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

// https anywhere; plain http only on loopback, as OAuth for native and dev apps allows.
const redirectUri = z
  .url()
  .max(1024)
  .refine((value) => {
    const url = new URL(value);
    return (
      url.hash === '' && (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
    );
  }, 'must be an https URL (http only on localhost), without a fragment');

const createInput = z.object({
  name: z.string().trim().min(1).max(128),
  redirectUris: z.array(redirectUri).max(100).default([]),
});

interface ClientRow {
  client_id: string;
  name: string;
  redirect_uris: string[];
  created_at: number;
}

const toClient = (row: ClientRow): AppClient => ({
  clientId: row.client_id,
  name: row.name,
  redirectUris: row.redirect_uris,
  createdAt: new Date(row.created_at).toISOString(),
});

export interface AppClients {
  create(input: CreateAppClientInput): Promise<AppClient>;
  list(): Promise<AppClient[]>;
  find(clientId: string): Promise<AppClient | null>;
}

export function createAppClients(db: Db, clock: Clock): AppClients {
  return {
    async create(input) {
      const parsed = createInput.safeParse(input);
      if (!parsed.success)
        throw new CognitoError('InvalidParameterException', `Invalid app client: ${z.prettifyError(parsed.error)}`);
      const clientId = newClientId();
      const { rows } = await db.query<ClientRow>(
        'INSERT INTO idp_app_clients (client_id, name, redirect_uris, created_at) VALUES ($1, $2, $3, $4) RETURNING *',
        [clientId, parsed.data.name, JSON.stringify(parsed.data.redirectUris), clock.now()],
      );
      return toClient(onlyRow(rows, 'app client insert'));
    },
    async list() {
      const { rows } = await db.query<ClientRow>('SELECT * FROM idp_app_clients ORDER BY created_at, client_id');
      return rows.map(toClient);
    },
    async find(clientId) {
      const { rows } = await db.query<ClientRow>('SELECT * FROM idp_app_clients WHERE client_id = $1', [clientId]);
      return rows[0] ? toClient(rows[0]) : null;
    },
  };
}
