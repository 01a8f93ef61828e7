import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse as parseYaml } from 'yaml';
import { buildRevisionSchema } from '../../src/contract/generate.js';
import { presenceScenario } from '../../scripts/mutation-presence.js';

const FILE = path.join(process.cwd(), 'conformance', 'certification', 'mutation-presence.yaml');

describe('scripts/mutation-presence', () => {
  it('wrote the scenario the contract gives (run the script after a contract change)', () => {
    expect(readFileSync(FILE, 'utf8')).toBe(presenceScenario());
  });

  it('sends every mutation of each revision, each only where the revision has it', () => {
    const scenario = parseYaml(presenceScenario()) as {
      steps: { id: string; revisions?: string[]; document: string }[];
    };
    for (const revision of ['1.4.0', '1.2.0'] as const) {
      const mutations = Object.keys(buildRevisionSchema(revision).getMutationType()?.getFields() ?? {});
      const sent = scenario.steps
        .filter((s) => s.revisions === undefined || s.revisions.includes(revision))
        .map((s) => /\{ (\w+)/.exec(s.document)?.[1]);
      expect(sent.sort()).toEqual([...mutations].sort());
    }
  });
});
