import type { TokenUser } from './token-issuer.ts';

/** A row of `idp_users`. */
export interface UserRow {
  sub: string;
  email: string;
  name: string | null;
  password_hash: string;
  status: 'UNCONFIRMED' | 'CONFIRMED';
  email_verified: boolean;
  updated_at: number;
}

/** A row of `idp_sessions`: one sign-in and its refresh token. */
export interface SessionRow {
  id: string;
  sub: string;
  client_id: string;
  auth_time: number;
  expires_at: number;
  revoked_at: number | null;
}

export const toTokenUser = (row: UserRow): TokenUser => ({
  sub: row.sub,
  email: row.email,
  emailVerified: row.email_verified,
  name: row.name,
});
