import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { useQuery } from '../api/hooks';
import { graphql } from '../api/generated';
import { Pager, usePage } from '../components/pager';
import { TableScroll } from '../components/table-scroll';
import { Problem } from '../components/problem';

const UsersPageUsers = graphql(`query UsersPageUsers ($search: String, $limit: Int, $offset: Int) {
  users(search: $search, limit: $limit, offset: $offset) { ...UserFields frozen }
  usersTotal(search: $search)
}`);

/** Users (staff), newest first: search by username, email or id. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const page = usePage(50);
  const users = useQuery(UsersPageUsers, { search: search || null, limit: page.size, offset: page.offset });
  const rows = users.data?.users ?? [];
  return (
    <>
      <div class="page-head">
        <h1>Users</h1>
        <input type="search" placeholder="Search username, email or id" aria-label="Search users" value={search}
          onInput={(e) => { setSearch(e.currentTarget.value); page.first(); }} />
      </div>
      <p class="muted">New users join through an <Link href="/invites">invite</Link>.</p>
      <Problem error={users.error} />
      <TableScroll label="Users">
        <table>
          <thead><tr><th>Username</th><th>Email</th><th>Role</th><th>Active</th><th>Joined</th></tr></thead>
          <tbody>
            {rows.map((user) => (
              <tr key={user.id}>
                <td><Link href={`/users/${user.id}`}>{user.username}</Link>{user.frozen && <> <span class="chip frozen-chip" data-testid="frozen-marker">frozen</span></>}</td>
                <td>{user.email}</td><td>{user.role}</td><td>{user.is_active ? 'yes' : 'no'}</td>
                <td>{new Date(user.created_at).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {users.data?.usersTotal === 0 && <p class="muted">No users{search ? ` match "${search}"` : ''}.</p>}
      <Pager page={page} shown={rows.length} total={users.data?.usersTotal} noun="users" current={users.current} />
    </>
  );
}
