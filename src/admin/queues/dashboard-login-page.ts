/**
 * The queue dashboard's sign-in page. Its script trades email and password for an access token and
 * the token for the dashboard's session cookie; the token itself is kept nowhere.
 */
export const LOGIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sign in · queue dashboard</title>
<style>
body { font-family: system-ui, sans-serif; background: #f4f5f7; display: grid; place-items: center; min-height: 100vh; margin: 0; }
form { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px #0002; display: grid; gap: .75rem; width: 18rem; }
input, button { font: inherit; padding: .5rem; }
#error { color: #b00020; min-height: 1.2em; margin: 0; }
</style>
</head>
<body>
<form id="login">
<h1>Queue dashboard</h1>
<p>Admins only.</p>
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<label id="second-step" hidden>Code <input name="code" autocomplete="one-time-code" inputmode="numeric"></label>
<button type="submit">Sign in</button>
<p id="error" role="alert"></p>
</form>
<script src="/admin/queues/login.js"></script>
</body>
</html>
`;

export const LOGIN_SCRIPT = `
const form = document.getElementById('login');
const error = document.getElementById('error');
const secondStep = document.getElementById('second-step');
const code = form.elements.namedItem('code');
/** The challenge a right password answered, for an admin with two-factor sign-in (SPEC 2.12). */
let challenge = null;

async function posted(url, body) {
  const reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await reply.json();
  if (!reply.ok) throw new Error(json.detail || 'sign-in failed');
  return json;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.textContent = '';
  const fields = new FormData(form);
  try {
    let reply = challenge === null
      ? await posted('/api/auth/login', { email: fields.get('email'), password: fields.get('password') })
      : await posted('/api/auth/login/2fa', { challenge, code: fields.get('code') });
    if (reply.two_factor_required) {
      challenge = reply.challenge;
      secondStep.hidden = false;
      code.required = true;
      code.focus();
      error.textContent = 'Enter the code of your authenticator app, or a recovery code.';
      return;
    }
    challenge = null;
    const session = await fetch('/admin/queues/session', { method: 'POST', headers: { authorization: 'Bearer ' + reply.access_token } });
    if (!session.ok) throw new Error((await session.json()).detail || 'sign-in failed');
    location.assign('/admin/queues');
  } catch (failure) {
    error.textContent = failure.message;
  }
});
`;
