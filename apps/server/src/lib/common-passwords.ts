import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The passwords people choose most: the 49,233 of @zxcvbn-ts/language-common (MIT), made from
 * Mark Burnett's ten million passwords published from breaches (xato.net, 2015), each one
 * seen more than ten times, in lower case. Read once, when a password is first set: about
 * half a megabyte of JSON, kept as a Set. The server alone reads it; browsers never load it.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
    common = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  }
  return common;
}

/**
 * "aaaaaaaa", "12341234", "abcabcab": a few characters over and over. The list leaves such
 * passwords out, since the library it was made for finds them by their pattern.
 */
function repeats(chars: string[]): boolean {
  for (let period = 1; period <= 4 && period < chars.length; period++) {
    if (chars.every((c, i) => c === chars[i % period])) return true;
  }
  return false;
}

/** "12345678", "87654321", "abcdefgh": each character the one after (or before) the last. */
function runs(chars: string[]): boolean {
  const codes = chars.map((c) => c.codePointAt(0) ?? 0);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}

/**
 * Whether a password is one that is guessed early (NIST SP 800-63B's blocklist): a common or
 * breached one, whatever its capitals, a repeat or a run, or the account's own e-mail address
 * or the name before its @.
 */
export function isCommonPassword(password: string, email?: string): boolean {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return true;
  const chars = [...lower];
  if (repeats(chars) || runs(chars)) return true;
  if (!email) return false;
  const address = email.toLowerCase();
  return lower === address || lower === address.slice(0, address.lastIndexOf('@'));
}
