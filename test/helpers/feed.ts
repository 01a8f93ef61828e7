// A request fed slowly over a raw socket, to see when a server answers a body it refuses and whether it
// then hangs up (the early answers of the GraphQL edge and the proxy).
import { connect } from 'node:net';

/** Bytes written per slice of a slowly fed body. */
export const SLICE = 16 * 1024;
/** Bytes of a fed body unless told: far over any body limit the tests set. */
export const TOTAL = 1024 * 1024;

/** What a slowly fed request saw: the status line, the bytes sent before it, whether the server hung up. */
export interface Fed {
  status: string;
  sentBeforeAnswer: number;
  closed: boolean;
}

/**
 * Sends a POST head to `url` and then its body slowly (a slice every 10 ms, `total` bytes, declared or
 * chunked), and keeps sending after the answer: resolves with the status line, how much had been sent
 * when it came, and whether the server closed the connection within two seconds of it (rather than
 * reading the rest of a body it refused).
 */
export function feed(
  url: string,
  options: { token?: string; declared?: number; total?: number },
): Promise<Fed> {
  const { hostname, port, pathname } = new URL(url);
  const total = options.total ?? TOTAL;
  const chunked = options.declared === undefined;
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let sent = 0;
    let text = '';
    let status: string | undefined;
    let sentBeforeAnswer = 0;
    let settled = false;
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(writer);
      clearTimeout(patience);
      socket.destroy();
      resolve({ status: status ?? 'no answer', sentBeforeAnswer, closed });
    };
    let patience = setTimeout(() => settle(false), 30_000);
    const writer = setInterval(() => {
      if (sent >= total || socket.destroyed) return;
      const slice = '{'.repeat(Math.min(SLICE, total - sent));
      sent += slice.length;
      socket.write(chunked ? `${slice.length.toString(16)}\r\n${slice}\r\n` : slice);
    }, 10);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (status === undefined && text.includes('\r\n')) {
        status = text.split('\r\n')[0]!;
        sentBeforeAnswer = sent;
        clearTimeout(patience);
        patience = setTimeout(() => settle(false), 2_000);
      }
    });
    socket.on('end', () => settle(status !== undefined));
    socket.on('close', () => settle(status !== undefined));
    socket.on('error', () => settle(status !== undefined));
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        (options.token ? `Authorization: Bearer ${options.token}\r\n` : '') +
        (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${options.declared}\r\n`) +
        '\r\n',
    );
  });
}
