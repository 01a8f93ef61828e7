import { connect } from 'node:net';

/**
 * Sends only the head of a POST to `url` announcing a 1 MB body (no body follows) and resolves with the
 * status line the server answers: a server that waits for the body before refusing resolves "no answer
 * before the body" after `waitMs`, so a test of "refused before the body is read" fails rather than hangs.
 */
export function statusBeforeBody(url: string, token?: string, waitMs = 5_000): Promise<string> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer before the body');
    }, waitMs);
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text.split('\r\n')[0]!);
      }
    });
    socket.on('error', reject);
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
        `${token ? `Authorization: Bearer ${token}\r\n` : ''}Content-Length: ${1024 * 1024}\r\n\r\n{"query":`,
    );
  });
}
