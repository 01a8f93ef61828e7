import { getOperationAST, parse } from 'graphql';
import type { Difference } from '../outcome/differences.js';
import type { RunResult, ScenarioResult, StepResult } from '../results/run-result.js';
import { escapeHtml as e } from './text.js';

/** The anchor of a scenario × revision in the report. */
export function scenarioAnchor(r: { scenarioId: string; revision: string }): string {
  return `run-${r.scenarioId}-${r.revision}`.replace(/[^A-Za-z0-9_-]/g, '-');
}

/** The root fields a step's request selected (`lists, list`), or `(no request)`. */
export function operationOf(step: StepResult): string {
  const body = step.request?.body;
  if (!body) return '(no request)';
  try {
    const op = getOperationAST(parse(body.query), body.operationName);
    const fields = (op?.selectionSet.selections ?? []).flatMap((s) =>
      s.kind === 'Field' && s.name.value !== '__typename' ? [s.name.value] : [],
    );
    return fields.length > 0 ? `${op?.operation ?? 'query'} ${fields.join(', ')}` : '(no field)';
  } catch {
    return '(unparsable document)';
  }
}

interface Group {
  run: ScenarioResult;
  operation: string;
  severity: Difference['severity'];
  cause: string;
  differences: Difference[];
}

/** Differences grouped by scenario run, operation, severity and cause, breaking first. */
function groupsOf(result: RunResult): Group[] {
  const groups = new Map<string, Group>();
  for (const run of result.scenarios) {
    for (const step of run.steps) {
      const operation = operationOf(step);
      for (const d of step.differences) {
        const cause = d.cause ?? 'unknown';
        const key = JSON.stringify([run.scenarioId, run.revision, operation, d.severity, cause]);
        const g = groups.get(key) ?? { run, operation, severity: d.severity, cause, differences: [] };
        g.differences.push(d);
        groups.set(key, g);
      }
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      Number(a.severity !== 'breaking') - Number(b.severity !== 'breaking') ||
      a.run.scenarioId.localeCompare(b.run.scenarioId) ||
      a.run.revision.localeCompare(b.run.revision) ||
      a.operation.localeCompare(b.operation),
  );
}

/** The words a filter's text box matches against: scenario, revision, operation, paths, kinds. */
function searchText(g: Group): string {
  return [g.run.scenarioId, g.run.revision, g.operation, ...g.differences.flatMap((d) => [d.path, d.kind])]
    .join(' ')
    .toLowerCase();
}

/**
 * Filters the summary rows and the scenario runs below them in one pass over data attributes (no
 * layout reads between writes). Plain script, no dependencies: the page stays one self-contained file.
 */
const FILTER_SCRIPT = `(function(){var f=document.getElementById('filters');if(!f)return;f.hidden=false;
var sev=document.getElementById('f-severity'),cause=document.getElementById('f-cause'),text=document.getElementById('f-text'),only=document.getElementById('f-only');
function apply(){var s=sev.value,c=cause.value,t=text.value.trim().toLowerCase(),o=only.checked,keep={};
var rows=document.querySelectorAll('tr[data-run]');for(var i=0;i<rows.length;i++){var r=rows[i].dataset;
var ok=(!s||r.severity===s)&&(!c||r.cause===c)&&(!t||r.text.indexOf(t)>=0);rows[i].hidden=!ok;if(ok)keep[r.run]=1;}
var filtering=s||c||t;var runs=document.querySelectorAll('details[data-run]');for(var j=0;j<runs.length;j++){var d=runs[j].dataset;
runs[j].hidden=filtering?!keep[d.run]:(o&&d.differences==='0');}
document.getElementById('f-count').textContent=Object.keys(keep).length+' run(s) with matching differences';}
sev.onchange=apply;cause.onchange=apply;only.onchange=apply;text.oninput=apply;apply();})();`;

/**
 * The report's opening section: differences counted by scenario run, operation, severity and cause,
 * each row linking to its run, with filters (severity, cause, text) that also hide the runs below.
 */
export function differenceSummary(result: RunResult): string {
  const groups = groupsOf(result);
  if (groups.length === 0) return '<h2>Differences</h2><p>None.</p>';
  const causes = [...new Set(groups.map((g) => g.cause))].sort();
  const rows = groups
    .map((g) => {
      const paths = [...new Set(g.differences.map((d) => d.path || '(response)'))];
      const shown = paths
        .slice(0, 3)
        .map((p) => `<code>${e(p)}</code>`)
        .join(', ');
      return `<tr class="${g.severity}" data-run="${e(scenarioAnchor(g.run))}" data-severity="${g.severity}" data-cause="${e(g.cause)}" data-text="${e(searchText(g))}"><td><a href="#${e(scenarioAnchor(g.run))}">${e(g.run.scenarioId)}</a></td><td>${e(g.run.revision)}</td><td>${e(g.operation)}</td><td>${g.severity}</td><td>${e(g.cause)}</td><td>${g.differences.length}</td><td>${shown}${paths.length > 3 ? ` … (${paths.length - 3} more)` : ''}</td></tr>`;
    })
    .join('');
  const options = (values: readonly string[]): string =>
    `<option value="">all</option>${values.map((v) => `<option>${e(v)}</option>`).join('')}`;
  const filters = `<div id="filters" hidden><label>severity <select id="f-severity">${options(['breaking', 'non-breaking'])}</select></label> <label>cause <select id="f-cause">${options(causes)}</select></label> <label>scenario, operation or path <input id="f-text" type="search"></label> <label><input id="f-only" type="checkbox"> only runs with differences</label> <span id="f-count"></span></div>`;
  const total = groups.reduce((n, g) => n + g.differences.length, 0);
  return `<h2>Differences</h2><p>${total} difference(s) in ${new Set(groups.map((g) => scenarioAnchor(g.run))).size} scenario run(s), by scenario, operation, severity and cause.</p>${filters}<table id="summary"><tr><th>scenario</th><th>revision</th><th>operation</th><th>severity</th><th>cause</th><th>differences</th><th>paths</th></tr>${rows}</table><script>${FILTER_SCRIPT}</script>`;
}
