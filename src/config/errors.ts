import type { ErrorObject } from 'ajv';

/** Why a config file was refused; the message is one line naming the file and the JSON path. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const WRAPPERS = ['oneOf', 'anyOf', 'allOf', 'if'];

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** What one ajv error says, phrased for a person editing the file (ajv runs with `verbose`). */
function phrase(e: ErrorObject): { path: string; message: string } {
  const params = e.params as Record<string, unknown>;
  const path = e.instancePath || '(root)';
  switch (e.keyword) {
    case 'additionalProperties':
      return {
        path: `${e.instancePath}/${String(params.additionalProperty)}`,
        message: 'is not a known setting',
      };
    case 'required':
      return { path, message: `needs "${String(params.missingProperty)}"` };
    case 'enum':
      return { path, message: `must be one of: ${(params.allowedValues as unknown[]).join(', ')}` };
    case 'not': {
      // A `not: {}` with a description is a forbidden property; the description says what to do instead.
      const description = (e.parentSchema as { description?: unknown } | undefined)?.description;
      if (typeof description === 'string')
        return { path: `${path}:`, message: lowerFirst(description.replace(/\.$/, '')) };
      return { path, message: e.message ?? 'is invalid' };
    }
    case 'propertyNames': {
      const description = (e.schema as { description?: unknown } | undefined)?.description;
      return {
        path: `${e.instancePath}/${String(params.propertyName)}`,
        message: typeof description === 'string' ? description : 'is not a valid name',
      };
    }
    default:
      return { path, message: e.message ?? 'is invalid' };
  }
}

/** The schema path of the innermost oneOf/anyOf an error arose in, or undefined. */
function alternativeOf(e: ErrorObject): string | undefined {
  const match = /^(.*\/(?:oneOf|anyOf))\/\d+\//.exec(e.schemaPath);
  return match?.[1];
}

/**
 * ajv's errors as one line. Inside a oneOf/anyOf only the deepest errors count (the branch that got
 * furthest names the actual mistake); type errors at one path are merged ("must be string or array").
 */
export function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  const specific = errors.filter(
    // A bad property name also fails the rules inside propertyNames; the propertyNames error says it.
    (e) => !WRAPPERS.includes(e.keyword) && !/\/propertyNames\//.test(e.schemaPath),
  );
  const depth = (e: ErrorObject): number => e.instancePath.split('/').length;
  const deepest = new Map<string, number>();
  for (const e of specific) {
    const group = alternativeOf(e);
    if (group !== undefined) deepest.set(group, Math.max(deepest.get(group) ?? 0, depth(e)));
  }
  const chosen = specific.filter((e) => {
    const group = alternativeOf(e);
    return group === undefined || depth(e) === deepest.get(group);
  });
  const typesAt = new Map<string, string[]>();
  for (const e of chosen.filter((c) => c.keyword === 'type'))
    typesAt.set(e.instancePath, [...(typesAt.get(e.instancePath) ?? []), String(e.params.type)]);
  const lines = chosen.map((e) => {
    if (e.keyword === 'type')
      return `${e.instancePath || '(root)'} must be ${[...new Set(typesAt.get(e.instancePath))].join(' or ')}`;
    const { path, message } = phrase(e);
    return `${path} ${message}`;
  });
  const unique = [...new Set(lines)];
  const shown = unique.slice(0, 3).join('; ');
  return unique.length > 3 ? `${shown}; and ${unique.length - 3} more` : shown;
}
