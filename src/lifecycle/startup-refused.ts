/**
 * A role refuses to start on an unsafe setting (an evicting Redis, a production gRPC role without
 * caller tokens). The CLI prints the message, which names the setting, and exits non-zero.
 */
export class StartupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefused';
  }
}
