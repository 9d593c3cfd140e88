import { useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { InviteInput } from '../api/generated/graphql';
import { useAction, useQuery, useSession } from '../api/hooks';
import { Field, Problem } from '../components/problem';
import { ConfirmButton } from '../components/confirm-button';

const InvitesPageInvites = graphql(`query InvitesPageInvites { invites(limit: 1000) { code role max_uses uses expires_at created_at } }`);
const InvitesPageCreateInvite = graphql(`mutation InvitesPageCreateInvite ($input: InviteInput!) { createInvite(input: $input) { code } }`);
const InvitesPageDeleteInvite = graphql(`mutation InvitesPageDeleteInvite ($code: String!) { deleteInvite(code: $code) }`);

export const inviteLink = (code: string) => `${location.origin}/console/register?code=${encodeURIComponent(code)}`;

/** Invites (staff): a moderator creates and sees invites of role user only, as the API rules. */
export function InvitesPage() {
  const admin = useSession()?.user.role === 'admin';
  const [copied, setCopied] = useState<string | null>(null);
  const invites = useQuery(InvitesPageInvites);
  const create = useAction((input: InviteInput) => request(InvitesPageCreateInvite, { input }));
  const remove = useAction((code: string) => request(InvitesPageDeleteInvite, { code }));
  const copy = async (code: string) => {
    await navigator.clipboard?.writeText(inviteLink(code)).catch(() => undefined);
    setCopied(code);
  };
  return (
    <>
      <h1>Invites</h1>
      <Problem error={invites.error} />
      <table data-testid="invites">
        <thead><tr><th>Role</th><th>Uses</th><th>Expires</th><th>Link</th><th /></tr></thead>
        <tbody>
          {invites.data?.invites?.map((invite) => (
            <tr key={invite.code}>
              <td>{invite.role}</td>
              <td>{invite.uses} / {invite.max_uses}</td>
              <td>{invite.expires_at ? new Date(invite.expires_at).toLocaleString() : 'never'}</td>
              <td>
                <button type="button" class="outline" onClick={() => copy(invite.code)}>{copied === invite.code ? 'Copied' : 'Copy link'}</button>
              </td>
              <td>
                <ConfirmButton label="Delete" accessibleName={`Delete invite ${invite.code}`} question={`Delete invite ${invite.code}?`}
                  consequence="Its link stops working at once; accounts it has already made stay."
                  action={{ ...remove, run: () => remove.run(invite.code) }} onDone={() => invites.reload()} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Problem error={remove.error} />
      <h2>New invite</h2>
      <form class="row" onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget as HTMLFormElement);
        const hours = Number(form.get('expires_in_h'));
        const made = await create.run({ role: String(form.get('role')), max_uses: Number(form.get('max_uses')), ...(hours > 0 ? { expires_in_s: hours * 3600 } : {}) });
        if (made?.createInvite) {
          invites.reload();
          await copy(made.createInvite.code);
        }
      }}>
        <Field label="Role" path="role" error={create.error}>
          <select name="role">
            <option value="user">user</option>
            {admin && <option value="moderator">moderator</option>}
            {admin && <option value="admin">admin</option>}
          </select>
        </Field>
        <Field label="Uses" path="max_uses" error={create.error}><input name="max_uses" type="number" min={1} max={10000} value="1" /></Field>
        <Field label="Expires in (hours, 0 = never)" path="expires_in_s" error={create.error}><input name="expires_in_h" type="number" min={0} value="72" /></Field>
        <button type="submit" aria-busy={create.busy}>Create and copy link</button>
      </form>
      <Problem error={create.error} />
    </>
  );
}
