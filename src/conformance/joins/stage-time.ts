import type { PageFinding } from '../assert/pages.js';
import type { TypedHolder } from './typed-holders.js';

const DAY_MS = 86_400_000;

/** A stage instance as an opportunity lists it, where it says when and how long. */
interface Stage {
  index: number;
  entered: number;
  timeSpent: number;
}

function stageOf(item: unknown, index: number): Stage | undefined {
  const { timeEntered, timeSpent } = (item ?? {}) as { timeEntered?: unknown; timeSpent?: unknown };
  const entered = typeof timeEntered === 'string' ? Date.parse(timeEntered) : Number.NaN;
  return Number.isFinite(entered) && typeof timeSpent === 'number'
    ? { index, entered, timeSpent }
    : undefined;
}

function enteredOf(list: unknown[]): { index: number; entered: number }[] {
  const out: { index: number; entered: number }[] = [];
  list.forEach((item: unknown, index) => {
    const { timeEntered } = (item ?? {}) as { timeEntered?: unknown };
    const entered = typeof timeEntered === 'string' ? Date.parse(timeEntered) : Number.NaN;
    if (Number.isFinite(entered)) out.push({ index, entered });
  });
  return out;
}

/** Whole days from `from` to `to`, give or take one (by calendar date or by 24 hours, in any zone). */
function withinDays(timeSpent: number, from: number, to: number): boolean {
  const days = (to - from) / DAY_MS;
  return timeSpent >= Math.floor(days) - 1 && timeSpent <= Math.ceil(days) + 1;
}

const QUARTER_HOUR_MS = 900_000;

/**
 * Whole days between two instants both answered by the server, so no clock of the run is involved: the
 * full 24 hours in between, or the midnights in between in some time zone (zones are whole quarter
 * hours from UTC-12 to UTC+14). A stage entered and left within seconds counts 0 whichever way, where an
 * inclusive count (the day of entry counted too) says 1.
 */
function daysBetween(timeSpent: number, from: number, to: number): boolean {
  if (timeSpent === Math.floor((to - from) / DAY_MS)) return true;
  for (let offset = -48 * QUARTER_HOUR_MS; offset <= 56 * QUARTER_HOUR_MS; offset += QUARTER_HOUR_MS) {
    if (Math.floor((to + offset) / DAY_MS) - Math.floor((from + offset) / DAY_MS) === timeSpent) return true;
  }
  return false;
}

function timeSpentFinding(path: string, days: number, timeSpent: number, until: string): PageFinding {
  return {
    basis: ['§2.5', 'A-55'],
    finding: {
      expectationId: 'stage-time',
      path,
      kind: 'value-mismatch',
      expected: `about ${Math.round(days)} (whole days ${until})`,
      actual: timeSpent,
      message: `${path} is ${timeSpent}, but the stage was in for ${days.toFixed(1)} days (${until}): timeSpent counts the whole days in the stage`,
    },
  };
}

/**
 * An opportunity's stages. `stageInstances` lists the stages in the order they were
 * entered, so no stage is listed before one entered earlier. A stage's `timeSpent` is the whole days from
 * its `timeEntered` to the next stage's, counted by 24 hours or by calendar date in some time zone; the
 * current stage's counts to the server's now, give or take a day, which the run holds to `now` (when
 * the answer came) the same way, and not at all when `now` is not given (a tenant clock set by a provider
 * state moves the server's now away from the run's). A count in hours, or a stage not counted until it is
 * left, is far outside it whenever a stage lasted a day.
 */
export function stageTimeFindings(holders: readonly TypedHolder[], now?: number): PageFinding[] {
  const out: PageFinding[] = [];
  for (const holder of holders) {
    if (holder.types.has('OpportunityStageInstance') && holder.parent?.field === 'currentStage') {
      const current = stageOf(Object.fromEntries(holder.fields), 0);
      if (current && now !== undefined && !withinDays(current.timeSpent, current.entered, now)) {
        out.push(
          timeSpentFinding(
            `${holder.path}.timeSpent`,
            (now - current.entered) / DAY_MS,
            current.timeSpent,
            'until now, as the current stage',
          ),
        );
      }
      continue;
    }
    if (!holder.types.has('Opportunity')) continue;
    const list = holder.fields.get('stageInstances');
    if (!Array.isArray(list)) continue;
    const path = `${holder.path}.stageInstances`;
    const entered = enteredOf(list);
    const early = entered.findIndex((s, i) => i > 0 && s.entered < entered[i - 1]!.entered);
    if (early > 0) {
      const [before, after] = [entered[early - 1]!, entered[early]!];
      out.push({
        basis: ['§2.5', 'A-48'],
        finding: {
          expectationId: 'stage-order',
          path: `${path}[${after.index}].timeEntered`,
          kind: 'value-mismatch',
          expected: `not before ${new Date(before.entered).toISOString()} (${path}[${before.index}])`,
          actual: new Date(after.entered).toISOString(),
          message: `${path}[${after.index}] was entered before ${path}[${before.index}], which is listed ahead of it: an opportunity's stage instances are listed in the order they were entered`,
        },
      });
    }
    const stages = list
      .map((item: unknown, index) => stageOf(item, index))
      .filter((s): s is Stage => s !== undefined)
      // Stages entered at one instant: the one left counts 0 days, so it goes before the current one.
      .sort((a, b) => a.entered - b.entered || a.timeSpent - b.timeSpent);
    stages.forEach((stage, i) => {
      const next = stages[i + 1];
      if (next) {
        if (!daysBetween(stage.timeSpent, stage.entered, next.entered)) {
          out.push(
            timeSpentFinding(
              `${path}[${stage.index}].timeSpent`,
              (next.entered - stage.entered) / DAY_MS,
              stage.timeSpent,
              'until the next stage was entered',
            ),
          );
        }
      } else if (now !== undefined && !withinDays(stage.timeSpent, stage.entered, now)) {
        out.push(
          timeSpentFinding(
            `${path}[${stage.index}].timeSpent`,
            (now - stage.entered) / DAY_MS,
            stage.timeSpent,
            'until now, as the current stage',
          ),
        );
      }
    });
  }
  return out;
}
