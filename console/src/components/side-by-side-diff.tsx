import { diffArrays } from 'diff';

interface Row {
  readonly left: string | null;
  readonly right: string | null;
  readonly kind: 'same' | 'removed' | 'added' | 'changed';
}

/** A line of pretty JSON without the comma that only says another line follows it. */
const withoutTrailingComma = (line: string) => line.replace(/,$/, '');

/**
 * Lines of the two texts side by side: removed lines beside the added lines that replace them. A
 * line that differs only by its trailing comma (a key added or removed after it) counts as the same.
 */
export function sideBySideRows(before: string, after: string): Row[] {
  const rows: Row[] = [];
  const parts = diffArrays(before.split('\n'), after.split('\n'), { comparator: (left, right) => withoutTrailingComma(left) === withoutTrailingComma(right) });
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      for (const line of part.value) rows.push({ left: line, right: line, kind: 'same' });
    } else if (part.removed && parts[i + 1]?.added) {
      const removed = part.value;
      const added = parts[++i]!.value;
      for (let n = 0; n < Math.max(removed.length, added.length); n++) {
        rows.push({ left: removed[n] ?? null, right: added[n] ?? null, kind: 'changed' });
      }
    } else {
      for (const line of part.value) rows.push(part.added ? { left: null, right: line, kind: 'added' } : { left: line, right: null, kind: 'removed' });
    }
  }
  return rows;
}

/** Two JSON documents, pretty-printed, side by side, the lines that differ marked. */
export function SideBySideDiff({ before, after, beforeLabel, afterLabel }: { before: unknown; after: unknown; beforeLabel: string; afterLabel: string }) {
  const rows = sideBySideRows(JSON.stringify(before, null, 2), JSON.stringify(after, null, 2));
  const changed = rows.filter((row) => row.kind !== 'same').length;
  return (
    <figure class="diff" data-testid="config-diff">
      <table>
        <thead><tr><th>{beforeLabel}</th><th>{afterLabel}</th></tr></thead>
        <tbody>
          {rows.map((row, n) => (
            <tr key={n} class={`diff-${row.kind}`}>
              <td class={row.left === null ? 'diff-gap' : undefined}><code>{row.left ?? ''}</code></td>
              <td class={row.right === null ? 'diff-gap' : undefined}><code>{row.right ?? ''}</code></td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption class="muted">{changed === 0 ? 'The two documents are the same.' : `${changed} line${changed === 1 ? '' : 's'} differ.`}</figcaption>
    </figure>
  );
}
