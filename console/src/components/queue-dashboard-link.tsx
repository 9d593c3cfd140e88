import type { ComponentChildren } from 'preact';
import { session } from '../api/session';

/**
 * The one way into the queue dashboard (admins), from the Tools menu and the Ops page alike: the
 * console's token first starts the dashboard's session (its HttpOnly cookie, `POST
 * /admin/queues/session`), then the dashboard opens in a tab of its own beside the console (its header
 * links back). Should the session fail to start, the dashboard's own sign-in page opens instead.
 */
export function QueueDashboardLink({ children }: { children: ComponentChildren }) {
  return (
    <a href="/admin/queues" target="_blank" rel="noopener" onClick={async (event) => {
      event.currentTarget.closest('details')?.removeAttribute('open'); // a menu it sits in closes
      const token = session.token();
      if (!token || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      // The tab opens now, within the click (a browser blocks a tab opened after an await), and is sent
      // to the dashboard once its session is set; it keeps no handle on this one.
      const tab = window.open('about:blank', '_blank');
      if (tab) tab.opener = null;
      await fetch('/admin/queues/session', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
      if (tab) tab.location.href = '/admin/queues';
      else window.open('/admin/queues', '_blank', 'noopener');
    }}>{children}</a>
  );
}
