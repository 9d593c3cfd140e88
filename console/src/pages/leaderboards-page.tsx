import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { request, type ApiError } from '../api/client';
import { graphql } from '../api/generated';
import type { LeaderboardSettingsFragment } from '../api/generated/graphql';
import { useAction, useQuery, useSession } from '../api/hooks';
import { mayActOn } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { TableScroll } from '../components/table-scroll';
import { Field, FormErrors, Problem } from '../components/problem';
import { Notice, useNotice } from '../components/notice';

/** What the form edits and sends as a LeaderboardInput (spread as `...LeaderboardSettings`). */
graphql(`fragment LeaderboardSettings on Leaderboard { key name sort_order period_type operator is_active }`);
export type LeaderboardFields = LeaderboardSettingsFragment;

const LeaderboardsPageLeaderboards = graphql(`query LeaderboardsPageLeaderboards ($id: SafeInt!) { leaderboards(game_id: $id, limit: 1000) { id ...LeaderboardSettings } }`);
const LeaderboardsPageCreateLeaderboard = graphql(`mutation LeaderboardsPageCreateLeaderboard ($g: SafeInt!, $input: LeaderboardInput!) { createLeaderboard(game_id: $g, input: $input) { id } }`);

/** Key, name, order, period, active: for create and edit. */
export function LeaderboardForm({ initial, submitLabel, action, onSubmit }: {
  initial: LeaderboardFields;
  submitLabel: string;
  action: { busy: boolean; error: ApiError | null };
  onSubmit: (fields: LeaderboardFields) => unknown;
}) {
  const [fields, setFields] = useState(initial);
  const set = (name: keyof LeaderboardFields) => (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    setFields({ ...fields, [name]: input.type === 'checkbox' ? input.checked : input.value });
  };
  return (
    <FormErrors>
    <form noValidate onSubmit={(event) => { event.preventDefault(); onSubmit(fields); }}>
      <div class="row">
        <Field label="Key" path="key" error={action.error}><input name="key" value={fields.key} onInput={set('key')} /></Field>
        <Field label="Name" path="name" error={action.error}><input name="name" value={fields.name} onInput={set('name')} /></Field>
        <Field label="Order" path="sort_order" error={action.error}>
          <select name="sort_order" value={fields.sort_order} onChange={set('sort_order')}>
            <option value="desc">highest first</option>
            <option value="asc">lowest first</option>
          </select>
        </Field>
        <Field label="Period" path="period_type" error={action.error}>
          <select name="period_type" value={fields.period_type} onChange={set('period_type')}>
            <option value="all_time">all time</option>
            <option value="daily">daily</option>
            <option value="weekly">weekly</option>
            <option value="monthly">monthly</option>
          </select>
        </Field>
        <Field label="Operator" path="operator" error={action.error}>
          <select name="operator" value={fields.operator} onChange={set('operator')}>
            <option value="set">set: a save replaces</option>
            <option value="best">best: keep the better</option>
            <option value="incr">incr: add to the score</option>
          </select>
        </Field>
      </div>
      <label><input name="is_active" type="checkbox" role="switch" checked={fields.is_active} onChange={set('is_active')} /> Active</label>
      <Problem error={action.error} />
      <button type="submit" aria-busy={action.busy}>{submitLabel}</button>
    </form>
    </FormErrors>
  );
}

export function LeaderboardsPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const staff = mayActOn(useSession()?.user, 'POST /api/games/{id}/leaderboards', gameId);
  const list = useQuery(LeaderboardsPageLeaderboards, { id: gameId });
  const create = useAction((input: LeaderboardFields) => request(LeaderboardsPageCreateLeaderboard, { g: gameId, input }));
  const notice = useNotice();
  const [created, setCreated] = useState(0);
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>Leaderboards</h1>
      {staff && (
        <details>
          <summary role="button" class="outline">New leaderboard</summary>
          <LeaderboardForm
            initial={{ key: '', name: '', sort_order: 'desc', period_type: 'all_time', operator: 'set', is_active: true }}
            submitLabel="Create leaderboard"
            action={create}
            key={created}
            onSubmit={async (fields) => {
              if (!(await create.run(fields))) return;
              notice.show(`Leaderboard ${fields.name} created.`);
              setCreated((n) => n + 1); // a fresh, empty form
              list.reload();
            }}
          />
        </details>
      )}
      <Notice notice={notice} />
      <Problem error={list.error} />
      <TableScroll label="Leaderboards"><table>
        <thead><tr><th>Name</th><th>Key</th><th>Order</th><th>Period</th><th>Operator</th><th>Active</th></tr></thead>
        <tbody>
          {list.data?.leaderboards?.map((lb) => (
            <tr key={lb.id}>
              <td><Link href={`/games/${gameId}/leaderboards/${lb.id}`}>{lb.name}</Link></td>
              <td>{lb.key}</td><td>{lb.sort_order}</td><td>{lb.period_type}</td><td>{lb.operator}</td><td>{lb.is_active ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table></TableScroll>
    </>
  );
}
