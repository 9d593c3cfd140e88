import anyTest, { type TestFn } from 'ava';
import * as OTPAuth from 'otpauth';
import { createTestApi, PASSWORD, type TestApi } from '../helpers/api';
import { gql } from '../helpers/graphql';

// SPEC §2.12 "Two-factor sign-in for staff", with an injected clock: a new 30-second step comes when
// the test moves the clock, never after a sleep. Codes are computed here, as an authenticator app would.
let now = Date.parse('2026-12-01T10:00:00.000Z');
interface Context { api: TestApi; required: TestApi }
const test = anyTest as TestFn<Context>;
test.before(async (t) => {
  t.context = {
    api: await createTestApi({}, { clock: () => now }),
    required: await createTestApi({ STAFF_2FA_REQUIRED: 'true' }, { clock: () => now }),
  };
});
test.after.always(async (t) => {
  await t.context.api?.close();
  await t.context.required?.close();
});

const codeAt = (secret: string, at = now) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });
const nextStep = () => {
  now += 30_000;
};
let n = 0;

/** A new account with two-factor sign-in on: its secret and recovery codes. */
async function enrolled(api: TestApi, role: 'moderator' | 'user' = 'moderator') {
  const user = await api.createUser(role, `tf_${process.pid}_${(n += 1)}`);
  const setup = await api.request('POST', '/api/auth/2fa/setup', { token: user.token });
  const confirmed = await api.request('POST', '/api/auth/2fa/confirm', { token: user.token, body: { code: codeAt(setup.body.secret) } });
  nextStep();
  return { ...user, secret: setup.body.secret as string, recoveryCodes: confirmed.body.recovery_codes as string[] };
}
const login = (api: TestApi, email: string, password = PASSWORD) => api.request('POST', '/api/auth/login', { body: { email, password } });
const secondStep = (api: TestApi, challenge: string, code: string) => api.request('POST', '/api/auth/login/2fa', { body: { challenge, code } });

test.serial('enrolment: a secret as an otpauth URI and a QR image; a right code turns it on and answers ten recovery codes, once; audited', async (t) => {
  const { api } = t.context;
  const user = await api.createUser('moderator', `tf_${process.pid}_${(n += 1)}`);
  const setup = await api.request('POST', '/api/auth/2fa/setup', { token: user.token });
  t.is(setup.status, 200);
  t.regex(setup.body.otpauth_uri, /^otpauth:\/\/totp\/Reservation%20console:.+\?.*secret=[A-Z2-7]+/);
  t.true(setup.body.otpauth_uri.includes(`secret=${setup.body.secret}`));
  t.regex(setup.body.qr_image, /^data:image\/png;base64,/);
  t.false((await api.request('GET', '/api/auth/me', { token: user.token })).body.two_factor_enabled, 'not on before a code confirms it');

  const wrong = await api.request('POST', '/api/auth/2fa/confirm', { token: user.token, body: { code: '000000' === codeAt(setup.body.secret) ? '111111' : '000000' } });
  t.is(wrong.status, 400);
  t.is(wrong.body.errors[0].path, 'code');
  const confirmed = await api.request('POST', '/api/auth/2fa/confirm', { token: user.token, body: { code: codeAt(setup.body.secret) } });
  t.is(confirmed.status, 200);
  t.is(confirmed.body.recovery_codes.length, 10);
  t.is(new Set(confirmed.body.recovery_codes).size, 10);
  for (const code of confirmed.body.recovery_codes) t.regex(code, /^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
  t.true((await api.request('GET', '/api/auth/me', { token: user.token })).body.two_factor_enabled);
  t.is((await api.request('POST', '/api/auth/2fa/setup', { token: user.token })).status, 409, 'on already: turn it off to enrol again');
  const stored = await api.database.db('recovery_codes').where({ user_id: user.id }).select('code_hash');
  t.false(stored.some((row: { code_hash: string }) => confirmed.body.recovery_codes.some((code: string) => row.code_hash.includes(code.replace(/-/g, '')))), 'kept only as hashes');
  const audit = (await api.request('GET', `/api/audit?action=user.two_factor_on&target_id=${user.id}`, { token: api.users.admin.token })).body;
  t.is(audit.length, 1);
  t.false(JSON.stringify(audit).includes(setup.body.secret), 'the secret is never audited');
});

test.serial('login answers a challenge and no token; a current code signs in once; the same code again is refused', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const first = await login(api, user.email);
  t.is(first.status, 200);
  t.like(first.body, { two_factor_required: true, expires_in: 300 });
  t.is(first.body.access_token, undefined, 'no token before the second factor');
  const code = codeAt(user.secret);
  const signedIn = await secondStep(api, first.body.challenge, code);
  t.is(signedIn.status, 200);
  t.like(signedIn.body, { token_type: 'Bearer', user: { id: user.id, two_factor_enabled: true } });
  t.is((await api.request('GET', '/api/auth/me', { token: signedIn.body.access_token })).status, 200);
  t.is((await secondStep(api, first.body.challenge, code)).status, 401, 'the challenge is used up');

  const again = await login(api, user.email);
  const replayed = await secondStep(api, again.body.challenge, code);
  t.is(replayed.status, 401, 'a TOTP code is accepted once');
  nextStep();
  t.is((await secondStep(api, again.body.challenge, codeAt(user.secret))).status, 200, 'the next step\'s code works');
  t.is((await secondStep(api, 'x'.repeat(32), codeAt(user.secret))).status, 401, 'an unknown challenge');
});

