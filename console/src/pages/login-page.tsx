import { useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { ApiError, request } from '../api/client';
import { graphql } from '../api/generated';
import type { SessionTokenFragment } from '../api/generated/graphql';
import { useAction } from '../api/hooks';
import { session } from '../api/session';
import { Field, Problem } from '../components/problem';

/** What login and register answer: the token and the user it signs in (spread as `...SessionToken`). */
graphql(`fragment SessionToken on TokenReply { access_token user { id username email role game_scope } }`);

const LoginPageLogin = graphql(`mutation LoginPageLogin ($input: LoginInput!) { login(input: $input) { ...SessionToken } }`);

/** Turns a login or register reply into the tab's session. */
export function signInWith(reply: SessionTokenFragment | null): void {
  if (!reply) throw new ApiError('the server answered without a token', 'INTERNAL');
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
  const login = useAction((email: string, password: string) =>
    request(LoginPageLogin, { input: { email, password } }));
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const reply = await login.run(String(form.get('email')), String(form.get('password')));
    if (reply) {
      signInWith(reply.login);
      navigate(pageAskedFor());
    }
  };
  return (
    <main class="container narrow">
      <article>
        <p class="product">Reservation engine · admin console</p>
        <h1>Sign in</h1>
        <p>Games and their modules, players, invites and balances: staff manage them here; a player sees the games they are connected to.</p>
        {ended && <p class="problem" role="alert">Signed out: {ended}</p>}
        <form onSubmit={submit}>
          <Field label="Email" path="email" error={login.error}>
            <input name="email" type="email" autocomplete="username" required />
          </Field>
          <Field label="Password" path="password" error={login.error}>
            <input name="password" type="password" autocomplete="current-password" required />
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
