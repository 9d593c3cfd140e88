import type { ComponentChildren } from 'preact';
import { Link, useLocation } from 'wouter-preact';

/**
 * A link that says when it is where the user is, styled as such: `aria-current="page"` on exactly
 * `href`; with `section`, `aria-current="true"` on any page under it too (one page is the current one,
 * a section holds it).
 */
export function NavLink({ href, section = false, children }: { href: string; section?: boolean; children: ComponentChildren }) {
  const [location] = useLocation();
  const current = location === href ? 'page' : section && location.startsWith(`${href}/`) ? 'true' : undefined;
  return (
    <Link href={href} aria-current={current}>
      {children}
    </Link>
  );
}
