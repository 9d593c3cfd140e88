import { ApiError } from './client';
import { session } from './session';

/**
 * Saves a report as CSV (SPEC §2.13: the REST endpoint with `Accept: text/csv`) under the name the
 * server gives it: fetched with the session's token, then handed to the browser as a file.
 */
export async function downloadCsv(path: string): Promise<void> {
  const token = session.token();
  const reply = await fetch(path, { headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!reply.ok) {
    const problem = (await reply.json().catch(() => ({}))) as { detail?: string; code?: string };
    throw new ApiError(problem.detail ?? `the CSV could not be made (${reply.status})`, problem.code ?? 'INTERNAL');
  }
  const name = /filename="([^"]+)"/.exec(reply.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
  const url = URL.createObjectURL(await reply.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
