import type { Version } from '../../contract/versions.js';
import type { Phase } from '../scenario/types.js';
import type { Difference } from './differences.js';

/**
 * Outcome of one step or scenario. `network-error` is the target failing to answer and `unavailable` the
 * target still busy (429/503) after every retry: neither is a difference.
 */
export type Status = 'passed' | 'failed' | 'skipped' | 'network-error' | 'unavailable' | 'error';

/** The request as recorded in reports; secret headers are masked before it is stored. */
export interface RecordedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body: { query: string; variables?: Record<string, unknown> | null; operationName?: string };
}

/** The response as recorded in reports. */
export interface RecordedResponse {
  status: number;
  contentType: string;
  /** Parsed JSON body; absent when the body was not JSON (then `text` holds its start). */
  body?: unknown;
  text?: string;
  durationMs: number;
  attempts: number;
  /** Time spent waiting for the target (rate pacing, `Retry-After`, backoff); never a failure. */
  waitedMs?: number;
  /** Busy answers (429/503) retried before this response. */
  busyRetries?: number;
}

/**
 * A twin of a step (its question asked again another way, A-582, A-602) whose answer gave a difference:
 * what was sent and answered, so the difference can be reproduced without the run.
 */
export interface TwinExchange {
  /** The twin's way, as its `x-rm-harness-twin` header names it. */
  way: string;
  request: RecordedRequest;
  response?: RecordedResponse;
  /** The network failure, when the twin got no answer. */
  note?: string;
}

/** One step's run. */
export interface StepResult {
  stepId: string;
  phase: Phase;
  status: Status;
  /** Why the step was skipped or errored, or the network failure. */
  note?: string;
  request?: RecordedRequest;
  response?: RecordedResponse;
  differences: Difference[];
  /** The twins whose answers gave this step a difference; only those, so a clean run records none. */
  twins?: TwinExchange[];
}

/** One scenario on one revision: a JUnit testcase. */
export interface ScenarioResult {
  scenarioId: string;
  title: string;
  file: string;
  /** Data area: the id's first segment. */
  area: string;
  tags: string[];
  revision: Version;
  status: Status;
  note?: string;
  steps: StepResult[];
  durationMs: number;
}
