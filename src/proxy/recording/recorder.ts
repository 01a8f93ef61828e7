import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Version } from '../../contract/versions.js';
import { scrubSecrets, secretValues } from '../../conformance/results/mask.js';
import type { GraphQLRequestBody } from '../request-check.js';
import { RECORDING_FORMAT, type Recording } from './format.js';
import type { Pseudonymizer } from './pseudonymize.js';
import { scrubDocument, scrubHeaders, scrubValue } from './scrub.js';

/** One exchange as the proxy hands it to the recorder, before anything is scrubbed. */
export interface RawExchange {
  seq: number;
  operation: string;
  method: string;
  requestHeaders: Record<string, string>;
  requestBody?: GraphQLRequestBody;
  response?: { status: number; headers: Record<string, string>; body?: unknown };
  durationMs: number;
  differences: number;
}

/** Saves each exchange as one JSON file of {@link Recording} shape, scrubbed. */
export class Recorder {
  private readonly upstream: string;

  constructor(
    private readonly dir: string,
    upstream: string,
    private readonly revision: Version,
    private readonly pseudonyms: Pseudonymizer,
    private readonly now: () => Date = () => new Date(),
  ) {
    mkdirSync(dir, { recursive: true });
    const url = new URL(upstream);
    this.upstream = `${url.protocol}//${url.host}${url.pathname}`;
  }

  /** The scrubbed recording of an exchange (what {@link record} writes). */
  scrub(exchange: RawExchange): Recording {
    const p = this.pseudonyms;
    const body = exchange.requestBody;
    const recording: Recording = {
      format: RECORDING_FORMAT,
      formatVersion: 1,
      seq: exchange.seq,
      recordedAt: this.now().toISOString(),
      revision: this.revision,
      upstream: this.upstream,
      operation: exchange.operation,
      request: {
        method: exchange.method,
        headers: scrubHeaders(exchange.requestHeaders),
        ...(body
          ? {
              body: {
                query: scrubDocument(body.query, p),
                ...(body.variables
                  ? { variables: scrubValue(body.variables, p) as Record<string, unknown> }
                  : {}),
                ...(body.operationName ? { operationName: body.operationName } : {}),
              },
            }
          : {}),
      },
      ...(exchange.response
        ? {
            response: {
              status: exchange.response.status,
              headers: scrubHeaders(exchange.response.headers),
              ...(exchange.response.body !== undefined
                ? { body: scrubValue(exchange.response.body, p) }
                : {}),
            },
          }
        : {}),
      durationMs: exchange.durationMs,
      differences: exchange.differences,
    };
    // A token echoed anywhere in a body is masked too, as a last sweep over the text.
    const secrets = secretValues(exchange.requestHeaders);
    return JSON.parse(scrubSecrets(JSON.stringify(recording), secrets)) as Recording;
  }

  /** Writes the exchange's recording (whole or not at all) and returns its path. */
  record(exchange: RawExchange): string {
    const name = `${String(exchange.seq).padStart(6, '0')}-${exchange.operation.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;
    const file = path.join(this.dir, name);
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.scrub(exchange), null, 2)}\n`);
    renameSync(tmp, file);
    return file;
  }
}
