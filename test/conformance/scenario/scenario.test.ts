import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { formatScenarioFileError } from '../../../src/conformance/scenario/errors.js';
import { interpolate } from '../../../src/conformance/scenario/interpolate.js';
import { loadScenarios, parseScenario } from '../../../src/conformance/scenario/load.js';
import { selectScenarios } from '../../../src/conformance/scenario/select.js';
import { expectationIdOf } from '../../../src/conformance/assert/explicit.js';
import { FIXTURE_SCENARIOS, fixtureScenarios } from '../helpers/run.js';

const valid = `id: demo.one
title: Demo
revisions: [1.4.0]
tags: [demo]
steps:
  - id: read
    document: '{ firm { settings { titles } } }'
`;

const messages = (text: string): string[] =>
  parseScenario(text, 'demo/one.yaml').errors.map(formatScenarioFileError);

describe('scenario files', () => {
  it('ships only valid scenarios', () => {
    expect(loadScenarios().errors.map(formatScenarioFileError)).toEqual([]);
  });

  it('runs a scenario again in each region it names, as <id>@<region>, steps with a region of their own kept', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'regions-'));
    writeFileSync(
      path.join(dir, 'one.yaml'),
      `${valid.replace('tags: [demo]', 'alsoInRegions: [eu, au]\ntags: [demo]')}  - id: elsewhere\n    region: us\n    document: '{ __typename }'\n`,
    );
    const load = loadScenarios(dir);
    expect(load.errors).toEqual([]);
    expect(
      load.scenarios.map(({ scenario, file }) => [
        scenario.id,
        file,
        scenario.copyIn,
        scenario.steps.map((s) => s.region),
      ]),
    ).toEqual([
      ['demo.one', 'one.yaml', undefined, [undefined, 'us']],
      ['demo.one@eu', 'one.yaml', 'eu', ['eu', 'us']],
      ['demo.one@au', 'one.yaml', 'au', ['au', 'us']],
    ]);
    expect(messages(valid.replace('tags: [demo]', 'alsoInRegions: [EU]\ntags: [demo]'))).toEqual([
      expect.stringContaining('alsoInRegions'),
    ]);
  });

  it('keeps the fixture scenarios with stable ids (reports and baselines key on them)', () => {
    const load = loadScenarios(FIXTURE_SCENARIOS);
    expect(load.errors).toEqual([]);
    const ids = load.scenarios.flatMap(({ scenario }) => [
      scenario.id,
      ...scenario.steps.map(
        (s) => `${scenario.id}/${s.id}: ${(s.expect ?? []).map(expectationIdOf).join(' | ')}`,
      ),
    ]);
    expect(ids).toMatchSnapshot();
  });

  it('names file, line and path of a malformed scenario', () => {
    expect(
      messages(
        valid.replace(
          "    document: '{ firm { settings { titles } } }'",
          "    document: '{ firm }'\n    expect:\n      - path: data.firm\n        equalz: 1",
        ),
      ),
    ).toEqual(['demo/one.yaml:9: steps[0].expect[0]: unknown property "equalz"']);
    expect(messages(valid.replace('revisions: [1.4.0]', 'revisions: [1.3.0]'))).toEqual([
      'demo/one.yaml:3: revisions[0]: must be equal to one of the allowed values: 1.4.0, 1.2.0',
    ]);
    expect(messages(valid.replace('id: demo.one', 'id: Demo'))).toEqual([
      'demo/one.yaml:1: id: must match pattern "^[a-z][a-z0-9-]*(\\.[a-z0-9][a-z0-9-]*)+$"',
    ]);
    expect(messages(valid.replace("'{ firm { settings { titles } } }'", "'{ firm {'"))[0]).toMatch(
      /^demo\/one.yaml:7: steps\[0\].document: GraphQL document does not parse/,
    );
    expect(messages('id: [unclosed')[0]).toMatch(/^demo\/one.yaml:1: not valid YAML/);
    expect(messages(valid.replace('revisions: [1.4.0]\n', ''))).toEqual([
      'demo/one.yaml:1: missing property "revisions"',
    ]);
  });

  it('rejects references to later steps and duplicate ids across files', () => {
    const later = `${valid}    variables: { x: '\${steps.later.data.x}' }\n`;
    expect(messages(later)).toEqual([
      'demo/one.yaml:8: steps[0].variables: "${steps.later.data.x}" names no earlier step "later"',
    ]);
    const dir = mkdtempSync(path.join(tmpdir(), 'scenarios-'));
    writeFileSync(path.join(dir, 'a.yaml'), valid);
    writeFileSync(path.join(dir, 'b.yaml'), valid);
    expect(loadScenarios(dir).errors.map(formatScenarioFileError)).toEqual([
      'b.yaml: id: scenario id "demo.one" is also used by a.yaml',
    ]);
  });

  it('selects by glob over id or file and by tag or area', () => {
    const all = fixtureScenarios();
    const ids = (globs: string[], tags: string[] = []): string[] =>
      selectScenarios(all, { globs, tags }).map((s) => s.scenario.id);
    expect(ids(['contacts.*'])).toEqual(['contacts.search-paging']);
    expect(ids(['lists/*'])).toEqual(['lists.add-list-validation', 'lists.working-list-lifecycle']);
    expect(ids([], ['settings'])).toEqual(['settings.regional-settings', 'versioning.currencies']);
  });
});