test.serial('a challenge takes five wrong codes, then a new sign-in is needed; it lives five minutes', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const challenge = (await login(api, user.email)).body.challenge;
  const wrong = codeAt(user.secret) === '123456' ? '654321' : '123456';
  for (let i = 1; i <= 4; i += 1) t.regex((await secondStep(api, challenge, wrong)).body.detail, /wrong code/);
  t.regex((await secondStep(api, challenge, wrong)).body.detail, /too many wrong codes: sign in again/);
  t.is((await secondStep(api, challenge, codeAt(user.secret))).status, 401, 'dead after the fifth');

  const later = (await login(api, user.email)).body.challenge;
  t.true((await api.redis.redis.ttl(`2fa:challenge:${later}`)) <= 300);
  await api.redis.redis.del(`2fa:challenge:${later}`); // what its expiry does
  t.regex((await secondStep(api, later, codeAt(user.secret))).body.detail, /unknown or has expired/);
});

test.serial('brute force is bounded like password login: wrong codes count as failed logins (429 past ten)', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const wrong = () => (codeAt(user.secret) === '123456' ? '654321' : '123456');
  const statuses: number[] = [];
  for (let round = 0; round < 3 && !statuses.includes(429); round += 1) {
    const reply = await login(api, user.email);
    if (reply.status === 429) statuses.push(429);
    for (let i = 0; i < 5 && reply.status === 200; i += 1) statuses.push((await secondStep(api, reply.body.challenge, wrong())).status);
  }
  t.true(statuses.includes(429), JSON.stringify(statuses));
  t.true(statuses.indexOf(429) <= 10, `429 within ten failures: ${JSON.stringify(statuses)}`);
});

test.serial('a recovery code signs in once; turning it off takes a code; then login answers a token again', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api, 'user');
  const recovery = user.recoveryCodes[0]!;
  const signedIn = await secondStep(api, (await login(api, user.email)).body.challenge, recovery.toUpperCase());
  t.is(signedIn.status, 200, 'case and dashes do not matter');
  t.is((await secondStep(api, (await login(api, user.email)).body.challenge, recovery)).status, 401, 'single use');

  const token = signedIn.body.access_token;
  t.is((await api.request('DELETE', '/api/auth/2fa', { token, body: { code: '000001' } })).status, 400);
  t.is((await api.request('DELETE', '/api/auth/2fa', { token, body: { code: user.recoveryCodes[1] } })).status, 204);
  t.false((await api.request('GET', '/api/auth/me', { token })).body.two_factor_enabled);
  const plain = await login(api, user.email);
  t.truthy(plain.body.access_token);
  t.is(plain.body.two_factor_required, undefined, 'REST: the token reply as before');
  t.deepEqual(await api.database.db('recovery_codes').where({ user_id: user.id }).select('id'), [], 'the recovery codes went with it');
});

