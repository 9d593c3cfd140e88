import { useId, useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import type { TopupInput } from '../api/generated/graphql';
import { ModalDialog } from '../components/modal-dialog';
import { Field, FormErrors, Problem } from '../components/problem';
import { exampleAmount, formatMoney, knownCurrencies, toMinorUnits } from '../format/money';

/** The server's DEFAULT_CURRENCY as shipped: the picker's choice for a wallet with no balance yet. */
const FIRST_CURRENCY = 'EUR';

interface Credit {
  readonly amount: string;
  readonly currency: string;
  readonly comment: string;
}

/**
 * A top-up, as an admin types it: the amount in major units of a currency picked from a list (the
 * wallet's currencies first, then ISO 4217's), a preview of what it credits, and a confirmation that
 * names the player, the game and the amount before anything is sent; then what was credited.
 */
export function TopupForm({ owner, currencies, action, onDone }: {
  owner: { username: string; game_name: string };
  /** The wallet's balances' currencies. */
  currencies: readonly string[];
  action: { run: (input: TopupInput) => Promise<unknown>; busy: boolean; error: ApiError | null; clear: () => void };
  onDone: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(currencies[0] ?? FIRST_CURRENCY);
  const [comment, setComment] = useState('');
  const [typo, setTypo] = useState<string | null>(null);
  const [pending, setPending] = useState<Credit | null>(null);
  const [credited, setCredited] = useState<string | null>(null);
  const titleId = useId();
  const parsed = amount.trim() === '' ? null : toMinorUnits(amount, currency);
  const preview = parsed && 'minor' in parsed ? formatMoney(parsed.minor, currency) : null;
  const others = knownCurrencies().filter((code) => !currencies.includes(code));
  const describe = (credit: Credit) => `${formatMoney(credit.amount, credit.currency)} to ${owner.username}'s wallet in ${owner.game_name}`;
  return (
    <section aria-labelledby={`${titleId}-form`}>
      <h2 id={`${titleId}-form`}>Top up</h2>
      <FormErrors>
        <form noValidate class="row" onSubmit={(event) => {
          event.preventDefault();
          setCredited(null);
          if (!parsed || !('minor' in parsed)) return setTypo(parsed && 'problem' in parsed ? parsed.problem : 'is required');
          setTypo(null);
          action.clear();
          setPending({ amount: parsed.minor, currency, comment: comment.trim() });
        }}>
          <div class={typo ? 'field invalid' : 'field'}>
            <label>
              Amount ({currency})
              <input name="amount" inputMode="decimal" autoComplete="off" value={amount}
                aria-invalid={typo ? 'true' : undefined} aria-describedby={`${titleId}-amount`}
                onInput={(e) => { setAmount(e.currentTarget.value); setTypo(null); }} />
            </label>
            <small id={`${titleId}-amount`} class={typo ? 'field-error' : 'muted'}>
              {typo ?? (preview ? `Credits ${preview}` : `In major units, e.g. ${exampleAmount(currency)}`)}
            </small>
          </div>
          <Field label="Currency" path="currency" error={action.error}>
            <select name="currency" value={currency} onChange={(e) => setCurrency(e.currentTarget.value)}>
              {currencies.length > 0 && (
                <optgroup label="This wallet">{currencies.map((code) => <option key={code} value={code}>{code}</option>)}</optgroup>
              )}
              <optgroup label="Other currencies">{others.map((code) => <option key={code} value={code}>{code}</option>)}</optgroup>
            </select>
          </Field>
          <Field label="Comment" path="comment" error={action.error}>
            <input name="comment" value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
          </Field>
          <button type="submit" disabled={action.busy}>Top up…</button>
        </form>
        <Problem error={pending ? null : action.error} />
      </FormErrors>
      {credited && <p class="created" role="status">Credited {credited}.</p>}
      {pending && (
        <ModalDialog labelledBy={titleId} onClose={() => setPending(null)}>
          <article>
            <h3 id={titleId}>Credit {describe(pending)}?</h3>
            <p>The engine credits it at once; a game round can spend it right away. A credit is not undone from here.</p>
            {pending.comment && <p>Comment: {pending.comment}</p>}
            <Problem error={action.error} />
            <footer>
              <button type="button" class="secondary" onClick={() => setPending(null)}>Cancel</button>{' '}
              <button type="button" aria-busy={action.busy} disabled={action.busy} onClick={async () => {
                const credit = pending;
                const done = await action.run({ amount: credit.amount, currency: credit.currency, ...(credit.comment ? { comment: credit.comment } : {}) });
                if (!done) return;
                setPending(null);
                setAmount('');
                setComment('');
                setCredited(describe(credit));
                onDone();
              }}>Credit {formatMoney(pending.amount, pending.currency)}</button>
            </footer>
          </article>
        </ModalDialog>
      )}
    </section>
  );
}
