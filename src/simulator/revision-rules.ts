import {
  Kind,
  parse,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
} from 'graphql';
import { loadRevisionSdl } from '../contract/generate.js';
import type { BreakableRule } from '../domain/shared/rule-switch.js';

/** The §9.3 rules: what 1.2.0 lacks of 1.4.0. Breaking one serves that part of 1.4.0 on 1.2.0. */
export const REVISION_RULES = ['§9.3/score', '§9.3/checkSecurity', '§9.3/operations'] as const;

/** A §9.3 rule. */
export type RevisionRule = (typeof REVISION_RULES)[number];

/** Whether a breakable rule is one of the §9.3 revision differences. */
export function isRevisionRule(rule: BreakableRule): rule is RevisionRule {
  return (REVISION_RULES as readonly string[]).includes(rule);
}

type Named = DefinitionNode & { name: { value: string } };

function named(doc: DocumentNode): Map<string, Named> {
  const byName = new Map<string, Named>();
  for (const d of doc.definitions) if ('name' in d && d.name) byName.set(d.name.value, d as Named);
  return byName;
}

function objectType(byName: Map<string, Named>, name: string): ObjectTypeDefinitionNode | undefined {
  const d = byName.get(name);
  return d?.kind === Kind.OBJECT_TYPE_DEFINITION ? d : undefined;
}

function withFields(type: ObjectTypeDefinitionNode, fields: readonly FieldDefinitionNode[]) {
  return { ...type, fields };
}

/**
 * Test-only: the 1.2.0 type definitions with the parts of 1.4.0 the broken §9.3 rules name, so a
 * rule-verification run sees 1.2.0 accept what it must refuse. `§9.3/score` serves the 1.4.0 `Score`,
 * `§9.3/checkSecurity` the 1.4.0 `folderTypes` (with its argument), `§9.3/operations` every 1.4.0
 * query and mutation 1.2.0 lacks, with the 1.4.0 types 1.2.0 lacks.
 */
export function revisionTypeDefsWithout(rules: ReadonlySet<RevisionRule>): DocumentNode {
  const older = parse(loadRevisionSdl('1.2.0'));
  const newer = named(parse(loadRevisionSdl('1.4.0')));
  const olderByName = named(older);
  const replaced = new Map<string, DefinitionNode>();
  if (rules.has('§9.3/score')) {
    const score = newer.get('Score');
    if (score) replaced.set('Score', score);
  }
  const patchRoot = (root: string, patch: (fields: FieldDefinitionNode[]) => FieldDefinitionNode[]) => {
    const type =
      (replaced.get(root) as ObjectTypeDefinitionNode | undefined) ?? objectType(olderByName, root);
    if (type) replaced.set(root, withFields(type, patch([...(type.fields ?? [])])));
  };
  if (rules.has('§9.3/checkSecurity')) {
    const newest = objectType(newer, 'Query')?.fields?.find((f) => f.name.value === 'folderTypes');
    if (newest)
      patchRoot('Query', (fields) => fields.map((f) => (f.name.value === 'folderTypes' ? newest : f)));
  }
  const added: DefinitionNode[] = [];
  if (rules.has('§9.3/operations')) {
    for (const root of ['Query', 'Mutation']) {
      const has = new Set(objectType(olderByName, root)?.fields?.map((f) => f.name.value));
      const extra = objectType(newer, root)?.fields?.filter((f) => !has.has(f.name.value)) ?? [];
      patchRoot(root, (fields) => [...fields, ...extra]);
    }
    // Types the added operations may reach; unreferenced ones do no harm.
    for (const [name, d] of newer) if (!olderByName.has(name)) added.push(d);
  }
  const definitions = older.definitions.map((d) =>
    'name' in d && d.name ? (replaced.get(d.name.value) ?? d) : d,
  );
  return { ...older, definitions: [...definitions, ...added] };
}
