/**
 * A JSON document written piece by piece (SPEC §2.14's export): the small parts as values, the long
 * lists (a wallet's ledger, the audit entries) as streams of rows, so a player with a million moves is
 * exported in bounded memory. Each row is written as it comes; the reader's pace sets the stream's.
 */
export type Part = { readonly value: unknown } | { readonly rows: AsyncIterable<unknown> };

/** `{"name": value, "list": [row, row], ...}` from the parts in order. */
export async function* jsonObject(parts: ReadonlyArray<readonly [name: string, part: Part | (() => AsyncIterable<string>)]>): AsyncGenerator<string> {
  yield '{';
  let first = true;
  for (const [name, part] of parts) {
    yield `${first ? '' : ','}\n${JSON.stringify(name)}:`;
    first = false;
    if (typeof part === 'function') yield* part();
    else if ('value' in part) yield JSON.stringify(part.value);
    else yield* jsonArray(part.rows);
  }
  yield '\n}\n';
}

/** `[row, row, ...]`, a row at a time. */
export async function* jsonArray(rows: AsyncIterable<unknown>): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    yield `${first ? '' : ','}\n${JSON.stringify(row)}`;
    first = false;
  }
  yield ']';
}

/** A list of objects, each written by its own parts (a game with its ledger streamed). */
export function jsonObjects<T>(items: readonly T[], partsOf: (item: T) => ReadonlyArray<readonly [string, Part]>): () => AsyncIterable<string> {
  return async function* objects() {
    yield '[';
    for (const [i, item] of items.entries()) {
      if (i > 0) yield ',';
      yield* jsonObject(partsOf(item));
    }
    yield ']';
  };
}

/** Maps an async stream of rows (the database's) one by one. */
export async function* mapRows<T, U>(rows: AsyncIterable<T>, map: (row: T) => U): AsyncGenerator<U> {
  for await (const row of rows) yield map(row);
}

/**
 * The rows of a keyset-paged read, page by page: each page one short query, the next one after the
 * last row of the page before, until a page comes back empty (a page may be short of rows and not the
 * last: one bounded by bytes). Nothing is read before the rows are asked for, and nothing stays open
 * when the reader stops.
 */
export async function* pagedRows<T>(readPage: (after: T | null) => Promise<T[]>): AsyncGenerator<T> {
  let after: T | null = null;
  for (;;) {
    const page = await readPage(after);
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1]!;
  }
}
