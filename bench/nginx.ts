/**
 * Debian's nginx (`apt-get install nginx`) in front of replicas, as an unprivileged user can run it: its
 * configuration, pid file, logs and temporary files in one folder, listening on a loopback port. The
 * replicas section of the bench and test/deploy/ route through it.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import path from 'node:path';

/** The nginx binary: `NGINX_PATH`, else Debian's. */
export const NGINX_PATH = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';

/** Whether nginx is installed here. */
export const hasNginx = existsSync(NGINX_PATH);

/** A running nginx. */
export interface RunningNginx {
  /** Base URL, e.g. `http://127.0.0.1:43121`. */
  url: string;
  port: number;
  /** Its error log so far (for a failing test's message). */
  errorLog(): string;
  /** Stops it (SIGQUIT: open requests finish) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 right now (the kernel's pick, released at once for nginx to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on 127.0.0.1:`port`; rejects after `ms`. */
async function accepting(port: number, ms: number, exited: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !exited()) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port}`);
}

/**
 * Starts nginx with `routerConfig` (the output of `rm-harness router nginx`, listening on `port`) inside
 * an `http` block whose files all live in `dir`, and resolves once it accepts connections.
 */
export async function startNginx(routerConfig: string, dir: string, port: number): Promise<RunningNginx> {
  // Run as root (CI in a container), nginx's workers switch to `nobody`, who must reach the temp paths.
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'router.conf'), routerConfig, { mode: 0o600 });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`)
    .join('\n');
  const errorLog = path.join(dir, 'error.log');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes auto;
pid ${path.join(dir, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  include ${path.join(dir, 'router.conf')};
}
`,
  );
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLog = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '') + stderr;
  try {
    await accepting(port, 10_000, () => child.exitCode !== null);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${readLog()}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errorLog: readLog,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
