import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql';

/**
 * Deepest nesting of selection sets the proxy checks (A-224): the simulator's bound, so graphql-js'
 * recursive validation and the proxy's own walks stay far from the stack's end.
 */
export const MAX_NESTING = 200;

/** One definition's own nesting: its deepest selection set, and each spread with the depth it sits at. */
interface LocalDepth {
  max: number;
  spreads: { name: string; depth: number }[];
}

/** Walks one definition's selections with an explicit stack (no recursion, whatever the nesting). */
function localDepth(set: SelectionSetNode): LocalDepth {
  const out: LocalDepth = { max: 1, spreads: [] };
  const stack: { set: SelectionSetNode; depth: number }[] = [{ set, depth: 1 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    if (top.depth > out.max) out.max = top.depth;
    for (const sel of top.set.selections) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) out.spreads.push({ name: sel.name.value, depth: top.depth });
      else if (sel.selectionSet) stack.push({ set: sel.selectionSet, depth: top.depth + 1 });
    }
  }
  return out;
}

/**
 * The deepest nesting of a document's operations with fragments expanded, each fragment costed once
 * (memoised), so the check is linear in the document's size; a fragment cycle counts as infinitely deep.
 * Stops resolving as soon as `limit` is exceeded.
 */
export function nestingDepth(document: DocumentNode, limit = MAX_NESTING): number {
  const local = new Map<string, LocalDepth>();
  const roots: LocalDepth[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) local.set(def.name.value, localDepth(def.selectionSet));
    else if (def.kind === Kind.OPERATION_DEFINITION) roots.push(localDepth(def.selectionSet));
  }
  const resolved = new Map<string, number>();
  const onPath = new Set<string>();
  /** A fragment's depth, resolved iteratively: children first, then the fragment itself. */
  const depthOf = (start: string): number => {
    const stack: { name: string; expanded: boolean }[] = [{ name: start, expanded: false }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top) break;
      if (resolved.has(top.name)) {
        stack.pop();
        continue;
      }
      const own = local.get(top.name);
      if (!own) {
        // An unknown fragment: validation reports it; it adds nothing here.
        resolved.set(top.name, 0);
        stack.pop();
        continue;
      }
      if (!top.expanded) {
        top.expanded = true;
        onPath.add(top.name);
        for (const s of own.spreads) {
          if (onPath.has(s.name)) return Infinity;
          if (!resolved.has(s.name)) stack.push({ name: s.name, expanded: false });
        }
        continue;
      }
      let depth = own.max;
      for (const s of own.spreads) depth = Math.max(depth, s.depth + (resolved.get(s.name) ?? 0));
      resolved.set(top.name, depth);
      onPath.delete(top.name);
      stack.pop();
      if (depth > limit) return depth;
    }
    return resolved.get(start) ?? 0;
  };
  let deepest = 0;
  for (const root of roots) {
    deepest = Math.max(deepest, root.max);
    for (const s of root.spreads) {
      deepest = Math.max(deepest, s.depth + depthOf(s.name));
      if (deepest > limit) return deepest;
    }
  }
  return deepest;
}
