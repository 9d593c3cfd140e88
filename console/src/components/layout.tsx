import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { useSession } from '../api/hooks';
import { isStaff, mayCall, session } from '../api/session';
import { NavLink } from './nav-link';
import { QueueDashboardLink } from './queue-dashboard-link';
import { graphql } from '../api/generated';
import { useQuery } from '../api/hooks';
import { learnCurrencies } from '../format/money';

const LayoutCurrencies = graphql(`query LayoutCurrencies { currencies(limit: 1000) { code exponent enabled } }`);

/** The server's currencies, read once per sign-in: amounts everywhere show with their exponents. */
function useCurrencyTable(): void {
  const table = useQuery(LayoutCurrencies);
  if (table.data?.currencies) learnCurrencies(table.data.currencies);
}

/**
 * The page frame: navigation by role, who is signed in, sign-out. On a phone the navigation folds
 * behind a Menu button, which closes again once a page is chosen.
 */
export function Layout({ children }: { children: ComponentChildren }) {
  const current = useSession();
  useCurrencyTable();
  const role = current?.user.role;
  const [menuOpen, setMenuOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setMenuOpen(false), [location]);
  return (
    <>
      <header class="container">
        <nav>
          <ul>
            <li>
              <strong>Reservation console</strong>
            </li>
            <li>
              <button type="button" class="menu-toggle outline secondary" aria-expanded={menuOpen} aria-controls="main-menu" onClick={() => setMenuOpen(!menuOpen)}>
                Menu
              </button>
            </li>
          </ul>
          <ul id="main-menu" class={menuOpen ? 'open' : undefined}>
            <li><NavLink href="/games" section>Games</NavLink></li>
            {mayCall(role, 'GET /api/users') && <li><NavLink href="/users" section>Users</NavLink></li>}
            {mayCall(role, 'GET /api/invites') && <li><NavLink href="/invites">Invites</NavLink></li>}
            {isStaff(role) && <li><NavLink href="/ops">Ops</NavLink></li>}
            {mayCall(role, 'GET /api/reports/summary') && <li><NavLink href="/reports">Reports</NavLink></li>}
            {mayCall(role, 'GET /api/audit') && <li><NavLink href="/audit">Audit</NavLink></li>}
            {isStaff(role) && <li><NavLink href="/currencies">Currencies</NavLink></li>}
            {mayCall(role, 'GET /api/api-keys') && <li><NavLink href="/api-keys">API keys</NavLink></li>}
            <li>
              <details class="dropdown">
                <summary>Tools</summary>
                <ul dir="rtl">
                  <li><a href="/docs">API docs</a></li>
                  <li><a href="/graphql">GraphQL explorer</a></li>
                  {role === 'admin' && <li><QueueDashboardLink>Queue dashboard</QueueDashboardLink></li>}
                </ul>
              </details>
            </li>
            <li>
              <NavLink href="/two-factor"><span class="who">{current?.user.username} ({role})</span></NavLink>
            </li>
            <li>
              <button class="secondary outline" type="button" onClick={() => session.signOut()}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main class="container">{children}</main>
    </>
  );
}
