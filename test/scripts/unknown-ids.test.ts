import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse as parseYaml } from 'yaml';
import { unknownIdsScenario } from '../../scripts/unknown-ids.js';

const FILE = path.join(process.cwd(), 'conformance', 'certification', 'unknown-ids.yaml');

interface Step {
  id: string;
  as?: string;
  document: string;
  variables?: unknown;
  expect?: { id?: string; basis?: string[] }[];
}

describe('scripts/unknown-ids', () => {
  const scenario = parseYaml(unknownIdsScenario()) as { tags: string[]; steps: Step[] };

  it('wrote the scenario the tenant sweeps give (run the script after changing a sweep)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(unknownIdsScenario());
  });

  it('sends only updates, edits and removals, as the target’s own tenant, with ids no record has', () => {
    expect(scenario.tags).not.toContain('mutates');
    const roots = scenario.steps.map((s) => /\{\s*(\w+)/.exec(s.document)?.[1] ?? '');
    expect(roots.filter((r) => /^(add|patch)/.test(r))).toEqual([]);
    expect(roots).toEqual(
      expect.arrayContaining(['updateActivity', 'removeInitiative', 'editWorkingListDetails']),
    );
    for (const step of scenario.steps) {
      expect(step.as).toBeUndefined();
      const sent = JSON.stringify(step.variables);
      expect(sent).not.toMatch(/\$\{captures\./);
      expect(sent).toMatch(/rm-harness-no-such-\w+-\$\{run\.id\}/);
      for (const e of step.expect ?? []) {
        expect(e.id ?? '').not.toMatch(/other-tenant/);
        expect(e.basis ?? []).not.toContain('A-424');
      }
    }
  });
});
