import anyTest, { type TestFn } from 'ava';
import { createTestApi, type TestApi } from '../helpers/api';
import { errorCodes, gql } from '../helpers/graphql';

const test = anyTest as TestFn<{ api: TestApi }>;
test.before(async (t) => {
  t.context.api = await createTestApi();
});
test.after.always((t) => t.context.api?.close());

const QUERY = '{ syncStatus { outbox_entries outbox_pending partitions_with_entries oldest_age_ms queue { state count } checked_at } }';

test('syncStatus shows staff the outbox backlog the engine wrote and no worker applied yet', async (t) => {
  const { api } = t.context;
  t.deepEqual(errorCodes(await gql(api, QUERY)), ['UNAUTHORIZED']);
  t.deepEqual(errorCodes(await gql(api, QUERY, { token: api.users.user.token })), ['FORBIDDEN']);

  const before = (await gql(api, QUERY, { token: api.users.moderator.token })).body.data.syncStatus;
  const wallet = api.engine.newWallet();
  await api.engine.fund(wallet, 100);
  await api.engine.fund({ ...wallet, currency: 'USD' }, 100);
  const reply = await gql(api, QUERY, { token: api.users.admin.token });
  t.deepEqual(reply.body.errors, undefined);
  const status = reply.body.data.syncStatus;
  t.is(status.outbox_entries, before.outbox_entries + 2);
  t.true(status.partitions_with_entries >= 1);
  t.true(status.oldest_age_ms >= 0);
  t.is(status.queue, null, 'the test API has no queue connection');
  t.true(Date.parse(status.checked_at) > Date.now() - 60_000);
});
