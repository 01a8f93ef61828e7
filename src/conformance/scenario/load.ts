import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse as parseGraphQL, GraphQLError } from 'graphql';
import { LineCounter, parseDocument } from 'yaml';
import type { ScenarioFileError } from './errors.js';
import { listYamlFiles } from './files.js';
import { CONFIG_SCHEMA_FILE, SCENARIO_DIR, SCENARIO_SCHEMA_FILE } from './paths.js';
import type { LoadedScenario, Scenario, Step } from './types.js';
import { referencesIn } from './interpolate.js';

/** Scenarios read from a folder, and every problem found; callers refuse to run when `errors` is non-empty. */
export interface ScenarioLoad {
  scenarios: LoadedScenario[];
  errors: ScenarioFileError[];
}

let validator: ValidateFunction | undefined;

function scenarioValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(SCENARIO_SCHEMA_FILE, 'utf8')) as { $id: string };
    const config = JSON.parse(readFileSync(CONFIG_SCHEMA_FILE, 'utf8')) as object;
    // `state.faults` refers to the config schema by a path relative to the scenario schema's $id.
    const configId = new URL('../rm-harness.config.schema.json', schema.$id).href;
    validator = new Ajv({ allErrors: true, strict: false }).addSchema(config, configId).compile(schema);
  }
  return validator;
}

/** `/steps/0/expect` → `steps[0].expect`. */
function pointerToPath(pointer: string): { display: string; segments: (string | number)[] } {
  const segments = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const display = segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  return { display, segments };
}

// ajv reports an error per failed branch; the deepest specific one names the actual mistake best.
function bestErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword));
  // Errors inside an alternative ("one of these keys is required") matter only when nothing firmer is wrong.
  const firm = specific.filter((e) => !/\/(anyOf|oneOf)\//.test(e.schemaPath));
  const pool = firm.length > 0 ? firm : specific.length > 0 ? specific : [...errors];
  const depth = (e: ErrorObject): number => e.instancePath.split('/').length;
  const max = Math.max(...pool.map(depth));
  const seen = new Set<string>();
  return pool.filter((e) => {
    const key = `${e.instancePath} ${e.message ?? ''} ${JSON.stringify(e.params)}`;
    if (depth(e) !== max || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function ajvMessage(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `unknown property "${String(params.additionalProperty)}"`;
  if (e.keyword === 'required') return `missing property "${String(params.missingProperty)}"`;
  if (e.keyword === 'enum')
    return `${e.message ?? 'invalid value'}: ${(params.allowedValues as unknown[]).join(', ')}`;
  return e.message ?? 'invalid';
}

/** Checks beyond the JSON Schema: unique step ids, parseable documents, references to earlier steps. */
function semanticErrors(
  scenario: Scenario,
): { path: string; segments: (string | number)[]; message: string }[] {
  const problems: { path: string; segments: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  scenario.steps.forEach((step: Step, i) => {
    const at = (key: string): { path: string; segments: (string | number)[] } => ({
      path: `steps[${i}].${key}`,
      segments: ['steps', i, key],
    });
    if (seen.has(step.id)) problems.push({ ...at('id'), message: `duplicate step id "${step.id}"` });
    try {
      parseGraphQL(step.document);
    } catch (error) {
      const message = error instanceof GraphQLError ? error.message : String(error);
      problems.push({ ...at('document'), message: `GraphQL document does not parse: ${message}` });
    }
    for (const revision of step.revisions ?? []) {
      if (!scenario.revisions.includes(revision)) {
        problems.push({ ...at('revisions'), message: `revision ${revision} is not one of the scenario's` });
      }
    }
    for (const ref of new Set(referencesIn([step.variables, step.expect]))) {
      if (ref.startsWith('steps.')) {
        const target = ref.split('.')[1] ?? '';
        if (!seen.has(target)) {
          problems.push({ ...at('variables'), message: `"\${${ref}}" names no earlier step "${target}"` });
        }
      }
    }
    seen.add(step.id);
  });
  return problems;
}

/** Parses and validates one scenario file's text; `file` is only used in error messages. */
export function parseScenario(
  text: string,
  file: string,
): { scenario?: Scenario; errors: ScenarioFileError[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length > 0) {
    // The first YAML error names the mistake; the rest are its echoes through the rest of the file.
    return {
      errors: doc.errors.slice(0, 1).map((e) => ({
        file,
        path: '',
        line: e.linePos?.[0]?.line,
        message: `not valid YAML: ${(e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}`,
      })),
    };
  }
  const data: unknown = doc.toJS();
  const lineOf = (segments: (string | number)[]): number | undefined => {
    for (let n = segments.length; n >= 0; n -= 1) {
      const node = doc.getIn(segments.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const validate = scenarioValidator();
  if (!validate(data)) {
    return {
      errors: bestErrors(validate.errors ?? []).map((e) => {
        const { display, segments } = pointerToPath(e.instancePath);
        return { file, path: display, line: lineOf(segments), message: ajvMessage(e) };
      }),
    };
  }
  const raw = data as Scenario;
  const scenario: Scenario = { ...raw, spec: raw.spec ?? [], assumptions: raw.assumptions ?? [] };
  const errors = semanticErrors(scenario).map((p) => ({
    file,
    path: p.path,
    line: lineOf(p.segments),
    message: p.message,
  }));
  return errors.length > 0 ? { errors } : { scenario, errors };
}

/** Loads every `*.yaml`/`*.yml` below `dir`, validated; duplicate scenario ids are errors. */
export function loadScenarios(dir: string = SCENARIO_DIR): ScenarioLoad {
  const scenarios: LoadedScenario[] = [];
  const errors: ScenarioFileError[] = [];
  let files: string[];
  try {
    files = statSync(dir).isDirectory() ? listYamlFiles(dir) : [dir];
  } catch {
    return { scenarios, errors: [{ file: dir, path: '', message: 'scenario folder does not exist' }] };
  }
  const base = statSync(dir).isDirectory() ? dir : path.dirname(dir);
  const ids = new Map<string, string>();
  for (const full of files) {
    const file = path.relative(base, full).split(path.sep).join('/');
    const result = parseScenario(readFileSync(full, 'utf8'), file);
    errors.push(...result.errors);
    if (!result.scenario) continue;
    const previous = ids.get(result.scenario.id);
    if (previous !== undefined) {
      errors.push({
        file,
        path: 'id',
        message: `scenario id "${result.scenario.id}" is also used by ${previous}`,
      });
      continue;
    }
    ids.set(result.scenario.id, file);
    scenarios.push(...inRegions(result.scenario).map((scenario) => ({ scenario, file })));
  }
  return { scenarios, errors };
}

/**
 * A scenario and its copies for the regions it also runs in (`alsoInRegions`): `<id>@<region>`, each step
 * that names no region sent to that one, so reports, baselines and `--scenario` see each run apart.
 */
export function inRegions(scenario: Scenario): Scenario[] {
  const { alsoInRegions, ...own } = scenario;
  return [
    own,
    ...(alsoInRegions ?? []).map((region) => ({
      ...own,
      id: `${own.id}@${region}`,
      copyIn: region,
      title: `${own.title} (in ${region})`,
      steps: own.steps.map((step) => ({ ...step, region: step.region ?? region })),
    })),
  ];
}
