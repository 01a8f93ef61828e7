import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isVersion, type Version } from '../../contract/versions.js';
import type { GraphQLRequestBody } from '../request-check.js';

/** Marks a file as a proxy recording. */
export const RECORDING_FORMAT = 'rm-harness-recording';

/**
 * One exchange as `proxy --record` saves it: credentials masked, personal data replaced. The file name
 * starts with the exchange's zero-padded sequence number, so a folder lists in the order of the traffic.
 */
export interface Recording {
  format: typeof RECORDING_FORMAT;
  formatVersion: 1;
  seq: number;
  recordedAt: string;
  revision: Version;
  /** The upstream's address without credentials or query string. */
  upstream: string;
  operation: string;
  request: {
    method: string;
    headers: Record<string, string>;
    /**
     * Whose credentials the exchange carried: `none`, or `bearer:` and a keyed fingerprint of the token
     * (never the token), so a replay runs each step as the same caller. Absent in older files.
     */
    auth?: string;
    /** True when personal values of the request (variables, literals) were replaced: the target holds the originals. */
    pseudonymised?: boolean;
    /** The GraphQL request; absent when the body was not one. */
    body?: GraphQLRequestBody;
  };
  /** Absent when the upstream could not be reached. */
  response?: {
    status: number;
    headers: Record<string, string>;
    /** The parsed JSON body; absent when the body was not JSON. */
    body?: unknown;
  };
  durationMs: number;
  /**
   * Set when the exchange was larger than the per-exchange cap: its bodies are left out and only their
   * sizes kept, so it cannot be replayed.
   */
  truncated?: { bytes: number; limit: number };
  /** Number of differences the proxy found in the exchange (detail is in the reports). */
  differences: number;
}

/** A recording read back, or why a file is not one. */
export type ReadRecording =
  { ok: true; file: string; recording: Recording } | { ok: false; file: string; error: string };

function isRecording(value: unknown): value is Recording {
  const r = value as Partial<Recording> | null;
  return (
    r !== null &&
    typeof r === 'object' &&
    r.format === RECORDING_FORMAT &&
    r.formatVersion === 1 &&
    typeof r.seq === 'number' &&
    isVersion(r.revision) &&
    typeof r.operation === 'string' &&
    typeof r.request === 'object' &&
    r.request !== null
  );
}

/** Every `*.json` recording of a folder, in file-name (traffic) order. */
export function readRecordings(dir: string): ReadRecording[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((name): ReadRecording => {
    const file = path.join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      return { ok: false, file, error: `not JSON: ${(error as Error).message}` };
    }
    return isRecording(parsed)
      ? { ok: true, file, recording: parsed }
      : { ok: false, file, error: `not a ${RECORDING_FORMAT} file (format version 1)` };
  });
}
