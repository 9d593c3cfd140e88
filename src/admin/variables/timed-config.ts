import { buildConfigDocument, configDocumentBody, MAX_CONFIG_DOCUMENT_BYTES, valueBytes, type ConfigDocument } from './config-document';
import { AppError } from '../../errors';
import type { VariableDefinition } from './variable-rules';

/** An override as the config document uses it (SPEC §2.12): live while `startsAt ≤ now < endsAt`. */
export interface TimedOverride {
  readonly id: number;
  readonly name: string;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly variables: readonly VariableDefinition[];
}

/** What a game's config document is made of: its variables and its overrides that have not ended. */
export interface ConfigSource {
  readonly variables: readonly VariableDefinition[];
  readonly overrides: readonly TimedOverride[];
}

/** The document served at an instant, and the instant it stops being the one (the next start or end). */
export interface DocumentAt {
  readonly document: ConfigDocument;
  readonly until: number;
}

/** The overrides live at `now`, in the order they apply: by start, then by id (the later start wins a key). */
export function liveOverrides(overrides: readonly TimedOverride[], now: number): TimedOverride[] {
  return overrides.filter((o) => o.startsAt <= now && now < o.endsAt).sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
}

/** The first start or end after `now`: when the set of live overrides changes next (Infinity when never). */
export function nextBoundary(overrides: readonly TimedOverride[], now: number): number {
  let next = Infinity;
  for (const { startsAt, endsAt } of overrides) {
    if (startsAt > now && startsAt < next) next = startsAt;
    if (endsAt > now && endsAt < next) next = endsAt;
  }
  return next;
}

/** An override's value applies only while its variable still has the type it was written for. */
const fits = (base: VariableDefinition, value: VariableDefinition) =>
  base.type === value.type && ('table_value_type' in base ? base.table_value_type : null) === ('table_value_type' in value ? value.table_value_type : null);

/** The variables with the live overrides' values in place, in the variables' order. */
export function withOverrides(variables: readonly VariableDefinition[], live: readonly TimedOverride[]): VariableDefinition[] {
  if (live.length === 0) return [...variables];
  const values = new Map<string, VariableDefinition>();
  for (const override of live) for (const value of override.variables) values.set(value.key, value);
  return variables.map((base) => {
    const value = values.get(base.key);
    return value && fits(base, value) ? value : base;
  });
}

/**
 * The config document at `now`: the base variables with the live overrides merged over them. Its ETag
 * covers the live overrides as well as the body, so it changes at every start and end of a window,
 * even when an override's values equal the base ones (the `Config-Overrides` header changes then).
 */
export function documentAt(source: ConfigSource, now: number): DocumentAt {
  const live = liveOverrides(source.overrides, now);
  const document = buildConfigDocument(withOverrides(source.variables, live), live.map(({ id, name }) => ({ id, name })));
  return { document, until: nextBoundary(source.overrides, now) };
}

/**
 * SPEC §2.4's 1 MiB bound at every instant from `from` on: the document is checked at `from` and at
 * every start and end of an override after it (between two of those instants it does not change), each
 * set of live overrides once. 409 naming the size and the instant of the largest that passes it.
 */
export function assertDocumentsFit(source: ConfigSource, from: number): void {
  const instants = new Set([from]);
  for (const { startsAt, endsAt } of source.overrides) {
    if (startsAt > from) instants.add(startsAt);
    if (endsAt > from) instants.add(endsAt);
  }
  // A document with overrides is at most the base's bytes and every live value's: only a set of live
  // overrides whose bound passes 1 MiB is built to be measured (a write costs little until then).
  const baseBytes = Buffer.byteLength(configDocumentBody(source.variables));
  const added = new Map(source.overrides.map((o) => [o.id, o.variables.reduce((sum, value) => sum + valueBytes(value), 0)]));
  const seen = new Set<string>();
  for (const at of [...instants].sort((a, b) => a - b)) {
    const live = liveOverrides(source.overrides, at);
    const which = live.map((o) => o.id).join(',');
    if (seen.has(which)) continue;
    seen.add(which);
    if (live.reduce((sum, o) => sum + added.get(o.id)!, baseBytes) <= MAX_CONFIG_DOCUMENT_BYTES) continue;
    const bytes = Buffer.byteLength(configDocumentBody(withOverrides(source.variables, live)));
    if (bytes > MAX_CONFIG_DOCUMENT_BYTES) {
      const when = at === from ? '' : ` from ${new Date(at).toISOString()}`;
      const under = live.length > 0 ? ` with the overrides ${live.map((o) => JSON.stringify(o.name)).join(', ')} live` : '';
      throw new AppError('CONFLICT', `the config document would be ${bytes} bytes${when}${under}; its limit is ${MAX_CONFIG_DOCUMENT_BYTES} bytes (1 MiB)`);
    }
  }
}
