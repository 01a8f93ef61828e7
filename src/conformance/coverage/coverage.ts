// An import list (boilerplate): it names what other files import too.
import {
  getNamedType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  typeFromAST,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { Version } from '../../contract/versions.js';
import { isErrorExpectation, isValidationErrorsExpectation } from '../assert/explicit.js';
import type { ScenarioResult } from '../outcome/scenario-result.js';
import { PRESENCE_TAG, type Expectation, type LoadedScenario, type Scenario } from '../scenario/types.js';

/**
 * How much of a set the executed steps exercised, in the style of graphql-inspector's coverage:
 * counts, a percentage and the names of what was not covered.
 */
export interface CoverageCount {
  total: number;
  covered: number;
  /** Rounded to one decimal; gates compare `covered` and `total` exactly. */
  percent: number;
  uncovered: string[];
}

/** One operation (root field) and how the executed steps exercised it. */
export interface OperationCoverage {
  /** `Query.contact`, `Mutation.addList`. */
  name: string;
  /** Executed steps whose document selects it. */
  hits: number;
  /** An executed step with value assertions and no error expectation selects it. */
  successPath: boolean;
  /** An executed step expecting a GraphQL error or validationErrors selects it. */
  errorPath: boolean;
  /** Scenarios whose executed steps select it. */
  scenarios: string[];
  /** Checks judged on its answers (the fuzzer counts them; scenario runs leave this out). */
  checks?: number;
}

/** Coverage of one revision's contract by the steps executed against it. */
export interface RevisionCoverage {
  revision: Version;
  /** Fields of Query and Mutation. */
  operations: CoverageCount;
  /** `Type.field(argument)` of every object type's fields, passed in a document (a variable counts when given or defaulted); on an interface it covers the implementations. */
  arguments: CoverageCount;
  /** `InputType.field`, given in a literal or in a variable's value. */
  inputFields: CoverageCount;
  /** `Type.field` of every object type but the root types; a selection on an interface covers its implementations. */
  resultFields: CoverageCount;
  /** Operations without an executed success path (value assertions, no error expected). */
  withoutSuccessPath: string[];
  /** Operations without an executed error path (a GraphQL error or validationErrors expected). */
  withoutErrorPath: string[];
  byOperation: OperationCoverage[];
}

/** Which ids of a catalogue (spec rules, assumptions) scenarios cite. */
export interface CitationCoverage {
  total: number;
  covered: number;
  percent: number;
  /** Ids no scenario cites. */
  uncited: string[];
  /** Scenario ids citing each cited id. */
  citedBy: Record<string, string[]>;
}

/** The coverage section of a run. */
export interface CoverageReport {
  revisions: RevisionCoverage[];
  /** Rules of conformance/spec-rules.yaml cited in a scenario's `spec` or an expectation's `basis`. */
  specRules: CitationCoverage;
  /** Assumption ids of contracts/ASSUMPTIONS.md cited in `assumptions` or a `basis`. */
  assumptions: CitationCoverage;
}

/** The catalogues citations are measured against. */
export interface CoverageCatalogues {
  /** Rule ids of conformance/spec-rules.yaml. */
  specRules: string[];
  /** Assumption ids of contracts/ASSUMPTIONS.md. */
  assumptions: string[];
}

/** A share as a percentage rounded to one decimal; 100 for an empty set. */
export function percentOf(covered: number, total: number): number {
  return total === 0 ? 100 : Math.round((covered / total) * 1000) / 10;
}

function countOf(universe: readonly string[], hit: ReadonlySet<string>): CoverageCount {
  const covered = universe.filter((u) => hit.has(u)).length;
  return {
    total: universe.length,
    covered,
    percent: percentOf(covered, universe.length),
    uncovered: universe.filter((u) => !hit.has(u)),
  };
}

/** Whether a count is below a percentage, exactly (99.96% is below 100). */
export function isBelow(count: { covered: number; total: number }, percent: number): boolean {
  return count.total > 0 && count.covered * 100 < percent * count.total;
}

/** Everything of a schema that coverage counts, sorted. */
interface Universe {
  operations: string[];
  arguments: string[];
  inputFields: string[];
  resultFields: string[];
}

function universeOf(schema: GraphQLSchema): Universe {
  const u: Universe = { operations: [], arguments: [], inputFields: [], resultFields: [] };
  const roots = new Set(
    [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
      .filter(Boolean)
      .map((t) => t?.name),
  );
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isInputObjectType(type)) {
      for (const f of Object.keys(type.getFields())) u.inputFields.push(`${type.name}.${f}`);
    } else if (isObjectType(type)) {
      // Interfaces are not counted themselves: a selection on one covers the fields of its implementations.
      for (const field of Object.values(type.getFields())) {
        for (const arg of field.args) u.arguments.push(`${type.name}.${field.name}(${arg.name})`);
        u[roots.has(type.name) ? 'operations' : 'resultFields'].push(`${type.name}.${field.name}`);
      }
    }
  }
  for (const list of Object.values(u)) list.sort();
  return u;
}

