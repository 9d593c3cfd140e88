import { useEffect, useState } from 'preact/hooks';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import { useAction, useQuery } from '../api/hooks';
import { session } from '../api/session';
import { Field, FormErrors, Problem } from '../components/problem';

const TwoFactorMe = graphql(`query TwoFactorMe { me { ...SessionUserFields } }`);
const TwoFactorSetup = graphql(`mutation TwoFactorSetup { setupTwoFactor { secret otpauth_uri qr_image } }`);
const TwoFactorConfirm = graphql(`mutation TwoFactorConfirm ($input: CodeInput!) { confirmTwoFactor(input: $input) { recovery_codes } }`);
const TwoFactorDisable = graphql(`mutation TwoFactorDisable ($input: CodeInput!) { disableTwoFactor(input: $input) }`);
const TwoFactorCodesLeft = graphql(`query TwoFactorCodesLeft { recoveryCodesLeft { left } }`);
const TwoFactorRenewCodes = graphql(`mutation TwoFactorRenewCodes ($input: CodeInput!) { renewRecoveryCodes(input: $input) { recovery_codes } }`);
/** At or below this many unused recovery codes, the page says to make new ones. */
const FEW_CODES = 3;

/**
 * Two-factor sign-in for the signed-in user (SPEC §2.12): enrol (a QR code for the authenticator app,
 * the secret for typing, then a code to confirm), the ten recovery codes shown once, and turning it
 * off with a code. Staff may have to enrol before anything else (STAFF_2FA_REQUIRED).
 */
export function TwoFactorPage() {
  const me = useQuery(TwoFactorMe);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauth_uri: string; qr_image: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; renewed: boolean } | null>(null);
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
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes.codes} renewed={recoveryCodes.renewed} />}
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
            <form noValidate class="row" aria-label="Confirm two-factor sign-in" onSubmit={async (event) => {
              event.preventDefault();
              const done = await confirm.run(codeOf(event));
              if (!done?.confirmTwoFactor) return;
              setRecoveryCodes({ codes: done.confirmTwoFactor.recovery_codes, renewed: false });
              setEnrolment(null);
              await refreshSession();
            }}>
              <Field label="Code from the app" path="code" error={confirm.error}>
                <input name="code" autocomplete="one-time-code" />
              </Field>
              <button type="submit" aria-busy={confirm.busy}>Turn on</button>
            </form>
            <Problem error={confirm.error} />
          </FormErrors>
        </section>
      )}
      {user?.two_factor_enabled && <RecoveryCodesLeft shown={recoveryCodes} onRenewed={(codes) => setRecoveryCodes({ codes, renewed: true })} />}
      {user?.two_factor_enabled && (
        <section aria-labelledby="turn-off">
          <h2 id="turn-off">Turn off</h2>
          <FormErrors>
            <form noValidate class="row" aria-label="Turn two-factor sign-in off" onSubmit={async (event) => {
              event.preventDefault();
              if (await disable.run(codeOf(event))) {
                setRecoveryCodes(null);
                await refreshSession();
              }
            }}>
              <Field label="A current code or a recovery code" path="code" error={disable.error}>
                <input name="code" autocomplete="one-time-code" />
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

/** Recovery codes, shown this once: copy them, or download them as a text file. */
function RecoveryCodes({ codes, renewed }: { codes: readonly string[]; renewed: boolean }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <article class="created" role="status" data-testid="recovery-codes">
      <p>
        <strong>{renewed ? 'New recovery codes: the old ones no longer work.' : 'Two-factor sign-in is on.'}</strong>{' '}
        Keep these recovery codes somewhere safe: each signs you in once without the app. They are shown this once.
      </p>
      <ul class="codes">{codes.map((code) => <li key={code}><code>{code}</code></li>)}</ul>
      <button type="button" class="outline" onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}>{copied ? 'Copied' : 'Copy codes'}</button>{' '}
      <button type="button" class="outline" onClick={download}>Download as a file</button>
    </article>
  );
}

/** How many recovery codes are left, and new ones for a current code (the old ones then stop working). */
function RecoveryCodesLeft({ shown, onRenewed }: { shown: unknown; onRenewed: (codes: string[]) => void }) {
  const left = useQuery(TwoFactorCodesLeft);
  const renew = useAction((code: string) => request(TwoFactorRenewCodes, { input: { code } }));
  const count = left.data?.recoveryCodesLeft?.left;
  // Codes just shown on this page (turned on, or renewed) are counted again.
  useEffect(() => left.reload(), [shown]);
  return (
    <section aria-labelledby="recovery-codes">
      <h2 id="recovery-codes">Recovery codes</h2>
      <Problem error={left.error} />
      {count !== undefined && (
        <p data-testid="recovery-codes-left" class={count <= FEW_CODES ? 'status-warn' : undefined}>
          {count === 1 ? 'One recovery code is left.' : `${count} recovery codes are left.`}{count <= FEW_CODES ? ' Make new ones before you run out.' : ''}
        </p>
      )}
      <FormErrors>
        <form noValidate class="row" aria-label="Make new recovery codes" onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget as HTMLFormElement;
          const done = await renew.run(String(new FormData(form).get('code')).trim());
          if (!done?.renewRecoveryCodes) return;
          form.reset();
          onRenewed(done.renewRecoveryCodes.recovery_codes);
        }}>
          <Field label="A current code or a recovery code" path="code" error={renew.error}>
            <input name="code" autocomplete="one-time-code" />
          </Field>
          <button type="submit" class="secondary" aria-busy={renew.busy}>Make new recovery codes</button>
        </form>
        <Problem error={renew.error} />
      </FormErrors>
    </section>
  );
}
