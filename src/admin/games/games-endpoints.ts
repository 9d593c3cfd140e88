import { endpoint, gone, made, one, page, paged, search } from '../http/endpoint';
import { createGameSchema, updateGameSchema } from './games-schemas';
import { gameReply } from './games-replies';

const GAME = '/api/games/{id}';

/** Games: the catalog every module hangs off. */
export const gamesEndpoints = [
  endpoint({
    method: 'get', path: '/api/games', tag: 'games', summary: 'Games, newest first', access: 'any',
    query: { search: search('name or slug'), page: page() }, ok: paged(gameReply),
    graphql: { type: 'Query', field: 'games', total: 'gamesTotal' },
    handle: ({ actor, query }, { games }) => games.list(actor, query.search),
  }),
  endpoint({
    method: 'get', path: GAME, tag: 'games', summary: 'A game', access: 'any', ok: one(gameReply),
    graphql: { type: 'Query', field: 'game' },
    handle: ({ params }, { games }) => games.get(params.id),
  }),
  endpoint({
    method: 'post', path: '/api/games', tag: 'games', summary: 'Create a game', access: 'staff', game: 'new',
    body: createGameSchema, ok: made(gameReply), errors: [409],
    description: '`name` and `slug` are required; the slug is unique.',
    graphql: { type: 'Mutation', field: 'createGame' },
    handle: ({ actor, body }, { games }) => games.create(actor, body),
    location: { path: GAME, params: (game) => ({ id: game.id }) },
  }),
  endpoint({
    method: 'put', path: GAME, tag: 'games', summary: 'Change a game (the fields given)', access: 'staff',
    body: updateGameSchema, ok: one(gameReply), errors: [409],
    graphql: { type: 'Mutation', field: 'updateGame' },
    handle: ({ actor, params, body }, { games }) => games.update(actor, params.id, body),
  }),
  endpoint({
    method: 'delete', path: GAME, tag: 'games', summary: 'Delete a game with its module data and connections (the ledger stays)', access: 'staff', ok: gone,
    graphql: { type: 'Mutation', field: 'deleteGame' },
    handle: ({ actor, params }, { games }) => games.remove(actor, params.id),
  }),
];
