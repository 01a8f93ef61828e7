// The CLI's error types, apart from context.ts so modules that context.ts uses can throw them too.

/** A failure the user can act on: printed as one `rm-harness: …` message without a stack, then `exitCode`. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Misuse of the command line (bad option value, unknown command …): exit code 2 and a hint to use --help. */
export class CliUsageError extends CliError {
  constructor(
    message: string,
    /** Command path whose `--help` the hint names, e.g. `schema print`; empty for the top level. */
    public helpCommand = '',
  ) {
    super(message, 2);
    this.name = 'CliUsageError';
  }
}

/**
 * A failure to listen as a CLI error: a port taken is misuse (exit 2, try another `--port`), a port
 * not allowed or an address not here is exit 1; anything else is returned as it is.
 */
export function listenError(
  error: unknown,
  at: { host: string; port: number | string },
  command: string,
): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new CliUsageError(`port ${at.port} on ${at.host} is already in use; try another --port`, command);
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
    return new CliError(`cannot listen on ${at.host}:${at.port} (${code})`);
  return error;
}
