/** Why a scenario file was rejected: the file, where in it, and what is wrong. */
export interface ScenarioFileError {
  /** Path relative to the scenario folder. */
  file: string;
  /** Location inside the file, e.g. `steps[0].expect[1]`; empty for the whole file. */
  path: string;
  /** 1-based line when known. */
  line?: number;
  message: string;
}

/** One line naming file, line, path and problem, for the CLI. */
export function formatScenarioFileError(e: ScenarioFileError): string {
  const where = `${e.file}${e.line !== undefined ? `:${e.line}` : ''}`;
  return `${where}: ${e.path ? `${e.path}: ` : ''}${e.message}`;
}
