import * as yup from 'yup';

/**
 * Small yup builders for the settings table (settings.ts): each turns one raw environment string into
 * a typed value. Messages name the variable through yup's `${path}` (the setting's key), so no rule
 * repeats its name.
 */

const INTEGER = /^\d+$/;
const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$/;

export function integer(fallback: number, min: number, max: number) {
  return yup
    .mixed<number>()
    .default(fallback)
    .transform((value: unknown) => {
      if (value === undefined || value === '') return fallback;
      return INTEGER.test(String(value)) ? Number(value) : value;
    })
    .test(
      'integer',
      `\${path} must be a whole number from ${min} to ${max}`,
      (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max,
    );
}

export function url(fallback: string, protocols: readonly string[]) {
  return text(fallback).test('url', `\${path} must be a URL starting with ${protocols.join(' or ')}`, (value) => hasProtocol(value, protocols));
}

export function oneOf<T extends string>(fallback: T, allowed: readonly T[]) {
  return yup
    .string<T>()
    .default(fallback)
    .transform((value: string) => (value === '' ? fallback : value))
    .oneOf([...allowed], `\${path} must be one of ${allowed.join(', ')}`);
}

/** 'true' or 'false'. */
export const flag = (fallback: 'true' | 'false') => oneOf(fallback, ['true', 'false'] as const);

export function text(fallback = '') {
  return yup
    .string()
    .default(fallback)
    .transform((value: string) => (value === '' ? fallback : value));
}

/** A URL that may be left empty, of one of `protocols` (`redis:`, with the colon) otherwise. */
export function optionalUrl(message: string, protocols: readonly string[]) {
  return text('').test('url', message, (value) => !value || hasProtocol(value, protocols));
}

function hasProtocol(value: string | undefined, protocols: readonly string[]): boolean {
  try {
    return value !== undefined && protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A comma-separated list (empty by default). */
export function list() {
  return yup
    .string()
    .default('')
    .transform((value: string) => value ?? '');
}

/** A comma-separated list of host:port. */
export const hostPorts = () =>
  list().test('nodes', '${path} must be a comma-separated list of host:port', (value) => !value || value.split(',').every((node) => HOST_PORT.test(node.trim())));

export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
