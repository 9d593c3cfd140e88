import type { ComponentChildren } from 'preact';
import { Link } from 'wouter-preact';
import { useSession } from '../api/hooks';
import { isStaff, session } from '../api/session';

/** The page frame: navigation by role, who is signed in, sign-out. */
export function Layout({ children }: { children: ComponentChildren }) {
  const current = useSession();
  const role = current?.user.role;
  return (
    <>
      <header class="container">
        <nav>
          <ul>
            <li>
              <strong>Reservation console</strong>
            </li>
          </ul>
          <ul>
            <li><Link href="/games">Games</Link></li>
            {isStaff(role) && <li><Link href="/users">Users</Link></li>}
            {isStaff(role) && <li><Link href="/invites">Invites</Link></li>}
            {isStaff(role) && <li><Link href="/ops">Ops</Link></li>}
            {role === 'admin' && <li><Link href="/audit">Audit</Link></li>}
            <li>
              <span class="who">
                {current?.user.username} ({role})
              </span>
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
