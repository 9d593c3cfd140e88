import { useState } from 'preact/hooks';

/** What a form just did ("Leaderboard Top created"), said once beside it until the next submit. */
export function useNotice() {
  const [text, setText] = useState<string | null>(null);
  return { text, show: (message: string) => setText(message), clear: () => setText(null) };
}

/** The notice, announced to screen readers as a status. */
export function Notice({ notice }: { notice: { text: string | null } }) {
  return notice.text ? <p class="created" role="status">{notice.text}</p> : null;
}