/** What one executed document exercised. */
interface Hits {
  operations: Set<string>;
  arguments: Set<string>;
  inputFields: Set<string>;
  resultFields: Set<string>;
}

/** Marks the input fields a runtime value gives, walking it through its input type. */
function walkValue(type: GraphQLInputType, value: unknown, hits: Set<string>): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) {
    walkValue(type.ofType, value, hits);
  } else if (isListType(type)) {
    // Input coercion accepts a single value where a list is expected.
    for (const item of Array.isArray(value) ? value : [value])
      walkValue(type.ofType as GraphQLInputType, item, hits);
  } else if (isInputObjectType(type) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = type.getFields();
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const field = fields[key];
      if (!field || v === undefined) continue;
      hits.add(`${type.name}.${key}`);
      walkValue(field.type, v, hits);
    }
  }
}

/** Operations, arguments, input fields (literals and variable values) and result fields of one executed request. */
function hitsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): Hits {
  const hits: Hits = {
    operations: new Set(),
    arguments: new Set(),
    inputFields: new Set(),
    resultFields: new Set(),
  };
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return hits;
  const given = new Set<string>();
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type);
    // An explicit null exercises nothing of an argument or input field, like an absent value.
    const value = variables[name];
    if (value !== undefined && value !== null) {
      given.add(name);
      if (type) walkValue(type as GraphQLInputType, value, hits.inputFields);
    } else if (!(name in variables) && def.defaultValue && def.defaultValue.kind !== Kind.NULL)
      given.add(name);
  }
  // Only the executed operation and the fragments it (transitively) spreads.
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const reachable = new Set<string>();
  const spreadIn = (node: unknown): void => {
    visit(node as DocumentNode, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const fragment = fragments.get(name);
        if (reachable.has(name) || !fragment) return;
        reachable.add(name);
        spreadIn(fragment);
      },
    });
  };
  spreadIn(operation);
  const typeInfo = new TypeInfo(schema);
  const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name].filter(Boolean));
  const visitor = visitWithTypeInfo(typeInfo, {
    Field(node) {
      const parent = typeInfo.getParentType();
      const field = typeInfo.getFieldDef();
      if (!parent || !field || node.name.value === '__typename') return;
      if (roots.has(parent.name)) hits.operations.add(`${parent.name}.${field.name}`);
      else if (isObjectType(parent)) hits.resultFields.add(`${parent.name}.${field.name}`);
      else if (isInterfaceType(parent)) {
        for (const impl of schema.getPossibleTypes(parent))
          hits.resultFields.add(`${impl.name}.${field.name}`);
      }
    },
    Argument(node) {
      const arg = typeInfo.getArgument();
      const field = typeInfo.getFieldDef();
      const parent = typeInfo.getParentType();
      if (!arg || !field || !parent || typeInfo.getDirective()) return;
      if (node.value.kind === Kind.VARIABLE && !given.has(node.value.name.value)) return;
      if (node.value.kind === Kind.NULL) return;
      for (const type of isInterfaceType(parent) ? schema.getPossibleTypes(parent) : [parent]) {
        hits.arguments.add(`${type.name}.${field.name}(${arg.name})`);
      }
    },
    ObjectField(node) {
      const parent = getNamedType(typeInfo.getParentInputType());
      if (!isInputObjectType(parent) || !parent.getFields()[node.name.value]) return;
      if (node.value.kind === Kind.VARIABLE && !given.has(node.value.name.value)) return;
      if (node.value.kind === Kind.NULL) return;
      hits.inputFields.add(`${parent.name}.${node.name.value}`);
    },
  });
  visit(operation, visitor);
  for (const name of reachable) {
    const fragment = fragments.get(name);
    if (fragment) visit(fragment, visitor);
  }
  return hits;
}

/**
 * The operations (`Query.contact`, `Mutation.addList`) a document's operation selects, found without
 * running it: what a skipped step would have exercised. A document that does not parse selects none.
 */
export function operationsOf(schema: GraphQLSchema, document: string, operationName?: string): string[] {
  let parsed: DocumentNode;
  try {
    parsed = parse(document);
  } catch {
    return [];
  }
  return [...hitsOf(schema, parsed, operationName, {}).operations].sort();
}

/** Spec clauses and assumption ids a scenario cites, in its lists and in expectations' and shape checks' bases. */
export function citationsOf(scenario: Scenario): { spec: Set<string>; assumptions: Set<string> } {
  const all = [
    ...scenario.spec,
    ...scenario.assumptions,
    ...scenario.steps.flatMap((s) => [
      ...(typeof s.shape === 'object' ? (s.shape.basis ?? []) : []),
      ...(s.expect ?? []).flatMap((e) => e.basis ?? []),
    ]),
  ];
  return {
    spec: new Set(all.filter((c) => c.startsWith('§'))),
    assumptions: new Set(all.filter((c) => /^A-\d+$/.test(c))),
  };
}

