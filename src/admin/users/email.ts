/**
 * The one stored and compared form of an email (SPEC §2.2): trimmed and lower-cased. MySQL compares it
 * byte for byte (binary collation), so `úser@…` is another address, never a spelling of `user@…`.
 */
export function canonicalEmail(email: string): string {
  return email.trim().toLowerCase();
}
