/**
 * Money as people read and type it: amounts travel in minor units (SPEC's Money, a decimal integer
 * string), and the console shows and takes them in major units with the currency's ISO 4217 exponent
 * (EUR 2, JPY 0, BHD 3), as the browser's Intl knows it. Conversions are done on the digits, never
 * through a float, so every amount up to 2^53−1 minor units is exact.
 */

/** The currency's minor-unit digits (ISO 4217 through Intl; 2 for a code Intl does not know). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "123456" minor units of EUR as the decimal "1234.56". */
function majorDecimal(minor: string, digits: number): string {
  const negative = minor.startsWith('-');
  const magnitude = (negative ? minor.slice(1) : minor).padStart(digits + 1, '0');
  const whole = digits === 0 ? magnitude : `${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`;
  return negative ? `-${whole}` : whole;
}

/** An amount in minor units, shown in major units with separators and the currency: "€1,234.56". */
export function formatMoney(minor: string | number, currency: string): string {
  const decimal = majorDecimal(String(minor), minorDigits(currency));
  try {
    // A decimal string keeps every digit (Intl.NumberFormat takes strings as exact decimals).
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: minorDigits(currency) }).format(decimal as unknown as number);
  } catch {
    return `${decimal} ${currency}`;
  }
}

const MAX_MINOR = 2n ** 53n - 1n;

/**
 * A typed amount in major units ("1,234.5", "12.50", "7") as minor units ("123450"), or why it is not
 * one: a positive amount with at most the currency's minor digits, within 2^53−1 minor units.
 */
export function toMinorUnits(typed: string, currency: string): { minor: string } | { problem: string } {
  const digits = minorDigits(currency);
  const text = typed.trim().replace(/[\s,_']/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { problem: 'must be an amount such as 12.50' };
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return { problem: digits === 0 ? `${currency} has no minor unit: a whole amount` : `${currency} has ${digits} decimal places at most` };
  }
  const minor = BigInt(match[1]! + fraction.padEnd(digits, '0'));
  if (minor <= 0n) return { problem: 'must be more than zero' };
  if (minor > MAX_MINOR) return { problem: 'is too large' };
  return { minor: minor.toString() };
}

/** An amount as one would type it in this currency, for a placeholder: "12.50", "500" (JPY), "12.500" (BHD). */
export function exampleAmount(currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? '500' : `12.${'5'.padEnd(digits, '0')}`;
}

/** Every ISO 4217 code the browser knows, for the currency picker. */
export function knownCurrencies(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency') : ['EUR', 'USD', 'GBP', 'JPY'];
}