function citationCoverage(
  ids: readonly string[],
  cited: (scenario: Scenario) => Set<string>,
  scenarios: readonly LoadedScenario[],
): CitationCoverage {
  const citedBy: Record<string, string[]> = {};
  const known = new Set(ids);
  for (const { scenario } of scenarios) {
    for (const id of cited(scenario)) {
      if (known.has(id)) citedBy[id] = [...(citedBy[id] ?? []), scenario.id].sort();
    }
  }
  const covered = ids.filter((id) => citedBy[id]).length;
  return {
    total: ids.length,
    covered,
    percent: percentOf(covered, ids.length),
    uncited: ids.filter((id) => !citedBy[id]),
    citedBy: Object.fromEntries(Object.entries(citedBy).sort(([a], [b]) => a.localeCompare(b))),
  };
}

const appliesTo = (revisions: readonly Version[] | undefined, revision: Version): boolean =>
  revisions === undefined || revisions.includes(revision);

/**
 * Coverage of a run: per revision, what the executed steps (those that sent a request) exercised of
 * the contract, and which spec rules and assumptions the scenarios cite.
 */
export function computeCoverage(
  scenarios: readonly LoadedScenario[],
  results: readonly ScenarioResult[],
  revisions: readonly Version[],
  schemaFor: (version: Version) => GraphQLSchema,
  catalogues: CoverageCatalogues,
): CoverageReport {
  const byId = new Map(scenarios.map((s) => [s.scenario.id, s.scenario]));
  const parsed = new Map<string, DocumentNode | null>();
  const parseOnce = (query: string): DocumentNode | null => {
    if (!parsed.has(query)) {
      try {
        parsed.set(query, parse(query));
      } catch {
        parsed.set(query, null);
      }
    }
    return parsed.get(query) ?? null;
  };
  const perRevision = revisions.map((revision): RevisionCoverage => {
    const schema = schemaFor(revision);
    const universe = universeOf(schema);
    const hit: Hits = {
      operations: new Set(),
      arguments: new Set(),
      inputFields: new Set(),
      resultFields: new Set(),
    };
    const ops = new Map<string, { hits: number; success: boolean; error: boolean; scenarios: Set<string> }>();
    for (const result of results.filter((r) => r.revision === revision)) {
      const scenario = byId.get(result.scenarioId);
      // A request refused before it runs shows the operation is served, not that it was exercised.
      if (scenario?.tags.includes(PRESENCE_TAG)) continue;
      for (const step of result.steps) {
        if (!step.request) continue;
        const document = parseOnce(step.request.body.query);
        if (!document) continue;
        const h = hitsOf(
          schema,
          document,
          step.request.body.operationName,
          step.request.body.variables ?? {},
        );
        for (const k of Object.keys(hit) as (keyof Hits)[]) for (const v of h[k]) hit[k].add(v);
        const expects: Expectation[] = (
          scenario?.steps.find((s) => s.id === step.stepId)?.expect ?? []
        ).filter((e) => appliesTo(e.revisions, revision));
        const isError = expects.some((e) => isErrorExpectation(e) || isValidationErrorsExpectation(e));
        const hasValues = expects.some((e) => 'path' in e);
        for (const op of h.operations) {
          const o = ops.get(op) ?? { hits: 0, success: false, error: false, scenarios: new Set<string>() };
          o.hits += 1;
          o.success ||= !isError && hasValues;
          o.error ||= isError;
          o.scenarios.add(result.scenarioId);
          ops.set(op, o);
        }
      }
    }
    const byOperation = universe.operations.map((name): OperationCoverage => {
      const o = ops.get(name);
      return {
        name,
        hits: o?.hits ?? 0,
        successPath: o?.success ?? false,
        errorPath: o?.error ?? false,
        scenarios: [...(o?.scenarios ?? [])].sort(),
      };
    });
    return {
      revision,
      operations: countOf(universe.operations, hit.operations),
      arguments: countOf(universe.arguments, hit.arguments),
      inputFields: countOf(universe.inputFields, hit.inputFields),
      resultFields: countOf(universe.resultFields, hit.resultFields),
      withoutSuccessPath: byOperation.filter((o) => !o.successPath).map((o) => o.name),
      withoutErrorPath: byOperation.filter((o) => !o.errorPath).map((o) => o.name),
      byOperation,
    };
  });
  return {
    revisions: perRevision,
    specRules: citationCoverage(catalogues.specRules, (s) => citationsOf(s).spec, scenarios),
    assumptions: citationCoverage(catalogues.assumptions, (s) => citationsOf(s).assumptions, scenarios),
  };
}
