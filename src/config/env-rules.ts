import * as yup from 'yup';

/** Small yup builders shared by the config schema: each turns one raw env string into a typed value. */

const INTEGER = /^\d+$/;

export function integerVar(name: string, fallback: number, min: number, max: number) {
  return yup
    .mixed<number>()
    .default(fallback)
    .transform((value: unknown) => {
      if (value === undefined || value === '') return fallback;
      return INTEGER.test(String(value)) ? Number(value) : value;
    })
    .test(
      'integer',
      `${name} must be a whole number from ${min} to ${max}`,
      (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max,
    );
}

export function urlVar(name: string, fallback: string, protocols: string[]) {
  return yup
    .string()
    .default(fallback)
    .transform((value: string) => (value === '' ? fallback : value))
    .test('url', `${name} must be a URL starting with ${protocols.join(' or ')}`, (value) => value !== undefined && hasProtocol(value, protocols));
}

export function enumVar<T extends string>(name: string, fallback: T, allowed: readonly T[]) {
  return yup
    .string<T>()
    .default(fallback)
    .transform((value: string) => (value === '' ? fallback : value))
    .oneOf([...allowed], `${name} must be one of ${allowed.join(', ')}`);
}

export function stringVar(fallback = '') {
  return yup
    .string()
    .default(fallback)
    .transform((value: string) => (value === '' ? fallback : value));
}

/** A URL that may be left empty (the message says what empty means), of one of `protocols` otherwise. */
export function optionalUrlVar(message: string, protocols: readonly string[]) {
  return stringVar('').test('url', message, (value) => !value || hasProtocol(value, protocols));
}

/** Whether the text is a URL of one of these protocols (`redis:`, with the colon). */
function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function listVar() {
  return yup
    .string()
    .default('')
    .transform((value: string) => value ?? '');
}

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
