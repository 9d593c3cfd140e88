import { useLocation, useSearch } from 'wouter-preact';
import { request } from '../api/client';
import { graphql } from '../api/generated';
import type { RegisterInput } from '../api/generated/graphql';
import { useAction, useQuery } from '../api/hooks';
import { Field, Problem } from '../components/problem';
import { signInWith } from './login-page';

const RegisterPageInviteCheck = graphql(`query RegisterPageInviteCheck ($code: String!) { inviteCheck(code: $code) { valid role remaining_uses } }`);
const RegisterPageRegister = graphql(`mutation RegisterPageRegister ($input: RegisterInput!) { register(input: $input) { ...SessionToken } }`);

/** Registration by invite link: /console/register?code=… */
export function RegisterPage() {
  const [, navigate] = useLocation();
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const check = useQuery(RegisterPageInviteCheck, { code });
  const register = useAction((input: RegisterInput) => request(RegisterPageRegister, { input }));
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const reply = await register.run({
      email: String(form.get('email')), username: String(form.get('username')), password: String(form.get('password')), invite_code: code,
    });
    if (reply) {
      signInWith(reply.register);
      navigate('/games');
    }
  };
  const invite = check.data?.inviteCheck;
  return (
    <main class="container narrow">
      <article>
        <h1>Register</h1>
        {invite && !invite.valid && <p class="problem" role="alert">This invite cannot be used (unknown, expired or used up).</p>}
        {invite?.valid && <p>You are invited as <strong>{invite.role}</strong>.</p>}
        <form noValidate onSubmit={submit}>
          <Field label="Email" path="email" error={register.error}>
            <input name="email" type="email" autocomplete="email" />
          </Field>
          <Field label="Username" path="username" error={register.error}>
            <input name="username" autocomplete="username" />
          </Field>
          <Field label="Password (8 characters or more)" path="password" error={register.error}>
            <input name="password" type="password" autocomplete="new-password" />
          </Field>
          <Problem error={register.error} />
          <button type="submit" aria-busy={register.busy} disabled={!invite?.valid}>
            Register
          </button>
        </form>
      </article>
    </main>
  );
}
