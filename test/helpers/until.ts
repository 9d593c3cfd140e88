/** Polls `check` until it holds, failing with `what` after `timeoutMs`: tests wait for states, not for time. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
