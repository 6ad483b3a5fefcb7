import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret of 256 bits: session tokens, reset keys, order keys. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps instead of a secret: its SHA-256, so a leaked table opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