test.serial('GraphQL: login answers the challenge, loginTwoFactor the token', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const first = await gql(api, `mutation { login(input: { email: "${user.email}", password: "${PASSWORD}" }) { two_factor_required challenge access_token } }`);
  t.like(first.body.data.login, { two_factor_required: true, access_token: null });
  const second = await gql(api, `mutation { loginTwoFactor(input: { challenge: "${first.body.data.login.challenge}", code: "${codeAt(user.secret)}" }) { access_token user { id two_factor_enabled } } }`);
  t.like(second.body.data.loginTwoFactor, { user: { id: user.id, two_factor_enabled: true } });
  const plain = await gql(api, `mutation { login(input: { email: "${api.users.other.email}", password: "${PASSWORD}" }) { two_factor_required access_token } }`);
  t.is(plain.body.data.login.two_factor_required, false);
  t.truthy(plain.body.data.login.access_token);
});

test.serial('STAFF_2FA_REQUIRED: staff without it may only enrol; once on, everything opens; players are not concerned', async (t) => {
  const { required: api } = t.context;
  const moderator = await api.createUser('moderator', `req_${process.pid}_${(n += 1)}`);
  const refused = await api.request('GET', '/api/games', { token: moderator.token });
  t.is(refused.status, 403);
  t.regex(refused.body.detail, /two-factor sign-in is required for staff: enrol first/);
  t.is((await gql(api, '{ games { id } }', { token: moderator.token })).body.errors[0].extensions.code, 'FORBIDDEN');
  t.is((await api.request('GET', '/api/auth/me', { token: moderator.token })).status, 200);
  t.is((await api.request('GET', '/api/games', { token: api.users.user.token })).status, 200, 'a player is not staff');

  const setup = await api.request('POST', '/api/auth/2fa/setup', { token: moderator.token });
  t.is(setup.status, 200);
  t.is((await api.request('POST', '/api/auth/2fa/confirm', { token: moderator.token, body: { code: codeAt(setup.body.secret) } })).status, 200);
  t.is((await api.request('GET', '/api/games', { token: moderator.token })).status, 200, 'enrolled: the same token works at once');
});

test.serial('a challenge\'s codes race: nine codes sent at once are five tries at most, and one sign-in at most (review item 10)', async (t) => {
  const { api } = t.context;
  for (let round = 0; round < 3; round += 1) {
    const user = await enrolled(api);
    const challenge = (await login(api, user.email)).body.challenge as string;
    // Nine right recovery codes at once: each one checked is used up, so what is left tells how many were checked.
    const replies = await Promise.all(user.recoveryCodes.slice(0, 9).map((code) => secondStep(api, challenge, code)));
    t.is(replies.filter((r) => r.status === 200).length, 1, JSON.stringify(replies.map((r) => r.body.detail ?? r.status)));
    t.true((await api.services.twoFactor.recoveryCodesLeft(user.id)).left >= 5, 'no more than five codes of one challenge were checked');
    nextStep();
  }
  // Five wrong codes first, then the right one: the sixth code is refused without a check.
  const user = await enrolled(api);
  const challenge = (await login(api, user.email)).body.challenge as string;
  const right = codeAt(user.secret);
  const wrong = right === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i += 1) t.is((await secondStep(api, challenge, wrong)).status, 401);
  const sixth = await secondStep(api, challenge, right);
  t.is(sixth.status, 401);
  nextStep();
});

test.serial('a challenge is closed by its first success: a second right code on it is 401 (review item 10)', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const challenge = (await login(api, user.email)).body.challenge as string;
  const [first, second] = await Promise.all([secondStep(api, challenge, codeAt(user.secret)), secondStep(api, challenge, user.recoveryCodes[0]!)]);
  t.deepEqual([first.status, second.status].sort(), [200, 401], 'two right codes at once: one sign-in');
  const again = await secondStep(api, challenge, user.recoveryCodes[1]!);
  t.is(again.status, 401);
  nextStep();
});

