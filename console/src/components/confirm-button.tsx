import { useId, useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { ModalDialog } from './modal-dialog';
import { Problem } from './problem';

/**
 * A destructive action behind a confirmation: the button (styled as dangerous, named for screen
 * readers with what it acts on) opens a modal dialog that names the object and the consequence; only
 * its confirm button runs the action, and the dialog shows the action's error if it fails.
 */
export function ConfirmButton({ label, accessibleName, question, consequence, confirmLabel, action, onDone, outline = true }: {
  /** The button's text ("Delete"). */
  label: string;
  /** What a screen reader hears ("Delete variable speed"), so ten Delete buttons are told apart. */
  accessibleName: string;
  /** The dialog's title, naming the object ("Delete variable speed?"). */
  question: string;
  /** What follows (money held, scores, members): one or two sentences. */
  consequence: string;
  /** The confirm button's text (default: the label). */
  confirmLabel?: string;
  /** Runs the action: truthy when it succeeded. */
  action: { run: () => Promise<unknown>; busy: boolean; error: ApiError | null; clear?: () => void };
  onDone: () => void;
  outline?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" class={`danger${outline ? ' outline' : ''}`} aria-label={accessibleName} onClick={() => { action.clear?.(); setOpen(true); }}>
        {label}
      </button>
      {open && (
        <ModalDialog labelledBy={titleId} onClose={() => setOpen(false)}>
          <article>
            <h3 id={titleId}>{question}</h3>
            <p>{consequence}</p>
            <Problem error={action.error} />
            <footer>
              <button type="button" class="secondary" onClick={() => setOpen(false)}>Cancel</button>{' '}
              <button type="button" class="danger" aria-busy={action.busy} onClick={async () => {
                if (await action.run()) {
                  setOpen(false);
                  onDone();
                }
              }}>{confirmLabel ?? label}</button>
            </footer>
          </article>
        </ModalDialog>
      )}
    </>
  );
}
