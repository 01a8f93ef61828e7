import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server that is listening, and how to stop it. */
export interface Listening {
  /** Base URL, e.g. `http://127.0.0.1:4000`. */
  url: string;
  /** Stops accepting connections and resolves once open requests have finished (idempotent). */
  close(): Promise<void>;
}

/** Listens on `host:port` (0 picks a free port); rejects with the listen error (EADDRINUSE …). */
export async function listen(handler: RequestListener, host: string, port: number): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
