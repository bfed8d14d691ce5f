import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters. */
export interface ScryptParameters {
  /** CPU/memory cost, a power of two. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
}

/** OWASP's recommended minimum for scrypt: N=2^17, r=8, p=1 (128 MiB per hash). */
export const DEFAULT_SCRYPT_PARAMETERS: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// Refuse stored parameters beyond this so a corrupted row cannot exhaust memory.
const MAX_N = 2 ** 20;

/** Hashes and checks passwords; the stored form names its own parameters so they can change later. */
export interface PasswordHasher {
  /** `scrypt$N$r$p$<salt base64url>$<key base64url>` */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same time as a real check; used when there is no user, so timing reveals nothing. */
  verifyDummy(password: string): Promise<false>;
}

function derive(password: string, salt: Buffer, params: ScryptParameters): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * A memory-hard password hasher on node:crypto scrypt.
 *
 * @example
 * const hasher = createPasswordHasher();
 * const stored = await hasher.hash('Correct-horse-1');
 * await hasher.verify('Correct-horse-1', stored); // true
 */
export function createPasswordHasher(params: ScryptParameters = DEFAULT_SCRYPT_PARAMETERS): PasswordHasher {
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    async hash(password) {
      const salt = randomBytes(SALT_LENGTH);
      const key = await derive(password, salt, params);
      return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored) {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
      if (
        ![N, r, p].every(Number.isSafeInteger) ||
        N < 2 ||
        N > MAX_N ||
        (N & (N - 1)) !== 0 ||
        r < 1 ||
        r > 32 ||
        p < 1 ||
        p > 16
      )
        return false;
      const salt = Buffer.from(parts[4]!, 'base64url');
      const expected = Buffer.from(parts[5]!, 'base64url');
      if (expected.length !== KEY_LENGTH) return false;
      const actual = await derive(password, salt, { N, r, p });
      return timingSafeEqual(actual, expected);
    },
    async verifyDummy(password) {
      dummy ??= hasher.hash('dummy-password-for-timing');
      await hasher.verify(password, await dummy);
      return false;
    },
  };
  return hasher;
}
