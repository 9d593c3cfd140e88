import type { ComponentChildren } from 'preact';

/**
 * A table that may be wider than the screen (a phone): it scrolls sideways inside its box, which the
 * keyboard can reach (a named region in the tab order), while the page keeps the screen's width.
 */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