describe('interpolate', () => {
  const ctx = {
    steps: { a: { data: { n: 3, s: 'x' } } },
    captures: { id: 'l-1' },
    runId: 'r',
    uuid: () => 'u',
  };
  it('keeps the type of a whole reference and stringifies embedded ones', () => {
    expect(
      interpolate(
        {
          n: '${steps.a.data.n}',
          s: 'n=${steps.a.data.n} ${random.uuid} ${run.id}',
          c: ['${captures.id}', '${id}'],
        },
        ctx,
      ),
    ).toEqual({
      ok: true,
      value: { n: 3, s: 'n=3 u r', c: ['l-1', 'l-1'] },
    });
  });
  it('shifts a numeric reference by a whole number, so an expectation states a relation between steps', () => {
    expect(interpolate('${steps.a.data.n + 1}', ctx)).toEqual({ ok: true, value: 4 });
    expect(interpolate('${steps.a.data.n - 2}', ctx)).toEqual({ ok: true, value: 1 });
    expect(interpolate('${steps.l.items[1:3]}', { ...ctx, steps: { l: { items: [1, 2, 3, 4] } } })).toEqual({
      ok: true,
      value: [2, 3],
    });
    // A text slices by characters: the calendar day of an instant.
    expect(
      interpolate('${captures.at[0:10]}', { ...ctx, captures: { at: '2026-05-30T09:30:00.000Z' } }),
    ).toEqual({
      ok: true,
      value: '2026-05-30',
    });
    expect(interpolate('${steps.a.data.n[0:1]}', ctx)).toEqual({
      ok: false,
      error: '${steps.a.data.n[0:1]}: steps.a.data.n is not a list or a text',
    });
    expect(interpolate('${steps.a.data.s + 1}', ctx)).toEqual({
      ok: false,
      error: '${steps.a.data.s + 1}: steps.a.data.s is not a number',
    });
  });
  it('writes a text in other letter case, sliced or whole, so a filter that ignores case is held to it', () => {
    const named = { ...ctx, captures: { name: 'Ada Lovelace' } };
    expect(interpolate('${upper(captures.name[1:6])}', named)).toEqual({ ok: true, value: 'DA LO' });
    expect(interpolate('x ${lower(captures.name)}', named)).toEqual({ ok: true, value: 'x ada lovelace' });
    expect(interpolate('${upper(steps.a.data.n)}', ctx)).toEqual({
      ok: false,
      error: '${upper(steps.a.data.n)}: steps.a.data.n is not a text',
    });
  });
  it('writes a number an earlier step answered as a text, for a filter value typed String', () => {
    const named = { ...ctx, captures: { level: 4, name: 'Ada' } };
    expect(interpolate('${text(captures.level)}', named)).toEqual({ ok: true, value: '4' });
    expect(interpolate('${text(captures.name)}', named)).toEqual({ ok: true, value: 'Ada' });
    expect(interpolate({ v: '${captures.level}' }, named)).toEqual({ ok: true, value: { v: 4 } });
  });
  it('reports what cannot be resolved', () => {
    expect(interpolate('${steps.b.data}', ctx)).toEqual({
      ok: false,
      error: '${steps.b.data}: step "b" has no response',
    });
    expect(interpolate('${nope}', ctx)).toEqual({ ok: false, error: '${nope}: no such capture' });
  });
});
