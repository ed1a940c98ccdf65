/**
 * electron-builder.yml, read as electron-builder reads it: checked against electron-builder's own
 * JSON schema (app-builder-lib/scheme.json, the one its `validateConfiguration` uses), and held to
 * what the issue asks of the installers, the fuses and the update feed. Installers cannot be built
 * here (no Electron binary, no Windows or macOS), so this is what guards the file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
// strict: false as electron-builder does: the schema carries keywords ajv does not know (e.g. tsType).
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

type Config = Record<string, unknown>;
const config = parse(readFileSync(resolve(ROOT, 'electron-builder.yml'), 'utf8')) as Config;

function problems(c: unknown): ErrorObject[] {
  return validate(c) ? [] : [...(validate.errors ?? [])];
}

function section(name: string): Config {
  const s = config[name];
  if (!s || typeof s !== 'object') throw new Error(`electron-builder.yml has no ${name} section`);
  return s as Config;
}

/** The targets of a platform section, by name, with their architectures. */
function targets(platform: 'win' | 'mac' | 'linux'): Map<string, unknown> {
  const list = section(platform).target as (string | { target: string; arch?: unknown })[];
  return new Map(list.map((t) => (typeof t === 'string' ? [t, undefined] : [t.target, t.arch])));
}

/** Every [dotted path, value] of a parsed YAML tree. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, value]];
}

describe('electron-builder.yml against electron-builder’s schema', () => {
  it('matches the schema', () => {
    expect(problems(config)).toEqual([]);
  });

  it('is refused with a key electron-builder does not know', () => {
    expect(problems({ ...config, notAnOption: true }).map((e) => e.params)).toContainEqual({ additionalProperty: 'notAnOption' });
    expect(problems({ ...config, nsis: { ...section('nsis'), perMachin: true } }).length).toBeGreaterThan(0);
  });

  it('is refused with a value of the wrong type, and with a fuse that does not exist', () => {
    expect(problems({ ...config, mac: { ...section('mac'), hardenedRuntime: 'yes' } }).length).toBeGreaterThan(0);
    expect(problems({ ...config, electronFuses: { ...section('electronFuses'), runAsNod: false } }).length).toBeGreaterThan(0);
  });
});

describe('the installers IT needs', () => {
  it('builds NSIS (per machine, so it installs silently for all users) and MSI on Windows', () => {
    expect([...targets('win').keys()]).toEqual(expect.arrayContaining(['nsis', 'msi']));
    expect(section('nsis')).toMatchObject({ oneClick: false, perMachine: true });
    expect(section('msi')).toMatchObject({ perMachine: true });
  });

  it('builds a dmg and a zip on macOS, with the hardened runtime, notarized', () => {
    expect([...targets('mac').keys()]).toEqual(expect.arrayContaining(['dmg', 'zip']));
    expect(section('mac')).toMatchObject({ hardenedRuntime: true, notarize: true });
  });

  it('builds AppImage, deb and rpm on Linux', () => {
    expect([...targets('linux').keys()]).toEqual(expect.arrayContaining(['AppImage', 'deb', 'rpm']));
  });

  it('publishes a feed electron-updater reads, its URL from the build environment', () => {
    const publish = config.publish as Config[];
    expect(publish).toContainEqual({ provider: 'generic', url: '${env.FOLIO_UPDATE_URL}' });
  });

  it('holds no secret: signing and notarization read the environment only', () => {
    const secretish = /password|secret|token|csclink|certificatefile|certificatesha1|apikey|appleid|identity/i;
    const found = leaves(config).filter(([path]) => secretish.test(path));
    expect(found).toEqual([]);
  });
});

describe('Electron fuses', () => {
  it('are set so the packaged binary runs only its own signed asar and is no Node runtime', () => {
    expect(section('electronFuses')).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: true,
    });
    expect(config.asar).toBe(true);
  });
});

describe('what the packaged app runs', () => {
  it('starts the bundled main that scripts/build-main.mjs writes, and packs the built files it loads', () => {
    expect(config.extraMetadata).toEqual({ main: 'dist/node/electron-main.js' });
    expect(readFileSync(resolve(ROOT, 'scripts/build-main.mjs'), 'utf8')).toContain("'electron-main': 'main/electron/main.ts'");
    expect(config.files).toEqual(expect.arrayContaining(['dist/node/**/*', 'dist/electron/**/*', 'renderer/dist/**/*', 'assets/icon.png', 'package.json']));
  });
});
