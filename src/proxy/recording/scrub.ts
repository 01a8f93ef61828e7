import { Kind, parse, print, visit, type DocumentNode, type ObjectFieldNode } from 'graphql';
import { MASK, maskHeaders } from '../../conformance/results/mask.js';
import { personalKindOf, type Pseudonymizer } from './pseudonymize.js';

/** Keys whose values are credentials wherever they appear in a body. */
const SECRET_KEY = /token|secret|password|passwd|apikey|api_key|authorization|cookie|credential/i;

/** Headers as a recording keeps them: credentials (Authorization, cookies, tokens) masked. */
export function scrubHeaders(headers: Record<string, string>): Record<string, string> {
  const masked = maskHeaders(headers);
  return Object.fromEntries(Object.entries(masked).map(([k, v]) => [k, /^set-cookie$/i.test(k) ? MASK : v]));
}

/**
 * A JSON value with credentials masked and personal data replaced (see {@link personalKindOf});
 * `key` is the property the value sits under.
 */
export function scrubValue(value: unknown, pseudonyms: Pseudonymizer, key = ''): unknown {
  if (typeof value === 'string') {
    if (SECRET_KEY.test(key)) return MASK;
    const kind = personalKindOf(key, value);
    return kind ? pseudonyms.replace(kind, value) : value;
  }
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, pseudonyms, key));
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // A filter entry `{ field: lastName, value: "…" }` carries the field's data under `value`.
    const named = typeof record['field'] === 'string' ? record['field'] : undefined;
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [
        k,
        scrubValue(v, pseudonyms, named !== undefined && (k === 'value' || k === 'values') ? named : k),
      ]),
    );
  }
  return value;
}

/**
 * A GraphQL document with the string literals of personal arguments and input fields replaced; the
 * text as sent when nothing needs replacing (or it does not parse).
 */
export function scrubDocument(query: string, pseudonyms: Pseudonymizer): string {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return query;
  }
  let changed = false;
  const names: string[] = [];
  const next = visit(document, {
    Argument: { enter: (node) => void names.push(node.name.value), leave: () => void names.pop() },
    ObjectField: {
      enter: (node, _key, parent) => {
        // Inside `{ field: lastName, value: "…" }` the value is named by the filter's field.
        const siblings = Array.isArray(parent) ? (parent as readonly ObjectFieldNode[]) : [];
        const field = siblings.find((f) => f.name.value === 'field')?.value;
        const named =
          field && (field.kind === Kind.ENUM || field.kind === Kind.STRING) ? field.value : undefined;
        names.push(
          named !== undefined && ['value', 'values'].includes(node.name.value) ? named : node.name.value,
        );
      },
      leave: () => void names.pop(),
    },
    StringValue(node) {
      const key = names[names.length - 1] ?? '';
      const replaced = scrubValue(node.value, pseudonyms, key);
      if (replaced === node.value) return undefined;
      changed = true;
      return { ...node, kind: Kind.STRING, value: String(replaced), block: false };
    },
  });
  return changed ? print(next) : query;
}
