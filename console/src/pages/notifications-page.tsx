import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { mayActOn } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { Notice, useNotice } from '../components/notice';
import { Problem } from '../components/problem';
import { ConfirmButton } from '../components/confirm-button';
import { MacroPreview, NotificationEditor, type Notification } from './notification-editor';

const NotificationsPageNotifications = graphql(`query NotificationsPageNotifications ($id: SafeInt!) { notifications(game_id: $id, limit: 1000) { id macros ...NotificationDraft } languages { ...LanguageOption } }`);
const NotificationsPageReplaceNotification = graphql(`mutation NotificationsPageReplaceNotification ($g: SafeInt!, $id: SafeInt!, $input: NotificationInput!) { replaceNotification(game_id: $g, id: $id, input: $input) { id } }`);
const NotificationsPageCreateNotification = graphql(`mutation NotificationsPageCreateNotification ($g: SafeInt!, $input: NotificationInput!) { createNotification(game_id: $g, input: $input) { id } }`);
const NotificationsPageDeleteNotification = graphql(`mutation NotificationsPageDeleteNotification ($g: SafeInt!, $id: SafeInt!) { deleteNotification(game_id: $g, id: $id) }`);

/** A game's notifications: read by anyone, written by staff. */
export function NotificationsPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const staff = mayActOn(useSession()?.user, 'POST /api/games/{id}/notifications', gameId);
  const [editing, setEditing] = useState<Notification | null>(null);
  const data = useQuery(NotificationsPageNotifications, { id: gameId });
  const save = useAction((n: Notification): Promise<unknown> => {
    const input = { name: n.name, descriptions: n.descriptions, variables: n.variables, entries: n.entries };
    return n.id
      ? request(NotificationsPageReplaceNotification, { g: gameId, id: n.id, input })
      : request(NotificationsPageCreateNotification, { g: gameId, input });
  });
  const remove = useAction((id: number) => request(NotificationsPageDeleteNotification, { g: gameId, id }));
  const notice = useNotice();
  const languages = data.data?.languages ?? [];
  const blank = (): Notification => ({ name: '', descriptions: languages.slice(0, 1).map((l) => ({ language_id: l.id, description: '' })), variables: [], entries: [{ time_second: 0, image: '', login: '', variables: [] }] });
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>Notifications</h1>
      <Problem error={data.error} />
      {data.data?.notifications?.map((notification) => (
        <article key={notification.id}>
          <header>
            <strong>{notification.name}</strong> <span class="muted">{notification.entries.length} entries</span>
          </header>
          {notification.descriptions.map((d) => (
            <div key={d.language_id}>
              <small class="muted">{languages.find((l) => l.id === d.language_id)?.code}</small>
              <MacroPreview text={d.description} macros={notification.macros} />
            </div>
          ))}
          {staff && (
            <footer>
              <button type="button" class="outline" aria-label={`Edit notification ${notification.name}`} onClick={() => { save.clear(); setEditing(notification); }}>Edit</button>{' '}
              <ConfirmButton label="Delete" accessibleName={`Delete notification ${notification.name}`} question={`Delete notification ${notification.name}?`}
                consequence="It goes with its descriptions in every language and all its entries. This cannot be undone."
                action={{ ...remove, run: () => remove.run(notification.id) }} onDone={() => data.reload()} />
            </footer>
          )}
        </article>
      ))}
      <Problem error={remove.error} />
      <Notice notice={notice} />
      {staff && <button type="button" onClick={() => { save.clear(); notice.clear(); setEditing(blank()); }}>New notification</button>}
      {editing && (
        <article>
          <h3>{editing.id ? `Edit ${editing.name}` : 'New notification'}</h3>
          <NotificationEditor
            key={editing.id ?? 'new'}
            initial={editing}
            languages={languages}
            submitLabel={editing.id ? 'Save notification' : 'Create notification'}
            action={save}
            onSubmit={async (notification) => {
              if (await save.run(notification)) {
                notice.show(`Notification ${notification.name} ${notification.id ? 'saved' : 'created'}.`);
                setEditing(null);
                data.reload();
              }
            }}
          />
        </article>
      )}
    </>
  );
}
