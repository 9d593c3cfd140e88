import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { useQuery } from '../api/hooks';
import { graphql } from '../api/generated';
import { Problem } from '../components/problem';

const UsersPageUsers = graphql(`query UsersPageUsers ($search: String) { users(search: $search, limit: 200) { ...UserFields } }`);

/** Users (staff): search by username, email or id. */
export function UsersPage() {
  const [search, setSearch] = useState('');
  const users = useQuery(UsersPageUsers, { search: search || null });
  return (
    <>
      <h1>Users</h1>
      <input type="search" placeholder="Search username, email or id" aria-label="Search users" value={search} onInput={(e) => setSearch(e.currentTarget.value)} />
      <Problem error={users.error} />
      <table>
        <thead><tr><th>Username</th><th>Email</th><th>Role</th><th>Active</th></tr></thead>
        <tbody>
          {users.data?.users?.map((user) => (
            <tr key={user.id}>
              <td><Link href={`/users/${user.id}`}>{user.username}</Link></td>
              <td>{user.email}</td><td>{user.role}</td><td>{user.is_active ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
