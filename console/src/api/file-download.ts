import { ApiError } from './client';
import { session } from './session';

/**
 * Saves what a REST endpoint answers as a file, under the name the server gives it
 * (Content-Disposition): fetched with the session's token, then handed to the browser as a download.
 * A report as CSV (SPEC §2.13, `Accept: text/csv`), a user's data export (SPEC §2.14). True once saved.
 */
export async function downloadFile(path: string, { accept, fallbackName }: { accept: string; fallbackName: string }): Promise<true> {
  const token = session.token();
  const reply = await fetch(path, { headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!reply.ok) {
    const problem = (await reply.json().catch(() => ({}))) as { detail?: string; code?: string };
    throw new ApiError(problem.detail ?? `the file could not be made (${reply.status})`, problem.code ?? 'INTERNAL');
  }
  const name = /filename="([^"]+)"/.exec(reply.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await reply.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

/** A report as CSV. */
export const downloadCsv = (path: string) => downloadFile(path, { accept: 'text/csv', fallbackName: 'report.csv' });
