import { useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { ConfirmButton } from './confirm-button';
import { Field, FormErrors, Problem } from './problem';

export interface FreezeState {
  readonly frozen: boolean;
  readonly reason?: string | null;
  readonly frozen_at?: string | null;
}

/** A freeze in force ("uma_user is frozen: …"), said where it matters (SPEC §1.11): new bets are refused; open rounds still settle. */
export function FreezeBanner({ who, freeze }: { who: string; freeze: FreezeState }) {
  if (!freeze.frozen) return null;
  return (
    <article class="frozen" role="alert" data-testid="freeze-banner">
      <strong>{who} is frozen</strong>
      {freeze.reason ? `: ${freeze.reason}` : ''}
      {freeze.frozen_at ? ` (since ${new Date(freeze.frozen_at).toLocaleString()})` : ''}.{' '}
      New bets are refused; open rounds still settle and top-ups still credit.
    </article>
  );
}

type Action<Args extends unknown[]> = { run: (...args: Args) => Promise<unknown>; busy: boolean; error: ApiError | null; clear: () => void };

/** An admin's freeze and unfreeze of `what` ("uma_user", "this wallet"): a reason first, a confirmation to lift it. */
export function FreezeControl({ what, freeze, freezeAction, unfreezeAction, onDone }: {
  what: string;
  freeze: FreezeState;
  freezeAction: Action<[reason: string]>;
  unfreezeAction: Action<[]>;
  onDone: () => void;
}) {
  const [reason, setReason] = useState('');
  if (freeze.frozen) {
    return (
      <ConfirmButton label="Unfreeze" accessibleName={`Unfreeze ${what}`} question={`Unfreeze ${what}?`} consequence="New bets are accepted again at once."
        action={unfreezeAction} onDone={onDone} />
    );
  }
  return (
    <FormErrors>
      <form noValidate class="row" aria-label={`Freeze ${what}`} onSubmit={async (event) => {
        event.preventDefault();
        if (await freezeAction.run(reason.trim())) {
          setReason('');
          onDone();
        }
      }}>
        <Field label="Reason to freeze" path="reason" error={freezeAction.error} hint="Staff and the player read it, e.g. chargeback review.">
          <input name="reason" maxLength={255} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
        </Field>
        <button type="submit" class="danger" disabled={freezeAction.busy}>Freeze</button>
      </form>
      <Problem error={freezeAction.error} />
    </FormErrors>
  );
}
