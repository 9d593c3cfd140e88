import { endpoint, gone, made, one, page, paged } from '../http/endpoint';
import { createLanguageSchema, updateLanguageSchema } from './languages-service';
import { languageReply } from './languages-replies';

const LANGUAGE = '/api/languages/{id}';

/** Languages that notifications are written in. */
export const languagesEndpoints = [
  endpoint({
    method: 'get', path: '/api/languages', tag: 'languages', summary: 'Languages', access: 'any', query: { page: page() }, ok: paged(languageReply),
    graphql: { type: 'Query', field: 'languages', total: 'languagesTotal' },
    handle: (_, { languages }) => languages.list(),
  }),
  endpoint({
    method: 'get', path: LANGUAGE, tag: 'languages', summary: 'A language', access: 'any', ok: one(languageReply),
    graphql: { type: 'Query', field: 'language' },
    handle: ({ params }, { languages }) => languages.get(params.id),
  }),
  endpoint({
    method: 'post', path: '/api/languages', tag: 'languages', summary: 'Create a language', access: 'staff', game: 'none',
    body: createLanguageSchema, ok: made(languageReply), errors: [409],
    graphql: { type: 'Mutation', field: 'createLanguage' },
    handle: ({ actor, body }, { languages }) => languages.create(actor, body),
    location: { path: LANGUAGE, params: (language) => ({ id: language.id }) },
  }),
  endpoint({
    method: 'put', path: LANGUAGE, tag: 'languages', summary: 'Change a language', access: 'staff', game: 'none',
    body: updateLanguageSchema, ok: one(languageReply), errors: [409],
    graphql: { type: 'Mutation', field: 'updateLanguage' },
    handle: ({ actor, params, body }, { languages }) => languages.update(actor, params.id, body),
  }),
  endpoint({
    method: 'delete', path: LANGUAGE, tag: 'languages', summary: 'Delete a language no notification uses', access: 'staff', game: 'none', ok: gone, errors: [409],
    graphql: { type: 'Mutation', field: 'deleteLanguage' },
    handle: ({ actor, params }, { languages }) => languages.remove(actor, params.id),
  }),
];
