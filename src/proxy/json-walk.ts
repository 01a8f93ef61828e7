/** Where a leaf sits: the keys and indexes from the root. */
export type JsonPath = readonly (string | number)[];

/** What the walks tell about each leaf: the property it sits under, its owner, and (on demand) its path. */
export interface Leaf {
  /** The nearest object key above the leaf ('' at the root or in a root array). */
  key: string;
  /** The object the leaf's key belongs to (for siblings such as a filter's `field`). */
  owner: Record<string, unknown> | undefined;
  /** The keys and indexes from the root (computed when asked: deep values stay linear). */
  path(): JsonPath;
}

interface Node {
  parent: Node | undefined;
  seg: string | number | undefined;
}

function pathOf(node: Node | undefined): JsonPath {
  const out: (string | number)[] = [];
  for (let n = node; n && n.seg !== undefined; n = n.parent) out.push(n.seg);
  return out.reverse();
}

interface Frame extends Node {
  value: unknown;
  key: string;
  owner: Record<string, unknown> | undefined;
}

/** The children of a container as frames, in reverse order so a stack pops them in document order. */
function children(f: Frame): Frame[] {
  const out: Frame[] = [];
  if (Array.isArray(f.value)) {
    for (let i = f.value.length - 1; i >= 0; i--)
      out.push({ value: f.value[i], parent: f, seg: i, key: f.key, owner: f.owner });
  } else if (f.value !== null && typeof f.value === 'object') {
    const source = f.value as Record<string, unknown>;
    const entries = Object.entries(source);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i] as [string, unknown];
      out.push({ value: v, parent: f, seg: k, key: k, owner: source });
    }
  }
  return out;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isContainer(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

/**
 * Every value of a JSON document in document order (pre-order), containers included, walked with an
 * explicit stack: a value nested as deep as JSON.parse allows cannot overflow the call stack. `visit`
 * returns `false` to stop the walk, `'skip'` to leave a container's contents out.
 */
export function walkJson(value: unknown, visit: (v: unknown, where: Leaf) => boolean | 'skip' | void): void {
  const stack: Frame[] = [{ value, parent: undefined, seg: undefined, key: '', owner: undefined }];
  while (stack.length > 0) {
    const f = stack.pop();
    if (!f) break;
    const said = visit(f.value, { key: f.key, owner: f.owner, path: () => pathOf(f) });
    if (said === false) return;
    if (said !== 'skip' && isContainer(f.value)) stack.push(...children(f));
  }
}

/** A copy of a JSON value with every leaf (non-container) passed through `map`, iteratively. */
export function mapLeaves(value: unknown, map: (leaf: unknown, where: Leaf) => unknown): unknown {
  let root: unknown;
  const stack: { frame: Frame; set: (v: unknown) => void }[] = [
    {
      frame: { value, parent: undefined, seg: undefined, key: '', owner: undefined },
      set: (v) => (root = v),
    },
  ];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    const f = top.frame;
    if (Array.isArray(f.value)) {
      const copy: unknown[] = new Array<unknown>(f.value.length);
      top.set(copy);
      for (const c of children(f)) stack.push({ frame: c, set: (x) => (copy[c.seg as number] = x) });
    } else if (isContainer(f.value)) {
      const copy: Record<string, unknown> = {};
      top.set(copy);
      // Keys keep their order: defined now, filled as the stack reaches them (defineProperty, so a
      // "__proto__" key stays a plain key).
      for (const k of Object.keys(f.value as object)) define(copy, k, undefined);
      for (const c of children(f)) stack.push({ frame: c, set: (x) => define(copy, c.seg as string, x) });
    } else {
      top.set(map(f.value, { key: f.key, owner: f.owner, path: () => pathOf(f) }));
    }
  }
  return root;
}

/**
 * Whether a JSON value nests containers more than `limit` deep, found iteratively. Deeper values are
 * refused before anything recursive (JSON.stringify, graphql-js, ajv) sees them.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  // Only containers that hold containers are stacked: `[{}, {}, …]` costs no allocation per item.
  const stack: { value: object; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    if (top.depth > limit) return true;
    const items = Array.isArray(top.value) ? (top.value as unknown[]) : Object.values(top.value);
    for (const v of items) {
      if (v === null || typeof v !== 'object') continue;
      if (top.depth + 1 > limit) return true;
      if (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0)
        stack.push({ value: v, depth: top.depth + 1 });
    }
  }
  return false;
}
