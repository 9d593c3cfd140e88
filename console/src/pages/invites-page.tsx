import { useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { InviteInput } from '../api/generated/graphql';
import { useAction, useQuery, useSession } from '../api/hooks';
import { ConfirmButton } from '../components/confirm-button';
import { Pager, usePage } from '../components/pager';
import { TableScroll } from '../components/table-scroll';
import { Field, FormErrors, Problem } from '../components/problem';

const InvitesPageInvites = graphql(`query InvitesPageInvites ($usable: Boolean, $limit: Int, $offset: Int) {
  invites(usable: $usable, limit: $limit, offset: $offset) { code role max_uses uses expires_at created_at }
  invitesTotal(usable: $usable)
}`);
const InvitesPageCreateInvite = graphql(`mutation InvitesPageCreateInvite ($input: InviteInput!) { createInvite(input: $input) { code role max_uses expires_at } }`);
const InvitesPageDeleteInvite = graphql(`mutation InvitesPageDeleteInvite ($code: String!) { deleteInvite(code: $code) }`);

export const inviteLink = (code: string) => `${location.origin}/console/register?code=${encodeURIComponent(code)}`;

const when = (iso: string) => new Date(iso).toLocaleString();

/** Copies an invite's link; says so on the button. */
function CopyLink({ code, name }: { code: string; name: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button type="button" class="outline" aria-label={`Copy link of ${name}`} onClick={async () => {
      await navigator.clipboard?.writeText(inviteLink(code)).catch(() => undefined);
      setCopied(true);
    }}>{copied ? 'Copied' : 'Copy link'}</button>
  );
}

/**
 * Invites (staff): the form first, the new invite's link beside it; the list, newest first, shows
 * those that can still register someone unless asked for all. A moderator creates and sees invites
 * of role user only, as the API rules.
 */
export function InvitesPage() {
  const admin = useSession()?.user.role === 'admin';
  const [showAll, setShowAll] = useState(false);
  const page = usePage(50);
  const [made, setMade] = useState<{ code: string; role: string; max_uses: number; expires_at?: string | null } | null>(null);
  const invites = useQuery(InvitesPageInvites, { usable: !showAll, limit: page.size, offset: page.offset });
  const create = useAction((input: InviteInput) => request(InvitesPageCreateInvite, { input }));
  const remove = useAction((code: string) => request(InvitesPageDeleteInvite, { code }));
  const rows = invites.data?.invites ?? [];
  return (
    <>
      <h1>Invites</h1>
      <section aria-labelledby="new-invite">
        <h2 id="new-invite">New invite</h2>
        <FormErrors>
          <form noValidate class="row" onSubmit={async (event) => {
            event.preventDefault();
            const element = event.currentTarget as HTMLFormElement;
            const form = new FormData(element);
            const hours = Number(form.get('expires_in_h'));
            const result = await create.run({ role: String(form.get('role')), max_uses: Number(form.get('max_uses')), ...(hours > 0 ? { expires_in_s: Math.round(hours * 3600) } : {}) });
            if (result?.createInvite) {
              setMade(result.createInvite);
              element.reset();
              page.first();
              invites.reload();
            }
          }}>
            <Field label="Role" path="role" error={create.error}>
              <select name="role">
                <option value="user">user</option>
                {admin && <option value="moderator">moderator</option>}
                {admin && <option value="admin">admin</option>}
              </select>
            </Field>
            <Field label="Uses" path="max_uses" error={create.error}><input name="max_uses" type="number" min={1} max={10000} defaultValue="1" /></Field>
            <Field label="Expires in (hours, 0 = never)" path="expires_in_s" error={create.error}><input name="expires_in_h" type="number" min={0} defaultValue="72" /></Field>
            <button type="submit" aria-busy={create.busy} disabled={create.busy}>Create invite</button>
          </form>
          <Problem error={create.error} />
        </FormErrors>
        {made && (
          <div class="created" role="status" data-testid="new-invite">
            <p>
              Invite created: a {made.role} invite for {made.max_uses} {made.max_uses === 1 ? 'use' : 'uses'}
              {made.expires_at ? `, until ${when(made.expires_at)}` : ', without expiry'}. Send this link:
            </p>
            <div class="row">
              <input readOnly value={inviteLink(made.code)} aria-label="The new invite's link" onFocus={(e) => e.currentTarget.select()} />
              <CopyLink code={made.code} name="the new invite" />
            </div>
          </div>
        )}
      </section>
      <div class="page-head">
        <h2>{showAll ? 'All invites' : 'Invites that can still register someone'}</h2>
        <label>
          <input type="checkbox" role="switch" checked={showAll} onChange={(e) => { setShowAll(e.currentTarget.checked); page.first(); }} /> Show used-up and expired
        </label>
      </div>
      <Problem error={invites.error} />
      <TableScroll label="Invites">
        <table data-testid="invites">
          <thead><tr><th>Role</th><th>Uses</th><th>Created</th><th>Expires</th><th>Link</th><th /></tr></thead>
          <tbody>
            {rows.map((invite) => {
              const name = `the ${invite.role} invite created ${when(invite.created_at)}`;
              return (
                <tr key={invite.code}>
                  <td>{invite.role}</td>
                  <td>{invite.uses} / {invite.max_uses}</td>
                  <td>{when(invite.created_at)}</td>
                  <td>{invite.expires_at ? when(invite.expires_at) : 'never'}</td>
                  <td><CopyLink code={invite.code} name={name} /></td>
                  <td>
                    <ConfirmButton label="Delete" accessibleName={`Delete ${name}`} question={`Delete ${name}?`}
                      consequence="Its link stops working at once; accounts it has already made stay."
                      action={{ ...remove, run: () => remove.run(invite.code) }} onDone={() => invites.reload()} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {invites.data?.invitesTotal === 0 && <p class="muted">{showAll ? 'No invites yet.' : 'No invite can register anyone now.'}</p>}
      <Pager page={page} shown={rows.length} total={invites.data?.invitesTotal} noun="invites" current={invites.current} />
    </>
  );
}
