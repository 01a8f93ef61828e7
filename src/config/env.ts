// Secrets come from the environment, never from the config file (a file is easily committed).

/** Token of the simulator's admin API for `serve` (flag: --admin-token). */
export const ADMIN_TOKEN_ENV = 'RM_HARNESS_ADMIN_TOKEN';

/** Bearer token of a URL target of `conform`, unless a named target names its own variable (flag: --token). */
export const TOKEN_ENV = 'RM_HARNESS_TOKEN';

/** Token of the limited tenant of a URL target of `conform` (flag: --limited-token). */
export const LIMITED_TOKEN_ENV = 'RM_HARNESS_LIMITED_TOKEN';

/** The environment as the CLI reads it: variables that are empty count as unset. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The value of an environment variable, or undefined when it is unset or empty. */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
