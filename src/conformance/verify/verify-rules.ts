import { DEV_TOKENS } from '../../contract/endpoint.js';
import type { Difference } from '../outcome/differences.js';
import type { ScenarioResult } from '../results/run-result.js';
import type { LoadedScenario } from '../scenario/types.js';
import { sendHttp, type HttpOptions } from '../target/http-client.js';
import { endpointOf, simulatorTemplate, type Target, type TargetFactory } from '../target/target.js';
import type { RuleVerification, RuleVerificationReport } from '../outcome/rule-verification.js';
import { ABSENCE_RULES } from './absence-rules.js';

/** What a verification run needs. */
export interface VerifyOptions {
  /** Every selected scenario; those citing a rule run while it is broken. */
  scenarios: readonly LoadedScenario[];
  /** Rule ids of conformance/spec-rules.yaml. */
  rules: readonly string[];
  /** Scenario ids citing each rule (the coverage report's `specRules.citedBy`). */
  citedBy: Readonly<Record<string, readonly string[]>>;
  /** Starts a fresh simulator that accepts `breakRules` and reports its admin token. */
  startSimulator: TargetFactory;
  /**
   * Runs scenarios against the simulator with the rule broken. The caller (run/conform.ts) passes its
   * runner in, so verify/ stays below run/ rather than calling back into it.
   */
  run: (scenarios: readonly LoadedScenario[], target: Target) => Promise<ScenarioResult[]>;
  http: HttpOptions;
  region?: string;
  /** Told before each rule is checked. */
  onRule?: (rule: string) => void;
}

const MAX_EVIDENCE = 5;

/** Whether a difference is a MUST expectation resting on `rule` failing. */
function shows(rule: string, d: Difference): boolean {
  return d.severity === 'breaking' && d.level === 'MUST' && d.basis.spec.includes(rule);
}

function evidenceOf(rule: string, results: readonly ScenarioResult[]): string[] {
  return results
    .flatMap((r) => r.steps.flatMap((s) => s.differences))
    .filter((d) => shows(rule, d))
    .map((d) => `${d.scenarioId}@${d.revision}/${d.stepId}/${d.expectationId}`);
}

async function breakRule(
  baseUrl: string,
  adminToken: string | undefined,
  rule: string,
  http: HttpOptions,
): Promise<string | undefined> {
  const outcome = await sendHttp(
    `${baseUrl.replace(/\/+$/, '')}/__admin/faults`,
    {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}),
      },
      body: JSON.stringify({ breakRules: [rule] }),
    },
    http,
  );
  if (outcome.kind === 'network-error') return `the simulator's admin API did not answer: ${outcome.message}`;
  if (outcome.status === 200) return undefined;
  if (outcome.status === 400) return 'the simulator has no switch for this rule yet';
  const message = (outcome.body as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message;
  return message ?? `the simulator refused to break it (HTTP ${outcome.status})`;
}

/** Checks one rule: a fresh simulator with the rule broken, the scenarios citing it, their MUST failures. */
async function verifyOne(rule: string, options: VerifyOptions): Promise<RuleVerification> {
  const citedBy = [...(options.citedBy[rule] ?? [])];
  const absence = ABSENCE_RULES[rule];
  if (absence !== undefined) return { rule, status: 'absence', citedBy, evidence: [], note: absence };
  if (citedBy.length === 0) return { rule, status: 'uncited', citedBy, evidence: [] };
  const started = await options.startSimulator();
  try {
    const refused = await breakRule(started.baseUrl, started.adminToken, rule, options.http);
    if (refused !== undefined) return { rule, status: 'not-breakable', citedBy, evidence: [], note: refused };
    const template = simulatorTemplate(started.baseUrl, options.region);
    const target: Target = {
      label: `sim (${rule} broken)`,
      endpointFor: (v) => endpointOf(template, v),
      headers: { authorization: `Bearer ${DEV_TOKENS.full}` },
      limitedHeaders: { authorization: `Bearer ${DEV_TOKENS.limited}` },
      isSimulator: true,
    };
    const citing = options.scenarios.filter((s) => citedBy.includes(s.scenario.id));
    const results = await options.run(citing, target);
    const evidence = evidenceOf(rule, results);
    if (evidence.length > 0)
      return { rule, status: 'verified', citedBy, evidence: evidence.slice(0, MAX_EVIDENCE) };
    const troubled = results.filter((r) => r.status === 'error' || r.status === 'network-error').length;
    return {
      rule,
      status: 'unverified',
      citedBy,
      evidence: [],
      note: `no MUST expectation resting on ${rule} failed with the rule broken${troubled > 0 ? ` (${troubled} scenario run(s) ended in errors)` : ''}`,
    };
  } finally {
    await started.close();
  }
}

/**
 * Proves rules rather than counting citations: for each rule of the catalogue, the scenarios citing
 * it run against a fresh simulator with that one rule broken; the rule is verified when at least one
 * MUST expectation resting on it fails. Rules stating an absence are reported apart and left out of
 * the denominator.
 */
export async function verifyRules(options: VerifyOptions): Promise<RuleVerificationReport> {
  const rules: RuleVerification[] = [];
  for (const rule of options.rules) {
    options.onRule?.(rule);
    rules.push(await verifyOne(rule, options));
  }
  return {
    total: rules.length,
    cited: rules.filter((r) => r.citedBy.length > 0).length,
    breakable: rules.filter((r) => r.status !== 'absence').length,
    verified: rules.filter((r) => r.status === 'verified').length,
    rules,
  };
}
