/**
 * Writes conformance/certification/mutation-presence.yaml from the contract: every mutation of each
 * revision sent with its arguments as required variables that the request leaves out. A correct endpoint
 * refuses such a request while coercing its variables, before anything runs (BAD_USER_INPUT, A-58); an
 * endpoint that lost the mutation or renamed an argument refuses it earlier, as a document that does not
 * validate. So even a read-only run learns that every mutation is there, and writes nothing.
 *
 *   npx tsx scripts/mutation-presence.ts          # rewrite the scenario
 *   npx tsx scripts/mutation-presence.ts --check  # exit 1 when the scenario is not what the contract gives
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCompositeType, isNonNullType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { buildRevisionSchema } from '../src/contract/generate.js';
import type { Version } from '../src/contract/versions.js';

const REVISIONS: readonly Version[] = ['1.4.0', '1.2.0'];
const OUT = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'conformance',
  'certification',
  'mutation-presence.yaml',
);

/** The document of one mutation: each argument a required variable, the result's `__typename` selected. */
function documentOf(field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((a) => `$${a.name}: ${String(a.type)}${isNonNullType(a.type) ? '' : '!'}`);
  const args = field.args.map((a) => `${a.name}: $${a.name}`);
  const selection =
    isCompositeType(isNonNullType(field.type) ? field.type.ofType : field.type) ||
    String(field.type).startsWith('[')
      ? ' { __typename }'
      : '';
  const head = variables.length > 0 ? `(${variables.join(', ')})` : '';
  const call = args.length > 0 ? `(${args.join(', ')})` : '';
  return `mutation Presence${head} { ${field.name}${call}${selection} }`;
}

function mutationsOf(schema: GraphQLSchema): Map<string, string> {
  const fields = schema.getMutationType()?.getFields() ?? {};
  return new Map(Object.values(fields).map((f) => [f.name, documentOf(f)]));
}

/** The scenario's text: one step per mutation and document, limited to the revisions that share it. */
export function presenceScenario(): string {
  const byRevision = new Map(REVISIONS.map((r) => [r, mutationsOf(buildRevisionSchema(r))] as const));
  const steps: { id: string; revisions: Version[]; document: string; name: string }[] = [];
  const names = [...new Set([...byRevision.values()].flatMap((m) => [...m.keys()]))].sort();
  for (const name of names) {
    const documents = new Map<string, Version[]>();
    for (const revision of REVISIONS) {
      const document = byRevision.get(revision)?.get(name);
      if (document !== undefined) documents.set(document, [...(documents.get(document) ?? []), revision]);
    }
    for (const [document, revisions] of documents) {
      const id = documents.size > 1 ? `${name}_${revisions.join('_').replace(/\./g, '')}` : name;
      steps.push({ id, revisions, document, name });
    }
  }
  const lines = [
    '# Written by scripts/mutation-presence.ts from the contract; do not edit by hand.',
    'id: certification.mutation-presence',
    'title: Every mutation of each revision is there, with its arguments, and nothing is written to show it',
    'description: >',
    '  Each mutation is sent with its arguments as required variables that the request leaves out. A',
    '  correct endpoint refuses the request while it coerces the variables, before anything runs: a',
    '  BAD_USER_INPUT error and no data (A-58, A-579). An endpoint that lost the mutation, or renamed or',
    '  dropped one of its arguments, refuses it as a document that does not validate',
    '  (GRAPHQL_VALIDATION_FAILED), which names the mutation. So a read-only run learns that every',
    '  mutation of the revision is served, and nothing is written. Read-only; the steps do not count as',
    '  exercising the mutations in the coverage report (tag presence).',
    'revisions: [1.4.0, 1.2.0]',
    'tags: [certification, versions, presence]',
    "spec: ['§4.2', '§9.3']",
    'assumptions: [A-58, A-579]',
    'steps:',
  ];
  for (const step of steps) {
    lines.push(
      `  - id: ${step.id}`,
      `    title: ${step.name} is served`,
      ...(step.revisions.length < REVISIONS.length ? [`    revisions: [${step.revisions.join(', ')}]`] : []),
      '    document: |',
      `      ${step.document}`,
      '    expect:',
      `      - id: ${step.name}-is-served`,
      '        error: { code: BAD_USER_INPUT }',
      `      - id: ${step.name}-runs-nothing`,
      '        path: data',
      '        exists: false',
    );
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = presenceScenario();
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUT, 'utf8');
    if (current !== text) {
      process.stderr.write(
        'conformance/certification/mutation-presence.yaml is not what the contract gives\n',
      );
      process.exitCode = 1;
    }
  } else {
    writeFileSync(OUT, text);
  }
}
