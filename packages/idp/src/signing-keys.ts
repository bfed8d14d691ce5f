import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Db } from '@grocery/store';
import type { Clock } from '@grocery/core/ports';

/** The key that signs new tokens. */
export interface CurrentSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/**
 * The pool's RS256 signing keys, persisted in `idp_signing_keys`: one `current` key signs; the
 * `previous` one stays published so tokens it signed verify until they expire.
 */
export interface SigningKeys {
  current(): Promise<CurrentSigningKey>;
  /** The public JWKS: current and previous keys. */
  jwks(): Promise<JSONWebKeySet>;
  /** A jose key resolver over `jwks()`, for checking the pool's own tokens. */
  verificationKeys(): Promise<JWTVerifyGetKey>;
  /** Makes a new current key; the current one becomes previous and the previous one retires. */
  rotate(): Promise<{ kid: string }>;
}

interface KeyRow {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  state: 'current' | 'previous';
}

// Other instances may rotate; re-read the keys this often.
const RELOAD_MS = 30_000;

async function newKeyPair(): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  const publicJwk: JWK = { kty: exported.kty, n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' };
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  return { kid, privateJwk, publicJwk };
}

async function insertKey(tx: Db, clock: Clock): Promise<string> {
  const key = await newKeyPair();
  await tx.query(`UPDATE idp_signing_keys SET state = 'retired', retired_at = $1 WHERE state = 'previous'`, [
    clock.now(),
  ]);
  await tx.query(`UPDATE idp_signing_keys SET state = 'previous' WHERE state = 'current'`);
  await tx.query(
    `INSERT INTO idp_signing_keys (kid, private_jwk, public_jwk, state, created_at) VALUES ($1, $2, $3, 'current', $4)`,
    [key.kid, JSON.stringify(key.privateJwk), JSON.stringify(key.publicJwk), clock.now()],
  );
  return key.kid;
}

/** Loads the keys, generating the first one on first start (once, even with several instances). */
export async function openSigningKeys(db: Db, clock: Clock): Promise<SigningKeys> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['idp:signing-keys']);
    const { rows } = await tx.query(`SELECT kid FROM idp_signing_keys WHERE state = 'current'`);
    if (rows.length === 0) await insertKey(tx, clock);
  });

  let loaded: { at: number; current: CurrentSigningKey; jwks: JSONWebKeySet; resolver: JWTVerifyGetKey } | undefined;
  const load = async () => {
    if (loaded && Date.now() - loaded.at < RELOAD_MS) return loaded;
    const { rows } = await db.query<KeyRow>(
      `SELECT kid, private_jwk, public_jwk, state FROM idp_signing_keys WHERE state IN ('current', 'previous') ORDER BY created_at DESC`,
    );
    const currentRow = rows.find((row) => row.state === 'current');
    if (!currentRow) throw new Error('idp: no current signing key');
    const privateKey = (await importJWK(currentRow.private_jwk, 'RS256')) as CryptoKey;
    const jwks: JSONWebKeySet = { keys: rows.map((row) => row.public_jwk) };
    loaded = { at: Date.now(), current: { kid: currentRow.kid, privateKey }, jwks, resolver: createLocalJWKSet(jwks) };
    return loaded;
  };
  await load();

  return {
    async current() {
      return (await load()).current;
    },
    async jwks() {
      return (await load()).jwks;
    },
    async verificationKeys() {
      return (await load()).resolver;
    },
    async rotate() {
      const kid = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['idp:signing-keys']);
        return insertKey(tx, clock);
      });
      loaded = undefined;
      await load();
      return { kid };
    },
  };
}
