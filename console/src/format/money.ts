/**
 * Money as people read and type it: amounts travel in minor units (SPEC's Money, a decimal integer
 * string), and the console shows and takes them in major units with the currency's exponent: the
 * server's currencies table (SPEC §1.11) once the console has read it, the browser's Intl (ISO 4217)
 * before. Conversions are done on the digits, never through a float, so every amount up to 2^53−1
 * minor units is exact.
 */

/** The server's currencies (learnCurrencies): each code's exponent, and which are enabled. */
let table: { exponents: Map<string, number>; enabled: string[] } | null = null;

/** Takes the server's currencies table: amounts then show with its exponents, pickers offer its enabled codes. */
export function learnCurrencies(currencies: ReadonlyArray<{ code: string; exponent: number; enabled: boolean }>): void {
  table = {
    exponents: new Map(currencies.map((currency) => [currency.code, currency.exponent])),
    enabled: currencies.filter((currency) => currency.enabled).map((currency) => currency.code),
  };
}

/** The currency's minor-unit digits: the server's table, else ISO 4217 through Intl, else 2. */
export function minorDigits(currency: string): number {
  const known = table?.exponents.get(currency);
  if (known !== undefined) return known;
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

/** An amount in minor units as one types it in major units, without separators or symbol: "123456" EUR → "1234.56". */
export function majorUnits(minor: string | number, currency: string): string {
  return majorDecimal(String(minor), minorDigits(currency));
}

/** An amount in minor units, shown in major units with separators and the currency: "€1,234.56". */
export function formatMoney(minor: string | number, currency: string): string {
  const decimal = majorDecimal(String(minor), minorDigits(currency));
  try {
    // A decimal string keeps every digit (Intl.NumberFormat takes strings as exact decimals).
    const digits = minorDigits(currency);
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(decimal as unknown as number);
  } catch {
    return `${decimal} ${currency}`;
  }
}

const MAX_MINOR = 2n ** 53n - 1n;

/**
 * A typed amount in major units ("1,234.5", "12.50", "7") as minor units ("123450"), or why it is not
 * one: a positive amount (or zero, with `minimum` 0) with at most the currency's minor digits, within
 * 2^53−1 minor units.
 */
export function toMinorUnits(typed: string, currency: string, minimum: 0 | 1 = 1): { minor: string } | { problem: string } {
  const digits = minorDigits(currency);
  // "1.234,50" or "12,5": a comma before the last one or two digits (or more than three) is a decimal
  // comma, not a thousands separator: say how to write it rather than count its digits as decimals.
  const decimalComma = /^[\d\s.']*\d,(\d{1,2}|\d{4,})$/.exec(typed.trim());
  if (decimalComma) return { problem: `uses a comma for decimals: write ${typed.trim().replace(/[\s.']/g, '').replace(',', '.')}` };
  const text = typed.trim().replace(/[\s,_']/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!match) return { problem: 'must be an amount such as 12.50' };
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return { problem: digits === 0 ? `${currency} has no minor unit: a whole amount` : `${currency} has ${digits} decimal places at most` };
  }
  const minor = BigInt(match[1]! + fraction.padEnd(digits, '0'));
  if (minor < BigInt(minimum)) return { problem: 'must be more than zero' };
  if (minor > MAX_MINOR) return { problem: 'is too large' };
  return { minor: minor.toString() };
}

/** An amount as one would type it in this currency, for a placeholder: "12.50", "500" (JPY), "12.500" (BHD). */
export function exampleAmount(currency: string): string {
  const digits = minorDigits(currency);
  return digits === 0 ? '500' : `12.${'5'.padEnd(digits, '0')}`;
}

/** The codes money may move in, for currency pickers: the server's enabled ones, else every ISO 4217 code the browser knows. */
export function knownCurrencies(): string[] {
  if (table) return table.enabled;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency') : ['EUR', 'USD', 'GBP', 'JPY'];
}
