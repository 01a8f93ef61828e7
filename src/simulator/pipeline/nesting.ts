import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql';

/**
 * Deepest nesting of selection sets a document may have: checked before graphql-js validation,
 * which recurses once per level (thousands of nested `... on Query {` overflow the stack there or not
 * depending on how V8 compiled the frames), and before the proxy's own recursive walks.
 */
export const MAX_NESTING = 200;

/** How deeply a document's selection sets nest, fragments expanded. */
export interface Nesting {
  /**
   * The deepest nesting of any operation or fragment, inline fragments and fragment spreads each counted
   * as a level, each spread expanded; a spread that closes a cycle adds nothing. Once past the limit the walk
   * stops: the document is at least this deep.
   */
  depth: number;
  /** Whether a fragment spreads itself, directly or through others (as far as the walk went). */
  cycle: boolean;
}

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
 * The nesting of a document's operations and fragments with fragments expanded, each fragment costed
 * once (memoised), so the walk is linear in the document's size and never recurses. The one depth
 * walker of the simulator's limits and of the proxy: a caller that must not expand a cycle refuses
 * `cycle`, one that leaves cycles to validation reads `depth` alone.
 */
export function documentNesting(document: DocumentNode, limit = MAX_NESTING): Nesting {
  const local = new Map<string, LocalDepth>();
  const roots: LocalDepth[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) local.set(def.name.value, localDepth(def.selectionSet));
    else if (def.kind === Kind.OPERATION_DEFINITION) roots.push(localDepth(def.selectionSet));
  }
  const resolved = new Map<string, number>();
  const onPath = new Set<string>();
  let cycle = false;
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
          if (onPath.has(s.name)) cycle = true;
          else if (!resolved.has(s.name)) stack.push({ name: s.name, expanded: false });
        }
        continue;
      }
      let depth = own.max;
      // A spread closing a cycle is still on the path, unresolved: it adds nothing.
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
      if (deepest > limit) return { depth: deepest, cycle };
    }
  }
  // An unused fragment is validated too: its own nesting counts as an operation's would.
  for (const name of local.keys()) {
    deepest = Math.max(deepest, depthOf(name));
    if (deepest > limit) break;
  }
  return { depth: deepest, cycle };
}
