import { useEffect, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery, useSession } from '../api/hooks';
import { actsOnGame } from '../api/session';
import { GameTabs } from '../components/game-tabs';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';
import { ModalDialog } from '../components/modal-dialog';
import { SideBySideDiff } from '../components/side-by-side-diff';

const ConfigHistoryPageConfigVersions = graphql(`query ConfigHistoryPageConfigVersions ($g: SafeInt!, $limit: Int, $offset: Int) { configVersions(game_id: $g, limit: $limit, offset: $offset) { version change key created_by created_by_username created_at } }`);
const ConfigHistoryPageRollbackConfig = graphql(`mutation ConfigHistoryPageRollbackConfig ($g: SafeInt!, $input: RollbackInput!) { rollbackConfig(game_id: $g, input: $input) { version } }`);
const ConfigHistoryPageComparison = graphql(`query ConfigHistoryPageComparison ($g: SafeInt!, $from: Int!, $to: Int!, $hasFrom: Boolean!) { from: configVersion(game_id: $g, version: $from) @include(if: $hasFrom) { document } to: configVersion(game_id: $g, version: $to) { document } }`);
const PAGE = 50;

/**
 * A game's config versions (SPEC §2.4), newest first: any two compared side by side (by default the
 * latest change), and a rollback to any of them after a confirmation, made as a new version.
 */
export function ConfigHistoryPage() {
  const gameId = Number(useParams<{ id: string }>().id);
  const user = useSession()?.user;
  const [offset, setOffset] = useState(0);
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [done, setDone] = useState<number | null>(null);
  const list = useQuery(ConfigHistoryPageConfigVersions, { g: gameId, limit: PAGE, offset });
  const versions = list.data?.configVersions ?? [];
  const latest = offset === 0 ? versions[0]?.version : undefined;
  useEffect(() => {
    // The latest change, until the admin picks others (and again after a rollback made a new latest).
    if (latest !== undefined && (compare === null || done !== null)) setCompare({ from: Math.max(0, latest - 1), to: latest });
  }, [latest]);
  const rollback = useAction((version: number) =>
    request(ConfigHistoryPageRollbackConfig, { g: gameId, input: { version } }));

  // Out of a scoped moderator's games: the tabs say so, and this page offers nothing it would refuse.
  if (!actsOnGame(user, gameId)) return <><GameTabs gameId={gameId} /><h1>Config history</h1></>;
  return (
    <>
      <GameTabs gameId={gameId} />
      <h1>Config history</h1>
      <p class="muted">Every change of the variables is a version; the last 300 are kept. A rollback makes the variables exactly what they were at a version, as a new version.</p>
      <Problem error={list.error} />
      {done !== null && <p class="status-ok" role="status">Rolled back: the config is now version {done}.</p>}
      <TableScroll label="Config versions"><table data-testid="config-versions">
        <thead><tr><th>Version</th><th>Change</th><th>Variable</th><th>By</th><th>When</th><th /></tr></thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version}>
              <td>{v.version}</td>
              <td>{v.change}</td>
              <td>{v.key ?? '—'}</td>
              <td>{v.created_by === null ? <em>command</em> : <Link href={`/users/${v.created_by}`}>{v.created_by_username ?? `deleted user ${v.created_by}`}</Link>}</td>
              <td>{new Date(v.created_at).toLocaleString()}</td>
              <td>
                <button type="button" class="outline" onClick={() => setCompare({ from: Math.max(0, v.version - 1), to: v.version })}>Show change</button>{' '}
                {v.version !== latest && <button type="button" class="secondary outline" onClick={() => { rollback.clear(); setConfirming(v.version); }}>Roll back to {v.version}</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table></TableScroll>
      {list.data && versions.length === 0 && <p class="muted">No changes yet: the config has no versions.</p>}
      <div class="row">
        <button type="button" class="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>Newer</button>
        <button type="button" class="outline" disabled={versions.length < PAGE} onClick={() => setOffset(offset + PAGE)}>Older</button>
      </div>

      {compare && latest !== undefined && <Comparison gameId={gameId} latest={latest} compare={compare} onChange={setCompare} />}

      {confirming !== null && (
        <ModalDialog labelledBy="rollback-title" onClose={() => setConfirming(null)}>
          <article>
            <h3 id="rollback-title">Roll back to version {confirming}?</h3>
            <p>The variables become exactly what they were at version {confirming}: keys, types and values, created and deleted as needed. Game clients get that document at once. The change is recorded as a new version, so it can be rolled back too.</p>
            <Problem error={rollback.error} />
            <footer>
              <button type="button" class="secondary" onClick={() => setConfirming(null)}>Cancel</button>{' '}
              <button type="button" aria-busy={rollback.busy} onClick={async () => {
                const result = await rollback.run(confirming);
                if (result?.rollbackConfig) {
                  setConfirming(null);
                  setDone(result.rollbackConfig.version);
                  setOffset(0);
                  list.reload();
                }
              }}>Roll back</button>
            </footer>
          </article>
        </ModalDialog>
      )}
    </>
  );
}

/** Two versions chosen (0 is the empty config before the first change) and their documents' diff. */
function Comparison({ gameId, latest, compare, onChange }: { gameId: number; latest: number; compare: { from: number; to: number }; onChange(next: { from: number; to: number }): void }) {
  const documentOf = useQuery(ConfigHistoryPageComparison, { g: gameId, from: Math.max(1, compare.from), to: compare.to, hasFrom: compare.from > 0 });
  const choices = Array.from({ length: latest + 1 }, (_, n) => latest - n);
  const picker = (label: string, value: number, set: (n: number) => void) => (
    <label>{label}<select aria-label={label} value={value} onChange={(e) => set(Number(e.currentTarget.value))}>
      {choices.map((n) => <option key={n} value={n}>{n === 0 ? 'empty (before version 1)' : `version ${n}`}</option>)}
    </select></label>
  );
  return (
    <section>
      <h2>Compare</h2>
      <div class="row">
        {picker('From version', compare.from, (from) => onChange({ ...compare, from }))}
        {picker('To version', compare.to, (to) => onChange({ ...compare, to }))}
      </div>
      <Problem error={documentOf.error} />
      {!documentOf.current && <p aria-busy="true">Loading…</p>}
      {documentOf.data && documentOf.current && (
        <SideBySideDiff
          before={compare.from === 0 ? {} : documentOf.data.from?.document ?? null}
          after={documentOf.data.to?.document ?? null}
          beforeLabel={compare.from === 0 ? 'empty' : `version ${compare.from}`}
          afterLabel={`version ${compare.to}`}
        />
      )}
    </section>
  );
}
