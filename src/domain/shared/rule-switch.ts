/**
 * Spec rules of conformance/spec-rules.yaml the simulator can be told to break, one at a time, so
 * `conform --verify-rules` can show a scenario notices (test-only: `serve --allow-rule-breaking`).
 * Each rule's check stays at its own place in its area and asks {@link ruleBroken} there.
 */
export const BREAKABLE_RULES = [
  '§1.6',
  '§6.1',
  '§6/paging',
  '§6/firmContactEventViews',
  '§6/listEventViews',
  '§6/relationshipEventViews',
  '§6/opportunityEventViews',
  '§7.1',
  '§7.2',
  '§7.3',
  '§7.4',
  '§7.5',
  '§7.6',
  '§8/folderTypes-one-class',
  '§8/activityDate-format',
  '§8/skip-default',
  '§8/limit-default',
  '§8/limit-relationshipTypes',
  '§8/addMatter-trim',
  '§9.3/score',
  '§9.3/checkSecurity',
  '§9.3/operations',
] as const;

/** A rule the simulator can break. */
export type BreakableRule = (typeof BREAKABLE_RULES)[number];

/** Whether a text names a breakable rule. */
export function isBreakableRule(rule: string): rule is BreakableRule {
  return (BREAKABLE_RULES as readonly string[]).includes(rule);
}

/** What a rule check needs of the request context: the simulator's "is this rule broken?" question. */
export interface RuleSwitchContext {
  /** Absent (the normal case) means every rule holds. */
  ruleBroken?: (rule: BreakableRule) => boolean;
}

/** Whether the simulator was told to break `rule` (never, outside a rule-verification run). */
export function ruleBroken(ctx: RuleSwitchContext, rule: BreakableRule): boolean {
  return ctx.ruleBroken?.(rule) ?? false;
}
