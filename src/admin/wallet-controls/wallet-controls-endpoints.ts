import { userGamesGame } from '../http/game-scope';
import { endpoint, gone, list, one } from '../http/endpoint';
import { freezeSchema, limitsSchema } from './wallet-controls-service';
import { freezeReply, walletFreezeReply, walletLimitsReply } from './wallet-controls-replies';

const USER_FREEZE = '/api/users/{id}/freeze';
const USER_GAME = '/api/user-games/{ug_id}';
const USER_GAME_ARGS = { ug_id: 'user_game_id' };

/** Freezes and responsible-gaming limits (SPEC §1.11): what the Reserve script checks at bet time. */
export const walletControlsEndpoints = [
  endpoint({
    method: 'get', path: USER_FREEZE, tag: 'wallet controls', summary: 'Whether a user is frozen', access: 'self', ok: one(freezeReply),
    description: 'The user themself or staff.',
    graphql: { type: 'Query', field: 'userFreeze', params: { id: 'user_id' } },
    handle: ({ caller, params }, { walletControls }) => walletControls.userFreeze(caller, params.id),
  }),
  endpoint({
    method: 'post', path: USER_FREEZE, tag: 'wallet controls', summary: 'Freeze every wallet of a user', access: 'admin',
    body: freezeSchema, ok: one(freezeReply),
    description: 'Every Reserve that starts after this reply is `rejected` with reason `frozen`; Confirm, Cancel and expiry of earlier reservations and top-ups keep working.',
    graphql: { type: 'Mutation', field: 'freezeUser', params: { id: 'user_id' } },
    handle: ({ actor, params, body }, { walletControls }) => walletControls.freezeUser(actor, params.id, body),
  }),
  endpoint({
    method: 'delete', path: USER_FREEZE, tag: 'wallet controls', summary: 'Unfreeze a user', access: 'admin', ok: gone,
    graphql: { type: 'Mutation', field: 'unfreezeUser', params: { id: 'user_id' } },
    handle: ({ actor, params }, { walletControls }) => walletControls.unfreezeUser(actor, params.id),
  }),
  endpoint({
    method: 'get', path: `${USER_GAME}/freeze`, tag: 'wallet controls', summary: 'What freezes a user-game: its user, itself', access: 'self', game: userGamesGame, ok: one(walletFreezeReply),
    graphql: { type: 'Query', field: 'userGameFreeze', params: USER_GAME_ARGS },
    handle: ({ caller, params }, { walletControls }) => walletControls.userGameFreeze(caller, params.ug_id),
  }),
  endpoint({
    method: 'post', path: `${USER_GAME}/freeze`, tag: 'wallet controls', summary: 'Freeze every currency of one user-game', access: 'admin',
    body: freezeSchema, ok: one(walletFreezeReply),
    graphql: { type: 'Mutation', field: 'freezeUserGame', params: USER_GAME_ARGS },
    handle: ({ actor, params, body }, { walletControls }) => walletControls.freezeUserGame(actor, params.ug_id, body),
  }),
  endpoint({
    method: 'delete', path: `${USER_GAME}/freeze`, tag: 'wallet controls', summary: 'Unfreeze a user-game', access: 'admin', ok: gone,
    graphql: { type: 'Mutation', field: 'unfreezeUserGame', params: USER_GAME_ARGS },
    handle: ({ actor, params }, { walletControls }) => walletControls.unfreezeUserGame(actor, params.ug_id),
  }),
  endpoint({
    method: 'get', path: `${USER_GAME}/limits`, tag: 'wallet controls', summary: 'A user-game\'s limits per currency, and their net loss so far', access: 'self', game: userGamesGame, ok: list(walletLimitsReply),
    graphql: { type: 'Query', field: 'walletLimits', params: USER_GAME_ARGS },
    handle: ({ caller, params }, { walletControls }) => walletControls.limits(caller, params.ug_id),
  }),
  endpoint({
    method: 'put', path: `${USER_GAME}/limits`, tag: 'wallet controls', summary: 'Set one currency\'s max_bet and loss limit', access: 'staff', game: userGamesGame,
    body: limitsSchema, ok: one(walletLimitsReply),
    description: 'A null (or absent) value removes that limit. A decrease applies at once; an increase, a removal or another loss_period only after LIMIT_RAISE_DELAY_S (it shows as `pending`), and a decrease cancels a pending increase.',
    graphql: { type: 'Mutation', field: 'setWalletLimits', params: USER_GAME_ARGS },
    handle: ({ actor, params, body }, { walletControls }) => walletControls.setLimits(actor, params.ug_id, body),
  }),
];
