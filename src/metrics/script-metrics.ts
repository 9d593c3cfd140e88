import type { Registry } from 'prom-client';
import { localHistogram } from './local-metrics';

/** How long one engine script call took, as the engine saw it (the script's run and the round trip). */
export type ScriptObserver = (script: string, seconds: number) => void;

/** `reservation_redis_script_duration_seconds{script}`: the label is a script name of lua/ (bounded). */
export function scriptMetrics(registry: Registry): ScriptObserver {
  const duration = localHistogram(
    registry,
    'reservation_redis_script_duration_seconds',
    'Lua script calls by script, as the engine saw them (the script and the round trip to Redis)',
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
  );
  const series = new Map<string, (seconds: number) => void>();
  return (script, seconds) => {
    let observe = series.get(script);
    if (!observe) series.set(script, (observe = duration.series({ script })));
    observe(seconds);
  };
}
