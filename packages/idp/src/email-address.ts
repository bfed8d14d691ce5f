import { z } from 'zod';

const emailSchema = z.email();

/** The canonical form of an e-mail username (lower case), or null when it is not an address we accept. */
export function normalizeEmail(value: string): string | null {
  const lower = value.toLowerCase();
  const at = lower.lastIndexOf('@');
  if (lower.length > 254 || at < 1 || at > 64 || !emailSchema.safeParse(lower).success) return null;
  return lower;
}

/** Cognito's masked destination: `a***@e***`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return `${email.slice(0, 1)}***`;
  return `${email.slice(0, 1)}***@${email.slice(at + 1, at + 2)}***`;
}
