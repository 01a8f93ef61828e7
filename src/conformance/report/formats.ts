import { htmlReport } from './html.js';
import { jsonReport } from './json.js';
import { junitReport } from './junit.js';
import { markdownReport } from './markdown.js';

export type { ReportFormat, Volatile } from './format.js';

/** The report formats of a run, in the order they are written and listed. The one list of them. */
export const REPORT_FORMATS = [jsonReport, junitReport, markdownReport, htmlReport] as const;

/** The id of a registered format: `json`, `junit`, `markdown`, `html`. */
export type ReportId = (typeof REPORT_FORMATS)[number]['id'];

/** One value per registered format: the rendered texts, or the paths they were written to. */
export type Reports = Record<ReportId, string>;

/** The formats' titles as help texts name them: `JSON, JUnit, Markdown and HTML`. */
export const REPORT_TITLES = REPORT_FORMATS.map((f) => f.title)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1');
