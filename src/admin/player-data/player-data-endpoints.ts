import { Readable } from 'node:stream';
import { endpoint, one, type Endpoint } from '../http/endpoint';
import { DataExport, eraseSchema } from './player-data-service';
import { erasureReply } from './player-data-replies';

/** The export's reply: one JSON document (SPEC §2.14's parts). */
const EXPORT_OK = {
  status: 200,
  body: { type: 'object', description: 'user, two_factor, invite_used, games (each with wallets, scores, groups and its ledger), api_keys, invites, audit' },
  description: 'one JSON document, as a download (Content-Disposition); streamed',
} as const;

/** REST writes the document as it is read, as a download. */
const download: Endpoint['respond'] = (reply, response) => {
  const file = reply as DataExport;
  response.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  response.set('Cache-Control', 'no-store');
  // A download that ends before its first chunk was asked for never runs the chunks' own release.
  const body = Readable.from(file.chunks());
  body.once('close', file.release);
  response.body(body, 'application/json; charset=utf-8');
};

/** SPEC §2.14: a player's data, exported whole or erased (the books kept whole). */
export const playerDataEndpoints = [
  endpoint({
    method: 'get', path: '/api/users/{id}/export', tag: 'users', summary: 'Everything held about a user, as one JSON file', access: 'admin', game: 'none',
    ok: EXPORT_OK, errors: [429],
    description: 'One at a time per user (429 while one is being written). Profile and roles, the invite used, each game with its wallets (balances, limits, freezes), scores, groups and ledger moves, two-factor state (never a secret), the API keys and invites they created, and the audit entries where they act or are the target. Audited. GraphQL: `User.export_url`.',
    handle: ({ caller, actor, params }, { playerData }) => playerData.exportOf(caller, actor, params.id),
    respond: download,
  }),
  endpoint({
    method: 'get', path: '/api/me/export', tag: 'users', summary: 'Everything held about me, as one JSON file', access: 'any', ok: EXPORT_OK, errors: [429], lookup: false,
    description: 'As GET /api/users/{id}/export, for the signed-in user.',
    handle: ({ caller, actor }, { playerData }) => playerData.exportOf(caller, actor, caller.id),
    respond: download,
  }),
  endpoint({
    method: 'post', path: '/api/users/{id}/erase', tag: 'users', summary: 'Erase what identifies a user, keeping the books whole', access: 'admin', game: 'none',
    body: eraseSchema, ok: one(erasureReply), errors: [409],
    description: 'Refused (409) naming `reservations` while a wallet has open reservations and `balance` while one holds money (close it first). Email and username become `erased-<digest>`; password, sessions, second factor, scores and group memberships go; the API keys and invites they created stop working; ledger, transactions and audit entries stay. A repeat answers the same.',
    graphql: { type: 'Mutation', field: 'eraseUser' },
    handle: ({ actor, params, body }, { playerData }) => playerData.erase(actor, params.id, body),
  }),
];
