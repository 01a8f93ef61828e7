// Hostile documents, and a hostile request with a cheap "canary" request sent while the hostile one is
// in flight: whether the canary had to wait for it is told by the order of events, never by timings.
import { request } from 'node:http';

/** One answer as the client saw it. */
export interface Answer {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** What happened, in order: when the canary was sent and which answer came first. */
export interface Race {
  hostile: Answer;
  canary: Answer;
  /** `sent` (the canary's request went out), `hostile` and `canary` (their answers arrived), in order. */
  events: string[];
}

/** POSTs a GraphQL body on a connection of its own; `onSent` runs once the whole request is written. */
function post(url: string, body: string, onSent: () => void = () => {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: 'Bearer dev-token',
          'content-type': 'application/json',
          accept: 'application/json',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body, onSent);
  });
}

/**
 * Sends `hostile`, and once it is written sends `canary` on another connection. A hostile request the
 * server works on for long must let the canary be answered first (`events` ends in `canary`, `hostile`).
 */
export async function raceCanary(url: string, hostile: string, canary = '{ __typename }'): Promise<Race> {
  const events: string[] = [];
  let canaryAnswer: Promise<Answer> | undefined;
  const hostileAnswer = post(url, JSON.stringify({ query: hostile }), () => {
    events.push('sent');
    canaryAnswer = post(url, JSON.stringify({ query: canary })).then((answer) => {
      events.push('canary');
      return answer;
    });
  }).then((answer) => {
    events.push('hostile');
    return answer;
  });
  const answer = await hostileAnswer;
  // The write callback ran before any answer could arrive, so the canary is on its way.
  return { hostile: answer, canary: await canaryAnswer!, events };
}

/** `{ ...F0 }` where F0 spreads F1 twice, F1 spreads F2 twice, …: about 60 bytes a level. */
export function fanOut(levels: number): string {
  const fragments = Array.from({ length: levels }, (_, i) =>
    i + 1 < levels
      ? `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`
      : `fragment F${i} on Query { regionalSettings { locale { code } } }`,
  );
  return `query FanOut { ...F0 }\n${fragments.join('\n')}`;
}
