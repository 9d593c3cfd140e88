/** A started role (gRPC, HTTP, worker): what it is, where it listens, and how to stop it gracefully. */
export interface RunningRole {
  readonly name: RoleName;
  /** `host:port` for servers. */
  readonly address?: string;
  /** Stops taking new work, finishes what is in flight (up to the grace period), then releases. */
  stop(graceMs: number): Promise<void>;
}

export const ROLE_NAMES = ['grpc', 'http', 'worker'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
