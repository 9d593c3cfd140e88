import { graphql } from './generated';
import type { GameFieldsFragment, UserFieldsFragment } from './generated/graphql';

/** The fields of a game and of a user that several pages read (spread as `...GameFields`, `...UserFields`). */
graphql(`fragment GameFields on Game { id name slug description image_url is_active modules { key name } }`);
graphql(`fragment UserFields on User { id email username role is_active game_scope created_at }`);

export type Game = GameFieldsFragment;
export type User = UserFieldsFragment;
