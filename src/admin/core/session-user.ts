import type { Role } from './roles';

/** What clients see of a user, never the password hash: the signed-in user on every request, too. */
export interface PublicUser {
  id: number;
  email: string;
  username: string;
  role: Role;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

/** The user a request is made by (the access guard sets it). */
export type SessionUser = PublicUser;