test.serial('wrong codes on DELETE /api/auth/2fa count as failed logins: the eleventh within the window is 429', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const right = codeAt(user.secret);
  const wrong = right === '000000' ? '111111' : '000000';
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1) statuses.push((await api.request('DELETE', '/api/auth/2fa', { token: user.token, body: { code: wrong } })).status);
  t.is(statuses.at(-1), 429, JSON.stringify(statuses));
  t.true(statuses.slice(0, 10).every((status) => status === 400));
  t.true((await api.request('GET', '/api/auth/me', { token: user.token })).body.two_factor_enabled, 'still on');
});

test.serial('recovery codes: how many are left; a used one is told apart from a wrong one; renewed for a current code, the old ones stop working; audited without them', async (t) => {
  const { api } = t.context;
  const user = await enrolled(api);
  const left = async () => (await api.request('GET', '/api/auth/2fa/recovery-codes', { token: user.token })).body.left;
  t.is(await left(), 10);

  // Sign in with one: nine left; the same one again is "used already", not "wrong".
  const first = (await login(api, user.email)).body.challenge as string;
  t.is((await secondStep(api, first, user.recoveryCodes[0]!)).status, 200);
  t.is(await left(), 9);
  const again = await secondStep(api, (await login(api, user.email)).body.challenge as string, user.recoveryCodes[0]!);
  t.is(again.status, 401);
  t.regex(again.body.detail, /this recovery code was used already/);
  const wrong = await secondStep(api, (await login(api, user.email)).body.challenge as string, 'aaaa-bbbb-cccc-dddd');
  t.is(wrong.body.detail, 'wrong code');
  const offWithUsed = await api.request('DELETE', '/api/auth/2fa', { token: user.token, body: { code: user.recoveryCodes[0] } });
  t.is(offWithUsed.status, 400);
  t.like(offWithUsed.body.errors[0], { path: 'code', message: 'is a recovery code used already: each works once; take another' });

  // Renewal: a wrong code changes nothing; a current code answers ten new ones and the old stop working.
  t.is((await api.request('POST', '/api/auth/2fa/recovery-codes', { token: user.token, body: { code: 'aaaa-bbbb-cccc-dddd' } })).status, 400);
  t.is(await left(), 9);
  const renewed = await api.request('POST', '/api/auth/2fa/recovery-codes', { token: user.token, body: { code: codeAt(user.secret) } });
  nextStep();
  t.is(renewed.status, 200);
  t.is(renewed.body.recovery_codes.length, 10);
  t.is(await left(), 10);
  t.is((await secondStep(api, (await login(api, user.email)).body.challenge as string, user.recoveryCodes[1]!)).status, 401, 'an old code no longer signs in');
  t.is((await secondStep(api, (await login(api, user.email)).body.challenge as string, renewed.body.recovery_codes[0])).status, 200, 'a new one does');
  const audit = await api.database.db('audit_log').where({ action: 'user.recovery_codes_renewed', target_id: user.id });
  t.is(audit.length, 1);
  t.false(JSON.stringify(audit).includes(renewed.body.recovery_codes[0].slice(0, 4) + '-' + renewed.body.recovery_codes[0].slice(5, 9)), 'no code in the audit');

  // GraphQL alike; and with two-factor off there is nothing to renew.
  t.is((await gql(api, 'query { recoveryCodesLeft { left } }', { token: user.token })).body.data.recoveryCodesLeft.left, 9);
  const plain = await api.createUser('user', `tf_${process.pid}_${(n += 1)}`);
  t.is((await api.request('POST', '/api/auth/2fa/recovery-codes', { token: plain.token, body: { code: '123456' } })).status, 409);
  t.is((await api.request('GET', '/api/auth/2fa/recovery-codes', { token: plain.token })).body.left, 0);
});
