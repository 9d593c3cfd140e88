import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/** Profiles this process's own CPU from now until `stop`, which writes a V8 `.cpuprofile`. */
export async function startCpuProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
