import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** A `serve` started as a child process, once its banner has named its address. */
export interface ServingProcess {
  child: ChildProcess;
  /** Base URL from the banner, e.g. `http://127.0.0.1:43121`. */
  url: string;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal that ended it) once the process has exited. */
  exited: Promise<number | NodeJS.Signals>;
}

/**
 * Spawns a command that runs `rm-harness serve` and waits for "listening on <url>" in its output;
 * rejects (after killing it) when it exits first or takes longer than `timeoutMs`.
 */
export async function spawnServe(
  command: string,
  args: readonly string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<ServingProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL')),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no banner within ${options.timeoutMs ?? 60_000} ms:\n${text}`));
    }, options.timeoutMs ?? 60_000);
    const look = () => {
      const found = /listening on (http:\/\/[\d.]+:\d+)/.exec(text);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout?.on('data', look);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`exited (${String(how)}) before listening:\n${text}`));
    });
  });
  return { child, url, output: () => text, exited };
}

/** Posts a GraphQL query as the default full tenant and returns the HTTP status and JSON body. */
export async function query(
  url: string,
  document: string,
): Promise<{ status: number; body: { data?: unknown; errors?: unknown[] } }> {
  const res = await fetch(`${url}/us/1.4.0/public-api/graphql`, {
    method: 'POST',
    headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
    body: JSON.stringify({ query: document }),
  });
  return { status: res.status, body: (await res.json()) as { data?: unknown; errors?: unknown[] } };
}

/** Resolves true once nothing accepts connections at `url` (polling, up to `ms`). */
export async function refusedWithin(url: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Resolves true once no process of the process group `pgid` is left (polling, up to `ms`). */
export async function groupGoneWithin(pgid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}
