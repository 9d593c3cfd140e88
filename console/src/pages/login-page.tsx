import { useState } from 'preact/hooks';
import { useLocation } from 'wouter-preact';
import { gql } from '../api/client';
import { useAction } from '../api/hooks';
import { session, type Session } from '../api/session';
import { Field, Problem } from '../components/problem';

export const TOKEN_REPLY = 'access_token user { id username email role }';

/** Turns a login or register reply into the tab's session. */
export function signInWith(reply: { access_token: string; user: Session['user'] }): void {
  session.signIn({ token: reply.access_token, user: reply.user });
}

export function LoginPage() {
  const [, navigate] = useLocation();
  const [ended] = useState(session.takeEndReason());
  const login = useAction((email: string, password: string) =>
    gql<{ login: { access_token: string; user: Session['user'] } }>(`mutation LoginPageLogin ($input: LoginInput!) { login(input: $input) { ${TOKEN_REPLY} } }`, {
      input: { email, password },
    }));
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const reply = await login.run(String(form.get('email')), String(form.get('password')));
    if (reply) {
      signInWith(reply.login);
      navigate('/games');
    }
  };
  return (
    <main class="container narrow">
      <article>
        <h1>Sign in</h1>
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
