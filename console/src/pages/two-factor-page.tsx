import { useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { session } from '../api/session';
import { Field, FormErrors, Problem } from '../components/problem';

const TwoFactorMe = graphql(`query TwoFactorMe { me { ...SessionUserFields } }`);
const TwoFactorSetup = graphql(`mutation TwoFactorSetup { setupTwoFactor { secret otpauth_uri qr_image } }`);
const TwoFactorConfirm = graphql(`mutation TwoFactorConfirm ($input: CodeInput!) { confirmTwoFactor(input: $input) { recovery_codes } }`);
const TwoFactorDisable = graphql(`mutation TwoFactorDisable ($input: CodeInput!) { disableTwoFactor(input: $input) }`);

/**
 * Two-factor sign-in for the signed-in user (SPEC §2.12): enrol (a QR code for the authenticator app,
 * the secret for typing, then a code to confirm), the ten recovery codes shown once, and turning it
 * off with a code. Staff may have to enrol before anything else (STAFF_2FA_REQUIRED).
 */
export function TwoFactorPage() {
  const me = useQuery(TwoFactorMe);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauth_uri: string; qr_image: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = useAction(() => request(TwoFactorSetup));
  const confirm = useAction((code: string) => request(TwoFactorConfirm, { input: { code } }));
  const disable = useAction((code: string) => request(TwoFactorDisable, { input: { code } }));
  const user = me.data?.me;
  /** The session's user follows the change, so the banner asking staff to enrol goes at once. */
  const refreshSession = async () => {
    const fresh = await request(TwoFactorMe);
    const token = session.token();
    if (token && fresh.me) session.signIn({ token, user: fresh.me });
    me.reload();
  };
  const codeOf = (event: Event) => String(new FormData(event.currentTarget as HTMLFormElement).get('code')).trim();
  return (
    <>
      <h1>Two-factor sign-in</h1>
      <Problem error={me.error} />
      {user && (
        <p data-testid="two-factor-state">{user.two_factor_enabled ? 'On: signing in asks for a code from your authenticator app.' : 'Off: signing in asks for your password only.'}</p>
      )}
      {recoveryCodes && (
        <article class="created" role="status" data-testid="recovery-codes">
          <p><strong>Two-factor sign-in is on.</strong> Keep these recovery codes somewhere safe: each signs you in once without the app. They are shown this once.</p>
          <ul class="codes">{recoveryCodes.map((code) => <li key={code}><code>{code}</code></li>)}</ul>
        </article>
      )}
      {user && !user.two_factor_enabled && !enrolment && (
        <>
          <p>Add a second step to your sign-in: a 6-digit code from an authenticator app (any app that reads TOTP QR codes).</p>
          <Problem error={setup.error} />
          <button type="button" aria-busy={setup.busy} onClick={async () => {
            const made = await setup.run();
            if (made?.setupTwoFactor) setEnrolment(made.setupTwoFactor);
          }}>Set up two-factor sign-in</button>
        </>
      )}
      {user && !user.two_factor_enabled && enrolment && (
        <section aria-labelledby="enrol">
          <h2 id="enrol">Scan, then confirm</h2>
          <img src={enrolment.qr_image} alt="QR code of your two-factor secret, for your authenticator app" width={240} height={240} />
          <p>Or type this secret into the app: <code data-testid="totp-secret">{enrolment.secret}</code></p>
          <FormErrors>
            <form class="row" aria-label="Confirm two-factor sign-in" onSubmit={async (event) => {
              event.preventDefault();
              const done = await confirm.run(codeOf(event));
              if (!done?.confirmTwoFactor) return;
              setRecoveryCodes(done.confirmTwoFactor.recovery_codes);
              setEnrolment(null);
              await refreshSession();
            }}>
              <Field label="Code from the app" path="code" error={confirm.error}>
                <input name="code" autocomplete="one-time-code" required />
              </Field>
              <button type="submit" aria-busy={confirm.busy}>Turn on</button>
            </form>
            <Problem error={confirm.error} />
          </FormErrors>
        </section>
      )}
      {user?.two_factor_enabled && (
        <section aria-labelledby="turn-off">
          <h2 id="turn-off">Turn off</h2>
          <FormErrors>
            <form class="row" aria-label="Turn two-factor sign-in off" onSubmit={async (event) => {
              event.preventDefault();
              if (await disable.run(codeOf(event))) {
                setRecoveryCodes(null);
                await refreshSession();
              }
            }}>
              <Field label="A current code or a recovery code" path="code" error={disable.error}>
                <input name="code" autocomplete="one-time-code" required />
              </Field>
              <button type="submit" class="secondary" aria-busy={disable.busy}>Turn off</button>
            </form>
            <Problem error={disable.error} />
          </FormErrors>
        </section>
      )}
    </>
  );
}
