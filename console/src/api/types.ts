/** The shapes the console reads (GraphQL fields of the same names as REST). */
export interface Module {
  readonly key: string;
  readonly name: string;
}
export interface Game {
  readonly id: number;
  readonly name: string;
  readonly slug: string;
  readonly description: string;
  readonly image_url: string;
  readonly is_active: boolean;
  readonly modules: readonly Module[];
}
export const GAME_FIELDS = 'id name slug description image_url is_active modules { key name }';

export interface User {
  readonly id: number;
  readonly email: string;
  readonly username: string;
  readonly role: 'user' | 'moderator' | 'admin';
  readonly is_active: boolean;
  readonly created_at: string;
}
export const USER_FIELDS = 'id email username role is_active created_at';
