import { useState } from 'preact/hooks';
import { count } from '../format/numbers';

/** A list's page: its offset, moved by the Pager, back to the first page when the list's filter changes. */
export function usePage(size: number) {
  const [offset, setOffset] = useState(0);
  return { size, offset, setOffset, first: () => setOffset(0) };
}

/**
 * Where a paged list stands ("51–100 of 3,021 games") and the way to the pages around it; the total
 * is the server's (SPEC §2.1's X-Total-Count, GraphQL's `…Total`).
 */
export function Pager({ page, shown, total, noun, current = true }: {
  page: ReturnType<typeof usePage>;
  /** Rows on this page. */
  shown: number;
  /** Rows in the whole list (null while unknown). */
  total: number | null | undefined;
  /** What the rows are, plural ("games"). */
  noun: string;
  /** False while the rows on screen answer an earlier page or filter (the new answer is on its way). */
  current?: boolean;
}) {
  const { offset, size, setOffset } = page;
  const known = total ?? null;
  if (known === 0) return null;
  const range = shown > 0 ? `${count(offset + 1)}–${count(offset + shown)}` : '0';
  return (
    <nav class="pager" aria-label={`Pages of ${noun}`}>
      <button type="button" class="outline secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - size))}>
        Previous
      </button>
      <span aria-live="polite" aria-busy={!current}>
        {current ? `${range} of ${known === null ? '…' : count(known)} ${noun}` : `Loading ${noun}…`}
      </span>
      <button type="button" class="outline secondary" disabled={known === null || offset + shown >= known} onClick={() => setOffset(offset + size)}>
        Next
      </button>
    </nav>
  );
}
