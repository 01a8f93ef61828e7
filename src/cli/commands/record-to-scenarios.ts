import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { formatScenarioFileError, parseScenario } from '../../conformance/index.js';
import { readRecordings, type Recording } from '../../proxy/recording/format.js';
import { recordingsToScenarios } from '../../proxy/recording/to-scenarios.js';
import { CliError, CliUsageError, defineCommand, type CliContext } from '../context.js';

interface ToScenariosArgs {
  dir: string;
  out?: string;
}

/** The recordings of a folder; an unreadable folder is misuse, a file that is not a recording a failure. */
export function recordingsOf(dir: string, command: string): Recording[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new CliUsageError(`recording folder ${dir} does not exist`, command);
  const read = readRecordings(dir);
  const bad = read.filter((r) => !r.ok);
  if (bad.length > 0) {
    const first = bad[0];
    throw new CliError(
      `${bad.length} file(s) in ${dir} are not recordings, e.g. ${first?.file ?? ''}: ${first && !first.ok ? first.error : ''}`,
    );
  }
  const recordings = read.flatMap((r) => (r.ok ? [r.recording] : []));
  if (recordings.length === 0) throw new CliError(`no recordings (*.json) in ${dir}`);
  return recordings;
}

/** `record to-scenarios`: writes one scenario file per revision; every file is validated before any is written. */
export function handleToScenarios(args: ToScenariosArgs, ctx: CliContext): number {
  const dir = path.resolve(args.dir);
  const out = path.resolve(args.out ?? path.join(dir, 'scenarios'));
  const made = recordingsToScenarios(recordingsOf(dir, 'record to-scenarios'), path.basename(dir));
  if (made.scenarios.length === 0) throw new CliError(`no recorded exchange of ${dir} can be replayed`);
  const files = made.scenarios.map((scenario) => {
    const text = stringify(scenario, { lineWidth: 0 });
    const file = path.join(out, `${scenario.id}.yaml`);
    const parsed = parseScenario(text, file);
    if (parsed.errors.length > 0)
      throw new CliError(
        `generated scenario is invalid: ${parsed.errors.map(formatScenarioFileError).join('; ')}`,
      );
    return { file, text };
  });
  mkdirSync(out, { recursive: true });
  for (const { file, text } of files) {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  }
  const steps = made.scenarios.reduce((n, s) => n + s.steps.length, 0);
  ctx.io.stdout.write(
    `wrote ${files.length} scenario file(s) with ${steps} step(s):\n${files.map((f) => `  ${f.file}\n`).join('')}`,
  );
  if (made.skipped.length > 0)
    ctx.io.stdout.write(
      `left out ${made.skipped.length} exchange(s):\n${made.skipped.map((s) => `  #${s.seq}: ${s.reason}\n`).join('')}`,
    );
  ctx.io.stdout.write(
    `replay: rm-harness conform --scenarios-dir ${out} --target sim --version ${made.scenarios[0]?.revisions[0] ?? '1.4.0'}\n`,
  );
  return 0;
}

/** `rm-harness record to-scenarios DIR`. */
// Alike in shape to every command module's end and declaration (serve's too): defineCommand's form.
export const recordToScenariosCommand = defineCommand<ToScenariosArgs>({
  command: 'to-scenarios <dir>',
  describe:
    'Turn the recordings of a folder into scenario YAML that conform replays (volatile values checked by type)',
  builder: (y) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'Folder written by proxy --record' })
      .option('out', {
        type: 'string',
        defaultDescription: '<dir>/scenarios',
        describe: 'Folder of the scenario files',
      })
      .example(
        '$0 record to-scenarios rec --out rec-scenarios',
        'Then: conform --scenarios-dir rec-scenarios --target sim',
      ),
  handler: (args, ctx) => handleToScenarios(args, ctx),
});
