import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildRevisionSchema } from '../../contract/generate.js';
import type { Version } from '../../contract/versions.js';
import { maskHeaders, maskSecrets, scrubSecrets, secretValues } from '../../secrets/index.js';
import type { GraphQLRequestBody } from '../request-check.js';
import { RECORDING_FORMAT, type Recording } from './format.js';
import type { Pseudonymizer } from './pseudonymize.js';
import { PersonalDataScrubber } from './scrub.js';

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
  /** Bytes of the request and response bodies as they crossed the wire (for the per-exchange cap). */
  wireBytes?: number;
}

/** Default largest exchange recorded whole (bodies on the wire): 4 MiB. */
export const DEFAULT_RECORD_EXCHANGE_BYTES = 4 * 1024 * 1024;

/** Default largest total of recording files: 512 MiB; `proxy --record-max-bytes`. */
export const DEFAULT_RECORD_MAX_BYTES = 512 * 1024 * 1024;

/** Recordings up to this size are indented for reading; larger ones are written compact. */
const PRETTY_UP_TO = 64 * 1024;

/** How much a recorder may write. */
export interface RecorderLimits {
  /** An exchange whose bodies are larger is recorded without them (marked `truncated`). */
  maxExchangeBytes?: number;
  /** Once the files reach this total, recording stops (the proxy goes on). */
  maxTotalBytes?: number;
}

/** A short, safe file-name part for an operation name: long or odd names hashed. */
export function fileNameOf(seq: number, operation: string): string {
  const safe = operation.replace(/[^A-Za-z0-9_-]/g, '_');
  const part =
    safe.length <= 60
      ? safe
      : `${safe.slice(0, 40)}-${createHash('sha256').update(operation).digest('hex').slice(0, 12)}`;
  return `${String(seq).padStart(6, '0')}-${part}.json`;
}

/**
 * Saves each exchange as one JSON file of {@link Recording} shape, scrubbed, as it
 * happens: nothing is kept in memory. Bounded: an exchange over the per-exchange cap is written without
 * its bodies, and once the total cap is reached recording stops, said once through `onStop`.
 */
export class Recorder {
  private readonly upstream: string;
  private readonly scrubber: PersonalDataScrubber;
  private readonly maxExchange: number;
  private readonly maxTotal: number;
  private written = 0;
  private stoppedBecause: string | undefined;
  /** Exchanges not recorded since the total cap was reached. */
  private missed = 0;
  /** Told once, when recording stops because the total cap was reached. */
  onStop: ((message: string) => void) | undefined;

  constructor(
    private readonly dir: string,
    upstream: string,
    private readonly revision: Version,
    readonly pseudonyms: Pseudonymizer,
    private readonly now: () => Date = () => new Date(),
    limits: RecorderLimits = {},
  ) {
    mkdirSync(dir, { recursive: true });
    const url = new URL(upstream);
    this.upstream = `${url.protocol}//${url.host}${url.pathname}`;
    this.scrubber = new PersonalDataScrubber(buildRevisionSchema(revision), pseudonyms);
    this.maxExchange = limits.maxExchangeBytes ?? DEFAULT_RECORD_EXCHANGE_BYTES;
    this.maxTotal = limits.maxTotalBytes ?? DEFAULT_RECORD_MAX_BYTES;
  }

  /** Bytes written so far. */
  get bytesWritten(): number {
    return this.written;
  }

  /** Why recording stopped (and how many exchanges were not recorded since), or undefined while it goes on. */
  get stopped(): string | undefined {
    return this.stoppedBecause === undefined
      ? undefined
      : `${this.stoppedBecause}; ${this.missed} exchange(s) not recorded since`;
  }

  private authOf(headers: Record<string, string>): string {
    const value = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
    if (value === undefined || value.trim() === '') return 'none';
    const bearer = /^Bearer\s+(.+)$/i.exec(value.trim())?.[1];
    return bearer ? `bearer:${this.pseudonyms.fingerprint(bearer)}` : 'other';
  }

  /** The scrubbed recording of an exchange (what {@link record} writes). */
  scrub(exchange: RawExchange): Recording {
    const body = exchange.requestBody;
    const truncated =
      exchange.wireBytes !== undefined && exchange.wireBytes > this.maxExchange
        ? { bytes: exchange.wireBytes, limit: this.maxExchange }
        : undefined;
    const request = body && !truncated ? this.scrubber.request(body) : undefined;
    const recording: Recording = {
      format: RECORDING_FORMAT,
      formatVersion: 1,
      seq: exchange.seq,
      recordedAt: this.now().toISOString(),
      revision: this.revision,
      upstream: this.upstream,
      operation: this.scrubber.value(exchange.operation) as string,
      request: {
        method: exchange.method,
        headers: maskHeaders(exchange.requestHeaders),
        auth: this.authOf(exchange.requestHeaders),
        ...(request
          ? {
              body: {
                ...request.body,
                ...(request.body.variables
                  ? { variables: maskBody(request.body.variables) as Record<string, unknown> }
                  : {}),
              },
              ...(request.replaced ? { pseudonymised: true } : {}),
            }
          : {}),
      },
      ...(exchange.response
        ? {
            response: {
              status: exchange.response.status,
              headers: maskHeaders(exchange.response.headers),
              ...(exchange.response.body !== undefined && !truncated
                ? { body: maskBody(this.scrubber.response(exchange.response.body, body)) }
                : {}),
            },
          }
        : {}),
      durationMs: exchange.durationMs,
      ...(truncated ? { truncated } : {}),
      differences: exchange.differences,
    };
    // A token echoed anywhere in a body is masked too, as a last sweep over the text.
    const secrets = secretValues(exchange.requestHeaders);
    return JSON.parse(scrubSecrets(JSON.stringify(recording), secrets)) as Recording;
  }

  private stop(reason: string): void {
    this.stoppedBecause = reason;
    this.missed = 1;
    this.onStop?.(`recording stopped: ${reason}; the proxy goes on without recording`);
  }

  /**
   * Writes the exchange's recording (whole or not at all) and returns its path; undefined once the
   * total cap has stopped recording.
   */
  record(exchange: RawExchange): string | undefined {
    if (this.stoppedBecause !== undefined) {
      this.missed++;
      return undefined;
    }
    const recording = this.scrub(exchange);
    const compact = JSON.stringify(recording);
    const text = `${compact.length <= PRETTY_UP_TO ? JSON.stringify(recording, null, 2) : compact}\n`;
    const bytes = Buffer.byteLength(text);
    if (this.written + bytes > this.maxTotal) {
      this.stop(
        `the recording folder reached its cap of ${this.maxTotal} bytes (--record-max-bytes) at exchange ${exchange.seq}`,
      );
      return undefined;
    }
    const file = path.join(this.dir, fileNameOf(exchange.seq, recording.operation));
    const tmp = `${file}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, file);
    this.written += bytes;
    return file;
  }
}

/** Values under credential-like keys (`password`, `apiKey` …) masked anywhere in a body (the one masker's rule). */
function maskBody(value: unknown): unknown {
  return maskSecrets(value, NO_TOKENS);
}

const NO_TOKENS: ReadonlySet<string> = new Set();
