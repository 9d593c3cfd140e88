import test from 'ava';

// The console's words for the API's rule messages (console/src/format/admin-words.ts).
type AdminWords = typeof import('../../console/src/format/admin-words.js', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { inAdminWords, variableProblem } = require('../../console/src/format/admin-words') as AdminWords;

test('rule messages name fields and types as an admin does; unknown ones pass as written', (t) => {
  t.is(inAdminWords('must be a string of 1 to 64 characters'), 'must be filled in, 64 characters at most');
  t.is(inAdminWords('must be a string of 3 to 30 characters'), 'must be 3 to 30 characters long');
  t.is(inAdminWords('must be an ISO 8601 timestamp'), 'must be a date and time');
  t.is(inAdminWords('must be after starts_at'), 'must be after the start');
  t.is(inAdminWords('must be at least rank_from'), 'must be no less than the first rank');
  t.is(inAdminWords('is required'), 'is required');
});

test('GraphQL\'s refusal of a variable\'s value becomes a problem at its field', (t) => {
  t.deepEqual(variableProblem('Variable "$input" got invalid value Infinity at "input.items[0].number_value"; Float cannot represent non numeric value: Infinity'),
    { path: 'items[0].number_value', message: 'must be a number' });
  t.is(variableProblem('something else went wrong'), null);
});
