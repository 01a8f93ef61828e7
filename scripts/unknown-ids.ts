/**
 * Writes conformance/certification/unknown-ids.yaml from the tenant sweeps: every update, edit and
 * removal the second tenant sends with the first tenant's ids (certification.tenant-updates and
 * certification.tenant-write-sweep-*) is sent by the target's own tenant with ids no record has. An
 * endpoint answers an id of another firm as one that does not exist, so the expectations of the
 * sweeps hold here as written: a validationErrors entry for the id, no item, success or isSuccessful
 * false, a GraphQL error naming the id. Nothing exists to change, so a read-only run can send them and
 * learn how every such mutation refuses. Adds and patches are left out: on a faulty endpoint they could
 * create a record; so are steps that need a record of their own tenant.
 *
 *   npx tsx scripts/unknown-ids.ts          # rewrite the scenario
 *   npx tsx scripts/unknown-ids.ts --check  # exit 1 when the scenario is not what the sweeps give
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml, stringify } from 'yaml';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'conformance', 'certification');
const OUT = path.join(DIR, 'unknown-ids.yaml');

/** Clauses of tenancy the sweeps cite: an unknown id needs none of them. */
const TENANCY = new Set(['§5.2', 'A-424', 'A-565']);

interface SourceStep {
  id: string;
  title?: string;
  phase?: string;
  as?: string;
  revisions?: string[];
  document: string;
  variables?: unknown;
  capture?: Record<string, string>;
  find?: Record<string, unknown>;
  expect?: Record<string, unknown>[];
}

interface SourceScenario {
  id: string;
  revisions: string[];
  assumptions: string[];
  steps: SourceStep[];
}

const sources = (): { file: string; scenario: SourceScenario }[] =>
  readdirSync(DIR)
    .filter((f) => f === 'tenant-updates.yaml' || /^tenant-write-sweep-.*\.yaml$/.test(f))
    .sort()
    .map((file) => ({
      file,
      scenario: parseYaml(readFileSync(path.join(DIR, file), 'utf8')) as SourceScenario,
    }));

const rootOf = (document: string): string | undefined => /^\s*mutation\b[^{]*\{\s*(\w+)/.exec(document)?.[1];

/** Every `${captures.x}` in a value replaced by an id no record has; undefined when one is not the first tenant's. */
function unknownIds(value: unknown, firstTenant: ReadonlySet<string>): unknown {
  const text = JSON.stringify(value ?? null);
  const names = [...text.matchAll(/\$\{captures\.(\w+)\}/g)].map((m) => m[1]!);
  if (names.some((n) => !firstTenant.has(n))) return undefined;
  return JSON.parse(text.replace(/\$\{captures\.(\w+)\}/g, 'rm-harness-no-such-$1-${run.id}')) as unknown;
}

function expectationOf(
  e: Record<string, unknown>,
  firstTenant: ReadonlySet<string>,
): Record<string, unknown> {
  const out = unknownIds(e, firstTenant) as Record<string, unknown>;
  if (typeof out.id === 'string') out.id = out.id.replace(/^other-tenant-/, 'no-such-');
  if (Array.isArray(out.basis)) {
    const basis = (out.basis as string[]).filter((b) => !TENANCY.has(b));
    if (basis.length > 0) out.basis = basis;
    else delete out.basis;
  }
  return out;
}

/** The scenario's text: one step per update, edit or removal of the sweeps, by an id no record has. */
export function unknownIdsScenario(): string {
  const steps: Record<string, unknown>[] = [];
  const assumptions = new Set<string>();
  const ids = new Set<string>();
  for (const { scenario } of sources()) {
    const firstTenant = new Set(
      scenario.steps
        .filter((s) => s.as === undefined)
        .flatMap((s) => [...Object.keys(s.capture ?? {}), ...Object.keys(s.find ?? {})]),
    );
    for (const step of scenario.steps) {
      const root = rootOf(step.document);
      if (step.as !== 'limited' || (step.phase ?? 'test') !== 'test' || root === undefined) continue;
      if (/^(add|patch)/.test(root)) continue;
      const variables = unknownIds(step.variables, firstTenant);
      if (variables === undefined) continue;
      const id = ids.has(root) ? `${root}_${step.id}` : root;
      ids.add(id);
      const revisions = step.revisions ?? scenario.revisions;
      steps.push({
        id,
        title: `${root} of ids no record has`,
        ...(revisions.length < 2 ? { revisions } : {}),
        document: step.document,
        variables,
        expect: (step.expect ?? []).map((e) => expectationOf(e, firstTenant)),
      });
    }
    for (const a of scenario.assumptions) if (!TENANCY.has(a)) assumptions.add(a);
  }
  const head = {
    id: 'certification.unknown-ids',
    title: 'Every update, edit and removal by id refuses an id no record has, and says so',
    description: [
      'Every mutation that changes or removes a record by its id is sent with ids no record has (made',
      'from the run id), with the input the tenant sweeps send (certification.tenant-updates and',
      "certification.tenant-write-sweep-*: there the other tenant sends the first tenant's ids, which",
      'it must answer as unknown, A-424). Each is answered as for an id that does not exist: a',
      'validationErrors entry for the id and no item (§7.1, A-63), success or isSuccessful false (§7.2),',
      'a GraphQL error naming the id where the result has no validationErrors (A-10). Nothing exists to',
      'change, so the scenario is safe in a read-only run; adds and patches are left out (a faulty',
      'endpoint could create a record). Written by scripts/unknown-ids.ts from the sweeps.',
    ].join(' '),
    revisions: ['1.4.0', '1.2.0'],
    tags: ['certification', 'errors'],
    spec: ['§4.2', '§7.1', '§7.2', '§7.3'],
    assumptions: [...assumptions].sort(),
    steps,
  };
  return `# Written by scripts/unknown-ids.ts from the tenant sweeps; do not edit by hand.\n${stringify(head, { lineWidth: 110 })}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = unknownIdsScenario();
  if (process.argv.includes('--check')) {
    if (readFileSync(OUT, 'utf8') !== text) {
      process.stderr.write('conformance/certification/unknown-ids.yaml is not what the tenant sweeps give\n');
      process.exitCode = 1;
    }
  } else {
    writeFileSync(OUT, text);
  }
}
