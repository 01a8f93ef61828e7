// The packed package, installed into an empty project outside the repository, built once per version
// of the sources and shared by every test that needs it (the packed-package test, the docs' package
// examples): building, packing and installing takes a minute or more on 2 cores.
//
// The build runs in a staging copy of the package's inputs (node_modules linked), never in this checkout,
// so it cannot disturb tests that run at the same time; `npm pack` there runs the package's own prepack
// (build, npm-shrinkwrap.json) as a publish would. The result is kept in the system's temp folder under
// a hash of those inputs: a second test file, or a second run on unchanged sources, reuses it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Root of this repository. */
export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Quiet, cache-first npm flags for installs in tests. */
export const NPM_QUIET = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

/** What the package is made of: a change to any of these makes a new tarball. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'README.md',
  'LICENSE',
  'rm-harness.config.schema.json',
  'rm-harness.config.example.json',
  'scripts/shrinkwrap.mjs',
  'bin',
  'src',
  'contracts',
  'conformance',
  'fixtures',
];

/** The installed package. */
export interface PackedProject {
  /** The folder holding the tarball and the project. */
  dir: string;
  /** An npm project (`"type": "module"`) with only the tarball installed. */
  project: string;
  /** Absolute path of the tarball. */
  tarball: string;
  /** The paths inside the tarball. */
  files: string[];
}

function filesOf(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(entry, name))
    .filter((name) => statSync(path.join(ROOT, name)).isFile())
    .sort();
}

/** A hash of every input file's path and content. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesOf))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Builds, packs and installs into `dir` (which this process has just created). */
async function build(dir: string): Promise<PackedProject> {
  const stage = path.join(dir, 'stage');
  mkdirSync(stage);
  for (const entry of INPUTS) {
    if (existsSync(path.join(ROOT, entry)))
      cpSync(path.join(ROOT, entry), path.join(stage, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(stage, 'node_modules'));
  // `npm test --ignore-scripts` passes npm_config_ignore_scripts on, and npm pack would skip prepack (the
  // build and npm-shrinkwrap.json): the pack runs with the package's scripts, as a publish does.
  const env = { ...process.env };
  delete env.npm_config_ignore_scripts;
  const { stdout } = await run('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', dir], {
    cwd: stage,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  // prepack's own output (the build) precedes the JSON array npm prints last.
  const packed = JSON.parse(stdout.slice(stdout.lastIndexOf('\n[') + 1)) as [
    { filename: string; files: { path: string }[] },
  ];
  const tarball = path.join(dir, packed[0].filename);
  const project = path.join(dir, 'partner');
  mkdirSync(project);
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'partner', private: true, type: 'module' }),
  );
  await run('npm', ['install', tarball, ...NPM_QUIET], { cwd: project });
  rmSync(stage, { recursive: true, force: true });
  return { dir, project, tarball, files: packed[0].files.map((f) => f.path) };
}

/** Removes other versions' folders that nobody has touched for a day. */
function prune(keep: string): void {
  const day = 24 * 60 * 60 * 1000;
  for (const name of readdirSync(tmpdir())) {
    const full = path.join(tmpdir(), name);
    if (!name.startsWith('rm-harness-packed-') || full === keep) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs > day) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/**
 * The installed package for the current sources: built, packed and installed by the first caller (a
 * lock folder keeps concurrent test files from building twice), reused by the rest.
 */
export async function packedProject(timeoutMs = 600_000): Promise<PackedProject> {
  const dir = path.join(tmpdir(), `rm-harness-packed-${sourceHash()}`);
  const ready = path.join(dir, 'ready.json');
  const lock = `${dir}.lock`;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as PackedProject;
    try {
      mkdirSync(lock);
    } catch {
      // Someone else is building; a lock older than the timeout belongs to a run that died.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > timeoutMs) rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
      continue;
    }
    try {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      const project = await build(dir);
      writeFileSync(ready, JSON.stringify(project));
      prune(dir);
      return project;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`the packed package was not ready within ${timeoutMs} ms`);
}
