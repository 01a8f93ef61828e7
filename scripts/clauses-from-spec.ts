// Writes contracts/clauses.json, the repository's own index of the spec's clauses, from a copy of the
// spec given on the command line: `npx tsx scripts/clauses-from-spec.ts path/to/spec.md`. The spec
// itself is not part of the repository, so the tests read only this index (a clause's id and title,
// and each "Not shown" gap with the clause it sits in); rerun it when a new spec revision arrives.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';

/** One clause: a section (`§2`), a subsection (`§2.1`) or a numbered rule of a section (`§7.7`). */
interface Clause {
  id: string;
  title: string;
}

/** A gap the spec names "Not shown", in the clause that names it. */
interface Gap {
  clause: string;
  text: string;
}

/** The first sentence of a rule, shortened, as its title. */
function titleOf(text: string): string {
  const sentence = text
    .replace(/`/g, '')
    .split(/(?<=\.)\s/)[0]!
    .trim();
  return sentence.length <= 100 ? sentence : `${sentence.slice(0, 97).trimEnd()}…`;
}

/** The clauses and gaps of the spec's markdown. */
export function indexSpec(markdown: string): { clauses: Clause[]; notShown: Gap[] } {
  const clauses: Clause[] = [];
  const notShown: Gap[] = [];
  let section = '';
  let current = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\.? (.+)$/.exec(line);
    if (heading) {
      current = `§${heading[1]}`;
      if (!heading[1]!.includes('.')) section = current;
      clauses.push({ id: current, title: heading[2]!.trim() });
      continue;
    }
    const rule = /^(\d+)\. (.+)$/.exec(line);
    if (rule && section) {
      current = `${section}.${rule[1]}`;
      clauses.push({ id: current, title: titleOf(rule[2]!) });
    }
    for (const match of line.matchAll(/Not shown: ([^.]+(?:\.[^ ][^.]*)*)\./g)) {
      notShown.push({ clause: current, text: match[1]!.replace(/`/g, '').trim() });
    }
  }
  return { clauses, notShown };
}

const specPath = process.argv[2];
if (!specPath) {
  process.stderr.write('usage: tsx scripts/clauses-from-spec.ts <spec.md>\n');
  process.exit(2);
}
const file = fileURLToPath(new URL('../contracts/clauses.json', import.meta.url));
const index = indexSpec(readFileSync(specPath, 'utf8'));
const body = {
  $comment:
    'The spec clauses scenarios, assumptions and the SDL cite, and its "Not shown" gaps. Written by scripts/clauses-from-spec.ts from the spec; tests read only this file.',
  source: 'Relationship Management GraphQL API Specification, revisions 1.4.0 and 1.2.0',
  ...index,
};
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(JSON.stringify(body), { ...options, filepath: file }));
process.stdout.write(`wrote ${file}: ${index.clauses.length} clauses, ${index.notShown.length} gaps\n`);
