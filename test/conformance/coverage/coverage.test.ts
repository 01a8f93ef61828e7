import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runCli } from '../../../src/cli/run.js';
import { buildRevisionSchema } from '../../../src/contract/generate.js';
import { readAssumptionIds, readSpecRules } from '../../../src/conformance/coverage/catalogues.js';
import { computeCoverage, type CoverageReport } from '../../../src/conformance/coverage/coverage.js';
import { checkGate } from '../../../src/conformance/coverage/gate.js';
import { gateChecks } from '../../../src/conformance/report/coverage-text.js';
import type { ScenarioResult, StepResult } from '../../../src/conformance/results/run-result.js';
import { parseScenario } from '../../../src/conformance/scenario/load.js';
import type { LoadedScenario } from '../../../src/conformance/scenario/types.js';
import { FIXTURE_SCENARIOS } from '../helpers/run.js';
import { startTestServer, TEST_TOKEN, type TestServer } from '../helpers/server.js';

const scenarioYaml = `id: demo.coverage
title: Coverage demo
revisions: [1.4.0, 1.2.0]
tags: [demo]
spec: ['§8/skip-default', '§4.1']
assumptions: [A-33]
steps:
  - id: search
    document: |
      query Search($filter: [ContactFilterInput], $limit: Int) {
        searchFirmContacts(skip: 0, limit: $limit, sort: { field: "displayName" }, filter: $filter) {
          totalModels
          models { id ...Names activities(skip: 1) { totalModels } }
        }
      }
      fragment Names on Person { firstName }
      fragment Unused on Company { alias }
    expect:
      - path: data.searchFirmContacts.totalModels
        type: integer
        basis: ['§8/limit-default']
  - id: invalid
    document: '{ folderTypes(listClass: [workingLists], noSuchArgument: 1) { totalModels nope } }'
    expect:
      - error: { code: GRAPHQL_VALIDATION_FAILED }
        basis: [A-58]
  - id: add
    document: 'mutation Add($input: AddListInput!) { addList(input: $input) { validationErrors { propertyName } } }'
    expect:
      - validationErrors: [name]
`;

const loaded: LoadedScenario = {
  scenario: parseScenario(scenarioYaml, 'demo.yaml').scenario!,
  file: 'demo.yaml',
};

