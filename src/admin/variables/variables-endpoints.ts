import { endpoint, list, one, page, type GraphqlRequest } from '../http/endpoint';
import { gameItemsEndpoints } from '../http/game-items';
import { configOverridesHeader, matchesEtag, type ConfigDocument } from './config-document';
import { rollbackSchema } from './config-history-service';
import { variableSchema } from './variable-rules';
import { configVersionDetailReply, configVersionReply, rollbackReply } from './config-history-replies';
import { configDocumentReply, variableReply } from './variables-replies';


/**
 * The config document as GraphQL serves it: the same ETag and JSON as REST. The JSON is parsed only
 * when `document` is asked for, and once per request for each document (its ETag names its content),
 * however many aliases ask.
 */
export const configReply = (document: ConfigDocument, request: GraphqlRequest) => ({
  etag: document.etag,
  overrides: [...document.overrides],
  document: () => request.once(`parsed config ${document.etag}`, async () => JSON.parse(document.body) as unknown),
});

/** Module variables: a game's typed variables, its config document and the document's versions. */
export const variablesEndpoints = [
  ...gameItemsEndpoints({
    items: 'variables', item: 'variable', param: 'var_id', tag: 'variables', module: 'variables', readAccess: 'staff', reply: variableReply, errors: [409],
    summaries: { list: 'A game\'s variables', one: 'A variable', remove: 'Delete a variable' },
    create: { body: variableSchema, summary: 'Create a variable' },
    change: { verb: 'replace', body: variableSchema, summary: 'Replace a variable (its type may change)' },
    service: ({ variables }) => variables,
  }),
  endpoint({
    method: 'get', path: '/api/games/{id}/config', tag: 'variables', summary: 'The game\'s variables as one JSON object (the config document)',
    access: 'any', module: 'variables', ok: one(configDocumentReply),
    headers: [{ name: 'If-None-Match', schema: { type: 'string' }, description: 'an ETag from an earlier reply: 304 while it is current' }],
    extraResponses: { 304: { description: 'The document has not changed since the ETag given.' } },
    handle: ({ params }, { variables }) => variables.configDocument(params.id),
    graphql: { type: 'Query', field: 'config', params: { id: 'game_id' }, once: true, reply: configReply, returns: 'ConfigDocument' },
    description: 'While timed overrides are live their values are merged in, under an ETag of their own, and `Config-Overrides` names them.',
    respond: (document, reply) => {
      reply.set('ETag', document.etag);
      reply.set('Cache-Control', 'no-cache');
      if (document.overrides.length > 0) reply.set('Config-Overrides', configOverridesHeader(document.overrides));
      if (matchesEtag(reply.header('if-none-match'), document.etag)) return reply.status(304);
      reply.body(document.body, 'application/json');
    },
  }),
  endpoint({
    method: 'get', path: '/api/games/{id}/config/versions', tag: 'variables', summary: 'The config\'s versions, newest first', access: 'staff', module: 'variables',
    query: { page: page({ defaultLimit: 100, maxLimit: 1000 }) }, ok: list(configVersionReply),
    description: 'Every change of the variables (create, update, delete, rollback) is a version; the last 300 are kept.',
    graphql: { type: 'Query', field: 'configVersions', params: { id: 'game_id' } },
    handle: ({ params, query }, { configHistory }) => configHistory.list(params.id, query.page),
  }),
  endpoint({
    method: 'get', path: '/api/games/{id}/config/versions/{version}', tag: 'variables', summary: 'One version: its document and variables', access: 'staff', module: 'variables',
    ok: one(configVersionDetailReply),
    graphql: { type: 'Query', field: 'configVersion', params: { id: 'game_id' }, once: true },
    handle: ({ params }, { configHistory }) => configHistory.get(params.id, params.version),
  }),
  endpoint({
    method: 'post', path: '/api/games/{id}/config/rollback', tag: 'variables', summary: 'Roll the variables back to a version', access: 'staff', module: 'variables',
    body: rollbackSchema, ok: one(rollbackReply), errors: [409],
    description: 'In one transaction, as a new version with change `rollback`; the config document follows at once under a new ETag.',
    graphql: { type: 'Mutation', field: 'rollbackConfig', params: { id: 'game_id' }, cost: 50000 },
    handle: ({ actor, params, body }, { configHistory }) => configHistory.rollback(actor, params.id, body),
  }),
];
