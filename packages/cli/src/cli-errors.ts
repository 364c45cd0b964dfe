/** A failure the user can act on: printed as one line on stderr, exit code 1. */
export class CliError extends Error {
  readonly exitCode: number = 1;
}

/** Wrong or missing arguments: exit code 2, as most command-line tools do. */
export class UsageError extends CliError {
  override readonly exitCode: number = 2;
}

/** The user pressed Ctrl-C at a prompt: 130 is what shells report for SIGINT. */
export class InterruptedError extends CliError {
  override readonly exitCode: number = 130;
  constructor() {
    super('interrupted');
  }
}