function step(
  stepId: string,
  query: string,
  variables?: Record<string, unknown>,
  operationName?: string,
): StepResult {
  return {
    stepId,
    phase: 'test',
    status: 'passed',
    request: {
      method: 'POST',
      url: 'http://x',
      headers: {},
      body: { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
    },
    differences: [],
  };
}

function resultOf(steps: StepResult[]): ScenarioResult {
  return {
    scenarioId: 'demo.coverage',
    title: '',
    file: 'demo.yaml',
    area: 'demo',
    tags: [],
    revision: '1.4.0',
    status: 'passed',
    steps,
    durationMs: 0,
  };
}

function coverageOf(
  steps: StepResult[],
  specRules = ['§8/skip-default', '§8/limit-default', '§1.6'],
  assumptions = ['A-33', 'A-58', 'A-01'],
): CoverageReport {
  return computeCoverage([loaded], [resultOf(steps)], ['1.4.0'], buildRevisionSchema, {
    specRules,
    assumptions,
  });
}

const s = loaded.scenario.steps;

describe('coverage', () => {
  it('counts the operations of each revision (95 and 42) and reports what is not covered', () => {
    const c = computeCoverage([], [], ['1.4.0', '1.2.0'], buildRevisionSchema, {
      specRules: [],
      assumptions: [],
    });
    expect(
      c.revisions.map((r) => [r.revision, r.operations.total, r.operations.covered, r.operations.percent]),
    ).toEqual([
      ['1.4.0', 95, 0, 0],
      ['1.2.0', 42, 0, 0],
    ]);
    expect(c.revisions[0]?.operations.uncovered).toContain('Query.searchFirmContacts');
    expect(c.revisions[0]?.operations.uncovered).toContain('Mutation.addMatter');
    expect(c.revisions[1]?.operations.uncovered).not.toContain('Mutation.addMatter');
  });

  it('counts arguments, literal input fields, variable values walked through their input types, and result fields', () => {
    const c = coverageOf([
      step('search', s[0]!.document, { filter: [{ field: 'term', value: 'x' }], limit: null }, 'Search'),
      step('add', s[2]!.document, { input: { name: '', folderTypeId: 'f', notAField: 1 } }),
    ]).revisions[0]!;
    const covered = (count: { uncovered: string[] }, name: string): boolean =>
      !count.uncovered.includes(name);
    expect(c.operations.covered).toBe(2);
    // Literal and given arguments count; a variable given as null does not.
    expect(covered(c.arguments, 'Query.searchFirmContacts(skip)')).toBe(true);
    expect(covered(c.arguments, 'Query.searchFirmContacts(sort)')).toBe(true);
    expect(covered(c.arguments, 'Query.searchFirmContacts(filter)')).toBe(true);
    expect(covered(c.arguments, 'Query.searchFirmContacts(limit)')).toBe(false);
    // An argument on an interface field covers it on every implementation.
    expect(covered(c.arguments, 'Person.activities(skip)')).toBe(true);
    expect(covered(c.arguments, 'Company.activities(skip)')).toBe(true);
    expect(covered(c.inputFields, 'SortInput.field')).toBe(true);
    expect(covered(c.inputFields, 'SortInput.direction')).toBe(false);
    expect(covered(c.inputFields, 'ContactFilterInput.field')).toBe(true);
    expect(covered(c.inputFields, 'ContactFilterInput.value')).toBe(true);
    expect(covered(c.inputFields, 'ContactFilterInput.values')).toBe(false);
    expect(covered(c.inputFields, 'AddListInput.name')).toBe(true);
    expect(covered(c.inputFields, 'AddListInput.description')).toBe(false);
    expect(c.inputFields.uncovered.some((f) => f.includes('notAField'))).toBe(false);
    // Interface selections cover implementations; fragments count only when spread.
    expect(covered(c.resultFields, 'Person.id')).toBe(true);
    expect(covered(c.resultFields, 'Company.id')).toBe(true);
    expect(covered(c.resultFields, 'Person.firstName')).toBe(true);
    expect(covered(c.resultFields, 'Company.alias')).toBe(false);
    expect(covered(c.resultFields, 'ValidationErrors.propertyName')).toBe(true);
    expect(c.resultFields.uncovered.some((f) => f.startsWith('Query.') || f.startsWith('Contact.'))).toBe(
      false,
    );
  });

  it('does not count the steps of a presence scenario (each refused before it runs) as exercising anything', () => {
    const presence: LoadedScenario = {
      ...loaded,
      scenario: { ...loaded.scenario, tags: [...loaded.scenario.tags, 'presence'] },
    };
    const steps = [step('add', s[2]!.document, { input: { name: 'n', folderTypeId: 'f' } })];
    const counted = (scenario: LoadedScenario): number =>
      computeCoverage([scenario], [resultOf(steps)], ['1.4.0'], buildRevisionSchema, {
        specRules: [],
        assumptions: [],
      }).revisions[0]!.operations.covered;
    expect(counted(loaded)).toBe(1);
    expect(counted(presence)).toBe(0);
  });

  it('ignores what the schema does not know instead of failing, and tells success from error paths', () => {
    const c = coverageOf([
      step('search', s[0]!.document, {}, 'Search'),
      step('invalid', s[1]!.document),
      step('add', s[2]!.document, { input: { name: '', folderTypeId: 'f' } }),
      { stepId: 'skipped', phase: 'test', status: 'skipped', differences: [] },
    ]).revisions[0]!;
    const op = (name: string) => c.byOperation.find((o) => o.name === name);
    expect(op('Query.searchFirmContacts')).toEqual({
      name: 'Query.searchFirmContacts',
      hits: 1,
      successPath: true,
      errorPath: false,
      scenarios: ['demo.coverage'],
    });
    expect(op('Query.folderTypes')).toMatchObject({ hits: 1, successPath: false, errorPath: true });
    expect(op('Mutation.addList')).toMatchObject({ hits: 1, successPath: false, errorPath: true });
    expect(c.withoutErrorPath).toContain('Query.searchFirmContacts');
    expect(c.withoutSuccessPath).toContain('Query.folderTypes');
    expect(c.arguments.uncovered).not.toContain('Query.folderTypes(listClass)');
  });

  it('lists the spec rules and assumptions cited in scenario lists and expectation bases', () => {
    const c = coverageOf([]);
    expect(c.specRules).toEqual({
      total: 3,
      covered: 2,
      percent: 66.7,
      uncited: ['§1.6'],
      citedBy: { '§8/limit-default': ['demo.coverage'], '§8/skip-default': ['demo.coverage'] },
    });
    expect(c.assumptions.uncited).toEqual(['A-01']);
    expect(Object.keys(c.assumptions.citedBy)).toEqual(['A-33', 'A-58']);
  });

  it('reads the repository catalogues', () => {
    const rules = readSpecRules();
    expect(rules.ok && rules.ids).toEqual(
      expect.arrayContaining(['§1.6', '§8/skip-default', '§9.3/checkSecurity']),
    );
    const assumptions = readAssumptionIds();
    expect(assumptions.ok && assumptions.ids.slice(0, 2)).toEqual(['A-01', 'A-02']);
    expect(readSpecRules('/nonexistent/rules.yaml')).toMatchObject({
      ok: false,
      error: expect.stringContaining('cannot read spec rules'),
    });
  });

  it('gates on operation coverage exactly and on uncited rules', () => {
    const c = coverageOf([step('search', s[0]!.document, {}, 'Search')]);
    expect(checkGate(c, { requireRules: false })).toEqual({
      requireRules: false,
      passed: true,
      failures: [],
    });
    const gate = checkGate(c, { minOperationCoverage: 1.06, requireRules: true });
    expect(gate.passed).toBe(false);
    expect(gate.failures[0]).toMatch(
      /^operation coverage of 1\.4\.0 is 1\.1% \(1 of 95\), below --min-operation-coverage 1\.06; not covered: Mutation\.\w+, .*… \(84 more\)$/,
    );
    expect(gate.failures[1]).toBe('1 spec rule is cited by no scenario (--require-rules): §1.6');
    expect(checkGate(c, { minOperationCoverage: 1.05, requireRules: false }).passed).toBe(true);
  });

  it('says which rules the gate counted: cited ones, or verified ones with a rule verification', () => {
    const c = coverageOf([step('search', s[0]!.document, {}, 'Search')]);
    expect(gateChecks(checkGate(c, { requireRules: true }))).toBe('every spec rule cited');
    const verification = { total: 1, cited: 1, breakable: 1, verified: 1, rules: [] };
    const gate = checkGate(c, { requireRules: true }, verification);
    expect(gate.rulesVerified).toBe(true);
    expect(gateChecks(gate)).toBe('every spec rule verified');
  });
});

describe('coverage in the CLI and the reports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ simulator: true });
  });
  afterAll(() => server.close());

  async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runCli(
      [
        'conform',
        '--target',
        server.endpoint,
        '--token',
        TEST_TOKEN,
        ...(argv.includes('--scenarios-dir') ? [] : ['--scenarios-dir', FIXTURE_SCENARIOS]),
        '--no-drift',
        ...argv,
      ],
      {
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: (t: string) => (stderr += t) },
      },
    );
    return { code, stdout, stderr };
  }

  it('prints one line of coverage and writes it into the JSON, Markdown and HTML reports', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'coverage-'));
    const run = await cli('--report-dir', dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /\n {2}coverage: 1\.4\.0 operations 8\/95 \(8\.4%\), arguments \d+\/210 \([\d.]+%\), input fields \d+\/455 .*; 1\.2\.0 operations 3\/42 \(7\.1%\), .*; spec rules cited 2\/29 \(6\.9%\); assumptions with scenarios \d+\/\d+ /,
    );
    expect(run.stdout).not.toContain('coverage gate');
    const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      coverage: CoverageReport;
    };
    expect(
      json.coverage.revisions.map((r) => [r.revision, r.operations.covered, r.operations.total]),
    ).toEqual([
      ['1.4.0', 8, 95],
      ['1.2.0', 3, 42],
    ]);
    expect(json.coverage.revisions[0]?.byOperation.find((o) => o.name === 'Mutation.addList')).toMatchObject({
      errorPath: true,
      successPath: false,
    });
    expect(json.coverage.specRules.citedBy).toEqual({
      '§7.1': ['lists.add-list-validation'],
      '§7.2': ['lists.working-list-lifecycle'],
    });
    const md = readFileSync(path.join(dir, 'conformance.md'), 'utf8');
    expect(md).toContain('### Coverage');
    expect(md).toContain('| 1.4.0 | 8/95 (8.4%) |');
    expect(md).toMatch(
      /Spec rules of `conformance\/spec-rules.yaml` cited by a scenario: 2\/29 \(6\.9%\); uncited: `§1\.6`, /,
    );
    expect(md).toContain('<details><summary>Not covered on 1.2.0</summary>');
    const html = readFileSync(path.join(dir, 'conformance.html'), 'utf8');
    expect(html).toContain('<h2>Coverage</h2>');
    expect(html).toContain('<code>Mutation.addMatter</code>');
  });

  it('--fail-on any fails the run on a non-breaking difference that --fail-on breaking lets pass', async () => {
    const scenarios = mkdtempSync(path.join(tmpdir(), 'fail-on-'));
    // A SHOULD expectation the simulator misses: a non-breaking difference.
    writeFileSync(
      path.join(scenarios, 'should-miss.yaml'),
      `id: demo.should-miss
title: a SHOULD expectation that is missed
revisions: [1.4.0]
tags: [demo]
steps:
  - id: types
    document: 'query { relationshipTypes { id } }'
    expect:
      - path: data.relationshipTypes
        count: { max: 0 }
        level: SHOULD
        basis: [A-34]
`,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'coverage-'));
    const lenient = await cli('--report-dir', dir, '--scenarios-dir', scenarios);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toContain('CONFORMS');
    const strict = await cli('--report-dir', dir, '--scenarios-dir', scenarios, '--fail-on', 'any');
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('coverage gate (no non-breaking difference): FAILED, 1 check');
    expect(strict.stderr.trimEnd()).toMatch(
      /^rm-harness: coverage gate failed: 1 non-breaking difference \(--fail-on any\): \w/,
    );
    const json = JSON.parse(readFileSync(path.join(dir, 'conformance.json'), 'utf8')) as {
      gate: { passed: boolean; failOn: string };
    };
    expect(json.gate).toMatchObject({ passed: false, failOn: 'any' });
  });

  it('--min-operation-coverage and --require-rules fail the run with one clear line per failed check', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'coverage-'));
    const failed = await cli('--report-dir', dir, '--min-operation-coverage', '100', '--require-rules');
    expect(failed.code).toBe(1);
    // Nothing differed, but the failed gate fails the run: the verdict says so.
    expect(failed.stdout).toContain('0 breaking, 0 non-breaking difference(s): DOES NOT CONFORM');
    expect(failed.stdout).toContain(
      'coverage gate (operation coverage >= 100% per revision, every spec rule cited): FAILED, 3 checks',
    );
    const lines = failed.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^rm-harness: coverage gate failed: operation coverage of 1\.4\.0 is 8\.4% \(8 of 95\), below --min-operation-coverage 100; not covered: /,
    );
    expect(lines[1]).toMatch(
      /^rm-harness: coverage gate failed: operation coverage of 1\.2\.0 is 7\.1% \(3 of 42\)/,
    );
    expect(lines[2]).toMatch(
      /^rm-harness: coverage gate failed: 27 spec rules are cited by no scenario \(--require-rules\): §1\.6, /,
    );
    expect(readFileSync(path.join(dir, 'conformance.md'), 'utf8')).toContain('**Coverage gate failed**');
    const passed = await cli('--report-dir', dir, '--min-operation-coverage', '7');
    expect(passed).toMatchObject({ code: 0, stderr: '' });
    expect(passed.stdout).toContain('coverage gate (operation coverage >= 7% per revision): passed');
    expect(
      (await cli('--report-dir', dir, '--version', '1.4.0', '--min-operation-coverage', '8.5')).code,
    ).toBe(1);
    const badFailOn = await cli('--report-dir', dir, '--fail-on', 'some');
    expect(badFailOn).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--fail-on must be "breaking" or "any" (got "some")'),
    });
    const bad = await cli('--report-dir', dir, '--min-operation-coverage', '101');
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--min-operation-coverage must be a percentage from 0 to 100, got "101"',
      ),
    });
  });
});
