import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATH_METADATA } from '@nestjs/common/constants';
import { parseAllDocuments } from 'yaml';
import { loadAppConfig } from '../../src/config/app-config';
import { SETTINGS } from '../../src/config/config-schema';
import { HealthController } from '../../src/health/health.controller';

/**
 * deploy/k8s checked against the Kubernetes API schemas (kubernetes-models, generated from the Kubernetes OpenAPI
 * document) and against the gateway itself: its settings, port, probe routes and shutdown timing.
 */

const DIR = join(__dirname, '../../deploy/k8s');
type Doc = Record<string, any>;
interface Manifest {
  file: string;
  doc: Doc;
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const manifests: Manifest[] = files.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((parsed) => {
    if (parsed.errors.length) throw new Error(`${file}: ${parsed.errors[0].message}`);
    return { file, doc: parsed.toJS() as Doc };
  }),
);
const resources = manifests.filter((m) => m.doc.kind !== 'Kustomization');
const one = (kind: string, name: string): Doc => {
  const found = resources.filter((m) => m.doc.kind === kind && m.doc.metadata?.name === name);
  expect(found).toHaveLength(1);
  return found[0].doc;
};

/** Validates one object against the schema of its apiVersion and kind; throws the schema's complaint. */
function validate(doc: Doc): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const models = require(`kubernetes-models/${doc.apiVersion as string}`) as Record<string, new (data: Doc) => { validate(): void }>;
  const Model = models[doc.kind as string];
  if (!Model) throw new Error(`no schema for ${doc.apiVersion as string} ${doc.kind as string}`);
  new Model(doc).validate();
}

describe('deploy/k8s', () => {
  it.each(resources.map((m) => [`${m.file}: ${m.doc.kind as string} ${m.doc.metadata?.name as string}`, m.doc]))('%s is valid against the Kubernetes schema', (_name, doc) => {
    expect(() => validate(doc)).not.toThrow();
  });

  it('the validation is not vacuous: a wrong type, a missing field and an unknown kind are refused', () => {
    const deployment = structuredClone(one('Deployment', 'qqmusic-gateway'));
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => validate(deployment)).toThrow(/containerPort/);
    const noSelector = structuredClone(one('Deployment', 'qqmusic-gateway'));
    delete noSelector.spec.selector;
    expect(() => validate(noSelector)).toThrow(/selector/);
    expect(() => validate({ apiVersion: 'v1', kind: 'Servise' })).toThrow(/no schema/);
  });

  it('kustomization lists every manifest file', () => {
    const kustomization = manifests.find((m) => m.doc.kind === 'Kustomization')!.doc;
    expect([...(kustomization.resources as string[])].sort()).toEqual(files.filter((f) => f !== 'kustomization.yaml').sort());
  });

  it('the ConfigMap holds only settings the gateway knows, each valid', () => {
    const data = one('ConfigMap', 'qqmusic-gateway').data as Record<string, string>;
    for (const name of Object.keys(data)) expect(Object.keys(SETTINGS)).toContain(name);
    expect(() => loadAppConfig(data)).not.toThrow();
  });

  it('ports, probes and labels agree with the gateway and with each other', () => {
    const deployment = one('Deployment', 'qqmusic-gateway');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    expect(container.ports[0].containerPort).toBe(loadAppConfig({}).port);
    const health = `/${Reflect.getMetadata(PATH_METADATA, HealthController) as string}`;
    const handlers = Object.getOwnPropertyDescriptors(HealthController.prototype);
    const route = (method: 'live' | 'ready') => `${health}/${Reflect.getMetadata(PATH_METADATA, handlers[method].value as object) as string}`;
    expect(container.livenessProbe.httpGet.path).toBe(route('live'));
    expect(container.startupProbe.httpGet.path).toBe(route('live'));
    expect(container.readinessProbe.httpGet.path).toBe(route('ready'));
    for (const probe of [container.livenessProbe, container.readinessProbe, container.startupProbe]) {
      expect(container.ports.map((p: Doc) => p.name)).toContain(probe.httpGet.port);
    }

    const labels = deployment.spec.template.metadata.labels as Record<string, string>;
    expect(labels).toMatchObject(deployment.spec.selector.matchLabels);
    const service = one('Service', 'qqmusic-gateway');
    expect(labels).toMatchObject(service.spec.selector);
    expect(container.ports.map((p: Doc) => p.name)).toContain(service.spec.ports[0].targetPort);
    expect(labels).toMatchObject(one('PodDisruptionBudget', 'qqmusic-gateway').spec.selector.matchLabels);
    const hpa = one('HorizontalPodAutoscaler', 'qqmusic-gateway');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: deployment.apiVersion, kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThan(one('PodDisruptionBudget', 'qqmusic-gateway').spec.minAvailable);

    // REDIS_URL names the Redis Service of this folder, on its port.
    const redisUrl = new URL(one('ConfigMap', 'qqmusic-gateway').data.REDIS_URL as string);
    const redis = one('Service', redisUrl.hostname);
    expect(redis.spec.ports[0].port).toBe(Number(redisUrl.port));
  });

  it('the grace period outlasts the preStop pause and both shutdown bounds', () => {
    const pod = one('Deployment', 'qqmusic-gateway').spec.template.spec;
    const data = one('ConfigMap', 'qqmusic-gateway').data as Record<string, string>;
    const config = loadAppConfig(data);
    const pause = pod.containers[0].lifecycle.preStop.sleep.seconds as number;
    const shutdownSeconds = (config.shutdownDrainTimeoutMs + config.shutdownWorkTimeoutMs) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + shutdownSeconds);
  });
});
