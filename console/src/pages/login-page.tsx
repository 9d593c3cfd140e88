import { useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { ApiError, request } from '../api/client';
import { graphql } from '../api/generated';
import type { SessionUserFieldsFragment } from '../api/generated/graphql';
import { useAction } from '../api/hooks';
import { session } from '../api/session';
import { Field, FormErrors, Problem } from '../components/problem';

/** What the console keeps of the signed-in user (spread as `...SessionUserFields`). */
graphql(`fragment SessionUserFields on User { id username email role game_scope two_factor_enabled }`);
/** What login's second step and register answer: the token and the user it signs in (spread as `...SessionToken`). */
graphql(`fragment SessionToken on TokenReply { access_token user { ...SessionUserFields } }`);

const LoginPageLogin = graphql(`mutation LoginPageLogin ($input: LoginInput!) { login(input: $input) { two_factor_required challenge access_token user { ...SessionUserFields } } }`);
const LoginPageSecondStep = graphql(`mutation LoginPageSecondStep ($input: LoginTwoFactorInput!) { loginTwoFactor(input: $input) { ...SessionToken } }`);

/** Turns a login or register reply into the tab's session. */
export function signInWith(reply: { access_token?: string | null; user?: SessionUserFieldsFragment | null } | null): void {
  if (!reply?.access_token || !reply.user) throw new ApiError('the server answered without a token', 'INTERNAL');
  session.signIn({ token: reply.access_token, user: reply.user });
}

/** Where to go once signed in: the console page asked for (`?next=`, a path of this app only), else the games. */
function pageAskedFor(): string {
  const next = new URLSearchParams(window.location.search).get('next') ?? '';
  return /^\/(?![/\\])\S*$/.test(next) ? next : '/games';
}

export function LoginPage() {
  const [, navigate] = useLocation();
  const [ended] = useState(session.takeEndReason());
  /** A right password of a user with two-factor sign-in: the challenge its second step answers. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useAction((email: string, password: string) =>
    request(LoginPageLogin, { input: { email, password } }));
  const secondStep = useAction((code: string) => request(LoginPageSecondStep, { input: { challenge: challenge ?? '', code } }));
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const reply = await login.run(String(form.get('email')), String(form.get('password')));
    if (reply?.login?.two_factor_required) {
      setChallenge(reply.login.challenge ?? null);
      return;
    }
    if (reply) {
      signInWith(reply.login);
      navigate(pageAskedFor());
    }
  };
  const submitCode = async (event: Event) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget as HTMLFormElement).get('code')).trim();
    const reply = await secondStep.run(code);
    if (reply) {
      signInWith(reply.loginTwoFactor);
      navigate(pageAskedFor());
    } else if (/sign in again/.test(secondStep.error?.message ?? '')) setChallenge(null);
  };
  if (challenge) {
    return (
      <main class="container narrow">
        <article>
          <p class="product">Reservation engine · admin console</p>
          <h1>Two-factor sign-in</h1>
          <p>Type the 6-digit code your authenticator app shows now, or one of your recovery codes.</p>
          <FormErrors>
          <form noValidate onSubmit={submitCode} aria-label="Second step">
            <Field label="Code" path="code" error={secondStep.error}>
              <input name="code" autocomplete="one-time-code" inputMode="text" autoFocus />
            </Field>
            <Problem error={secondStep.error} />
            <button type="submit" aria-busy={secondStep.busy}>Verify</button>{' '}
            <button type="button" class="secondary outline" onClick={() => { setChallenge(null); secondStep.clear(); }}>Back</button>
          </form>
          </FormErrors>
        </article>
      </main>
    );
  }
  return (
    <main class="container narrow">
      <article>
        <p class="product">Reservation engine · admin console</p>
        <h1>Sign in</h1>
        <p>Games and their modules, players, invites and balances: staff manage them here; a player sees the games they are connected to.</p>
        {ended && <p class="problem" role="alert">Signed out: {ended}</p>}
        <form noValidate onSubmit={submit}>
          <Field label="Email" path="email" error={login.error}>
            <input name="email" type="email" autocomplete="username" />
          </Field>
          <Field label="Password" path="password" error={login.error}>
            <input name="password" type="password" autocomplete="current-password" />
          </Field>
          <Problem error={login.error} />
          <button type="submit" aria-busy={login.busy}>
            Sign in
          </button>
        </form>
      </article>
    </main>
  );
}
