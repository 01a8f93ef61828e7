import {
  Kind,
  NoDeprecatedCustomRule,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  specifiedRules,
  validate,
  visit,
  type DefinitionNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import { buildRevisionSchema } from '../contract/generate.js';
import { VERSIONS, type Version } from '../contract/versions.js';
import { positionIn, type FilePosition, type PartnerOperation, type SyntaxProblem } from './documents.js';

/** What kind of problem a finding is. */
export type FindingKind =
  'unknown-field' | 'unknown-argument' | 'unknown-type' | 'unknown-enum-value' | 'deprecated' | 'invalid';

/** One problem of one operation on one revision. */
export interface Finding extends FilePosition {
  kind: FindingKind;
  /** `error` breaks the operation on the revision; `warning` (deprecated use) does not. */
  severity: 'error' | 'warning';
  /** graphql-js's message, with `exists only in <revisions>` when the name is known to another revision. */
  message: string;
  /** The other revisions that know the unknown name, when any. */
  onlyIn?: Version[];
}

/** The outcome of running a valid operation against a target (`--run`). */
export interface RunOutcome {
  status: 'ok' | 'errors' | 'skipped' | 'failed';
  /** Why it was skipped, the GraphQL errors, or the transport failure. */
  messages: string[];
  httpStatus?: number;
  durationMs?: number;
}

/** One operation checked against one revision. */
export interface OperationCheck {
  operation: string;
  type: PartnerOperation['type'];
  file: string;
  line: number;
  revision: Version;
  status: 'valid' | 'broken';
  findings: Finding[];
  run?: RunOutcome;
}

/** Everything `check-documents` found. */
export interface DocumentCheckResult {
  revisions: Version[];
  files: string[];
  checks: OperationCheck[];
  syntaxErrors: SyntaxProblem[];
}

/** Where the revision schemas come from (the checked-in contracts unless a test says otherwise). */
export interface CheckOptions {
  schemaOf?: (version: Version) => GraphQLSchema;
}

/** The fragments an operation needs, transitively, from the pool it can see. */
export function fragmentsFor(op: PartnerOperation): FragmentDefinitionNode[] {
  const needed = new Map<string, FragmentDefinitionNode>();
  const queue: DefinitionNode[] = [op.node];
  while (queue.length > 0) {
    const node = queue.shift() as DefinitionNode;
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        const f = op.fragments.get(name);
        if (f && !needed.has(name)) {
          needed.set(name, f);
          queue.push(f);
        }
      },
    });
  }
  return [...needed.values()];
}

/** Whether the name an error complains about exists in `schema`. */
function knownIn(schema: GraphQLSchema, kind: FindingKind, names: string[]): boolean {
  const [a, b, c] = names;
  if (kind === 'unknown-type') return a !== undefined && schema.getType(a) !== undefined;
  if (kind === 'unknown-field' && a !== undefined && b !== undefined) {
    const t = schema.getType(b);
    return (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) && a in t.getFields();
  }
  if (kind === 'unknown-argument' && a !== undefined && b !== undefined && c !== undefined) {
    const t = schema.getType(b);
    const field = isObjectType(t) || isInterfaceType(t) ? t.getFields()[c] : undefined;
    return field?.args.some((arg) => arg.name === a) ?? false;
  }
  if (kind === 'unknown-enum-value' && a !== undefined && b !== undefined) {
    const t = schema.getType(b);
    return isEnumType(t) && t.getValue(a) !== undefined;
  }
  return false;
}

/** Sorts a graphql-js validation message into a kind and the names it is about. */
function classify(message: string): { kind: FindingKind; names: string[] } {
  let m = /^Cannot query field "([^"]+)" on type "([^"]+)"/.exec(message);
  if (m) return { kind: 'unknown-field', names: [m[1] ?? '', m[2] ?? ''] };
  m = /^Field "([^"]+)" is not defined by type "([^"]+)"/.exec(message);
  if (m) return { kind: 'unknown-field', names: [m[1] ?? '', m[2] ?? ''] };
  m = /^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"/.exec(message);
  if (m) return { kind: 'unknown-argument', names: [m[1] ?? '', m[2] ?? '', m[3] ?? ''] };
  if (/^Unknown argument "/.test(message)) return { kind: 'unknown-argument', names: [] };
  m = /^Unknown type "([^"]+)"/.exec(message);
  if (m) return { kind: 'unknown-type', names: [m[1] ?? ''] };
  m = /^Value "([^"]+)" does not exist in "([^"]+)" enum/.exec(message);
  if (m) return { kind: 'unknown-enum-value', names: [m[1] ?? '', m[2] ?? ''] };
  return { kind: 'invalid', names: [] };
}

function findingOf(
  error: GraphQLError,
  severity: Finding['severity'],
  revision: Version,
  op: PartnerOperation,
  schemaOf: (version: Version) => GraphQLSchema,
): Finding {
  const loc = error.nodes?.[0]?.loc;
  const where = loc ? positionIn(loc.source, loc.start) : op.position;
  if (severity === 'warning') return { ...where, kind: 'deprecated', severity, message: error.message };
  const { kind, names } = classify(error.message);
  const onlyIn =
    kind === 'invalid' || names.length === 0
      ? []
      : VERSIONS.filter((v) => v !== revision && knownIn(schemaOf(v), kind, names));
  if (onlyIn.length === 0) return { ...where, kind, severity, message: error.message };
  // graphql-js's "Did you mean …?" would point at a different name; the real answer is the other revision.
  const text = error.message.replace(/\s*Did you mean .*$/, '').replace(/\.$/, '');
  return { ...where, kind, severity, message: `${text}: exists only in ${onlyIn.join(', ')}`, onlyIn };
}

const byPosition = (a: FilePosition, b: FilePosition): number =>
  a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;

/** Validates one operation (with the fragments it uses) against one revision. */
export function checkOperation(
  op: PartnerOperation,
  revision: Version,
  options: CheckOptions = {},
): OperationCheck {
  const schemaOf = options.schemaOf ?? ((v: Version) => buildRevisionSchema(v));
  const schema = schemaOf(revision);
  const document = { kind: Kind.DOCUMENT, definitions: [op.node, ...fragmentsFor(op)] } as const;
  const errors = validate(schema, document, specifiedRules);
  const findings = errors.map((e) => findingOf(e, 'error', revision, op, schemaOf));
  // Deprecated use only matters for an operation the revision accepts otherwise.
  if (errors.length === 0) {
    findings.push(
      ...validate(schema, document, [NoDeprecatedCustomRule]).map((e) =>
        findingOf(e, 'warning', revision, op, schemaOf),
      ),
    );
  }
  findings.sort(byPosition);
  return {
    operation: op.name,
    type: op.type,
    file: op.position.file,
    line: op.position.line,
    revision,
    status: findings.some((f) => f.severity === 'error') ? 'broken' : 'valid',
    findings,
  };
}

/** Checks every operation against every requested revision, in file and line order. */
export function checkDocuments(
  operations: readonly PartnerOperation[],
  revisions: readonly Version[],
  options: CheckOptions = {},
): OperationCheck[] {
  const ordered = [...operations].sort((a, b) => byPosition(a.position, b.position));
  return ordered.flatMap((op) => revisions.map((r) => checkOperation(op, r, options)));
}

/** 1 when any operation breaks on a requested revision, fails to run, or a document does not parse. */
export function exitCodeOf(result: DocumentCheckResult): number {
  const broken =
    result.syntaxErrors.length > 0 ||
    result.checks.some(
      (c) => c.status === 'broken' || c.run?.status === 'errors' || c.run?.status === 'failed',
    );
  return broken ? 1 : 0;
}
