import { useState } from 'preact/hooks';
import { useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { actsOnGame } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { Problem } from '../components/problem';
import { ConfirmButton } from '../components/confirm-button';
import { Notice, useNotice } from '../components/notice';
import { toInput, VariableEditor, type Variable } from './variable-editor';

const VariablesPageVariables = graphql(`query VariablesPageVariables ($id: SafeInt!) { variables(game_id: $id, limit: 1000) { id key type number_value string_value table_value_type items { key index number_value string_value } } }`);
const VariablesPageConfig = graphql(`query VariablesPageConfig ($id: SafeInt!) { config(game_id: $id) { etag document } }`);
const VariablesPageReplaceVariable = graphql(`mutation VariablesPageReplaceVariable ($g: SafeInt!, $id: SafeInt!, $input: VariableInput!) { replaceVariable(game_id: $g, id: $id, input: $input) { id } }`);
const VariablesPageCreateVariable = graphql(`mutation VariablesPageCreateVariable ($g: SafeInt!, $input: VariableInput!) { createVariable(game_id: $g, input: $input) { id } }`);
const VariablesPageDeleteVariable = graphql(`mutation VariablesPageDeleteVariable ($g: SafeInt!, $id: SafeInt!) { deleteVariable(game_id: $g, id: $id) }`);
const NEW: Variable = { key: '', type: 'number', number_value: 0 };

/** A game's variables (create, edit by type, delete) beside its config document and ETag. */
export function VariablesPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const user = useSession()?.user;
  const [editing, setEditing] = useState<Variable | null>(null);
  const list = useQuery(VariablesPageVariables, { id: gameId });
  const config = useQuery(VariablesPageConfig, { id: gameId });
  const notice = useNotice();
  const save = useAction((variable: Variable): Promise<unknown> =>
    variable.id
      ? request(VariablesPageReplaceVariable, { g: gameId, id: variable.id, input: toInput(variable) })
      : request(VariablesPageCreateVariable, { g: gameId, input: toInput(variable) }));
  const remove = useAction((id: number) => request(VariablesPageDeleteVariable, { g: gameId, id }));
  const refresh = () => {
    list.reload();
    config.reload();
  };
  // Out of a scoped moderator's games: the tabs say so, and this page offers nothing it would refuse.
  if (!actsOnGame(user, gameId)) return <><GameTabs gameId={gameId} /><h1>Variables</h1></>;
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>Variables</h1>
      <Problem error={list.error} />
      <div class="grid">
        <section>
          <table>
            <thead><tr><th>Key</th><th>Type</th><th /></tr></thead>
            <tbody>
              {list.data?.variables?.map((variable) => (
                <tr key={variable.id}>
                  <td>{variable.key}</td>
                  <td>{variable.type}</td>
                  <td>
                    <button type="button" class="outline" aria-label={`Edit variable ${variable.key}`} onClick={() => { save.clear(); setEditing(variable); }}>Edit</button>{' '}
                    <ConfirmButton label="Delete" accessibleName={`Delete variable ${variable.key}`} question={`Delete variable ${variable.key}?`}
                      consequence="Game clients no longer get it in the config document. The change is a new config version, which the config history can roll back."
                      action={{ ...remove, run: () => remove.run(variable.id) }} onDone={refresh} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Problem error={remove.error} />
          <Notice notice={notice} />
          <button type="button" onClick={() => { save.clear(); notice.clear(); setEditing({ ...NEW }); }}>New variable</button>
          {editing && (
            <article>
              <h3>{editing.id ? `Edit ${editing.key}` : 'New variable'}</h3>
              <VariableEditor
                key={editing.id ?? 'new'}
                initial={editing}
                submitLabel={editing.id ? 'Save variable' : 'Create variable'}
                action={save}
                onSubmit={async (variable) => {
                  if (await save.run(variable)) {
                    notice.show(`Variable ${variable.key} ${variable.id ? 'saved' : 'created'}.`);
                    setEditing(null);
                    refresh();
                  }
                }}
              />
            </article>
          )}
        </section>
        <section>
          <h2>Config document</h2>
          <p class="muted">What game clients read at <code>GET /api/games/{gameId}/config</code>.</p>
          <Problem error={config.error} />
          {config.data?.config && (
            <>
              <p>ETag <code data-testid="etag">{config.data.config.etag}</code></p>
              <pre class="json" data-testid="config-document">{JSON.stringify(config.data.config.document, null, 2)}</pre>
            </>
          )}
        </section>
      </div>
    </>
  );
}
