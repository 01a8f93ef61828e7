import type { PageFinding } from '../assert/pages.js';
import type { TypedHolder } from './typed-holders.js';

const DAY_MS = 86_400_000;

/** A stage instance as an opportunity's `stageInstances` lists it, where it says when and how long. */
interface Stage {
  index: number;
  entered: number;
  timeSpent: number;
}

function stagesOf(list: unknown): Stage[] {
  if (!Array.isArray(list)) return [];
  const out: Stage[] = [];
  list.forEach((item: unknown, index) => {
    const { timeEntered, timeSpent } = (item ?? {}) as { timeEntered?: unknown; timeSpent?: unknown };
    const entered = typeof timeEntered === 'string' ? Date.parse(timeEntered) : Number.NaN;
    if (Number.isFinite(entered) && typeof timeSpent === 'number') out.push({ index, entered, timeSpent });
  });
  return out.sort((a, b) => a.entered - b.entered);
}

/**
 * A stage's `timeSpent` is the whole days from its `timeEntered` to the next stage's. Only stages
 * that were left are held, and to the days between the two entries give or take one (whole days may be
 * counted by calendar date or by 24 hours): the current stage counts to the server's now, which a run does
 * not know. A count in hours, or in minutes, is far outside it whenever a stage lasted a day.
 */
export function stageTimeFindings(holders: readonly TypedHolder[]): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) {
    if (!holder.types.has('Opportunity')) continue;
    const stages = stagesOf(holder.fields.get('stageInstances'));
    for (let i = 0; i + 1 < stages.length; i += 1) {
      const stage = stages[i]!;
      const days = (stages[i + 1]!.entered - stage.entered) / DAY_MS;
      if (stage.timeSpent >= Math.floor(days) - 1 && stage.timeSpent <= Math.ceil(days) + 1) continue;
      out.push({
        basis: ['§2.5', 'A-55'],
        finding: {
          expectationId: 'stage-time',
          path: `${holder.path}.stageInstances[${stage.index}].timeSpent`,
          kind: 'value-mismatch',
          expected: `about ${Math.round(days)} (whole days until the next stage was entered)`,
          actual: stage.timeSpent,
          message: `a stage left after ${days.toFixed(1)} days answers timeSpent ${stage.timeSpent}: timeSpent counts the whole days in the stage`,
        },
      });
    }
  }
  return out;
}
