import { randomBytes } from 'node:crypto';

/**
 * JSON text of a reply, with each BigInt written in full as a JSON integer (SPEC §2.13: sums exact at
 * any size, never through a rounding double). `JSON.rawJSON` would do it, but Node 20 lacks it: a
 * BigInt is first written as a string that begins with a mark drawn for this call (no text in the
 * reply can know it), and those strings are then unquoted. A reply without a BigInt is written as is.
 */
export function exactJson(value: unknown): string {
  if (!holdsBigInt(value)) return JSON.stringify(value);
  const mark = randomBytes(12).toString('hex');
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${mark}${item}` : item));
  return text.replace(new RegExp(`"${mark}(-?\\d+)"`, 'g'), '$1');
}

function holdsBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  return Array.isArray(value) ? value.some(holdsBigInt) : Object.values(value).some(holdsBigInt);
}
