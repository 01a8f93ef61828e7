/** Progress of a bench run, on stderr so stdout stays clean. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
