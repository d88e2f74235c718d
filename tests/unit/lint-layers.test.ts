// @vitest-environment node
// The layer rules of biome.json (STYLE.md, "Layers are checked"): a tiny tree of probe files, linted
// with the project's own configuration, must be refused exactly where it imports against the layers.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

/** Each probe file and the rule it must break (null: it must pass). */
const PROBES: Record<string, { code: string; breaks: string | null }> = {
  'src/api/cycle-a.ts': {
    code: "import { b } from './cycle-b';\n\nexport const a = () => b;\n",
    breaks: 'noImportCycles',
  },
  'src/api/cycle-b.ts': {
    code: "import { a } from './cycle-a';\n\nexport const b = () => a;\n",
    breaks: 'noImportCycles',
  },
  'src/api/uses-texts.ts': {
    code: "import { words } from '../i18n/words';\n\nexport const api = words;\n",
    breaks: 'noRestrictedImports',
  },
  'src/api/uses-component.ts': {
    code: "import { widget } from '../components/widget';\n\nexport const api = widget;\n",
    breaks: 'noRestrictedImports',
  },
  'src/api/uses-offline.ts': {
    code: "import { saved } from '../offline/saved';\n\nexport const api = saved;\n",
    breaks: 'noRestrictedImports',
  },
  'src/offline/saved.ts': { code: 'export const saved = 1;\n', breaks: null },
  'src/crypto/uses-offline.ts': {
    code: "import { saved } from '../offline/saved';\n\nexport const crypto = saved;\n",
    breaks: 'noRestrictedImports',
  },
  'src/crypto/uses-own.ts': {
    code: "import { crypto } from './uses-offline';\n\nexport const own = crypto;\n",
    breaks: null,
  },
  'src/offline/uses-query.ts': {
    code: "import { query } from '../queries/uses-api';\n\nexport const offline = query;\n",
    breaks: 'noRestrictedImports',
  },
  'src/offline/uses-texts.ts': {
    code: "import { words } from '../i18n/words';\n\nexport const offline = words;\n",
    breaks: 'noRestrictedImports',
  },
  'src/offline/uses-ky.ts': {
    code: "import ky from 'ky';\n\nexport const offline = ky;\n",
    breaks: 'noRestrictedImports',
  },
  'src/offline/uses-api.ts': {
    code: "import { api } from '../api/uses-contract';\n\nexport const offline = api;\n",
    breaks: null,
  },
  'src/api/uses-contract.ts': {
    code: "import { rule } from '../../contract/rule';\n\nexport const api = rule;\n",
    breaks: null,
  },
  'src/queries/uses-ky.ts': {
    code: "import ky from 'ky';\n\nexport const query = ky;\n",
    breaks: 'noRestrictedImports',
  },
  'src/queries/uses-route.ts': {
    code: "import { route } from '../routes/route';\n\nexport const query = route;\n",
    breaks: 'noRestrictedImports',
  },
  'src/queries/uses-api.ts': {
    code: "import { api } from '../api/uses-contract';\n\nexport const query = api;\n",
    breaks: null,
  },
  'src/components/uses-ky.ts': {
    code: "import ky from 'ky';\n\nexport const widget = ky;\n",
    breaks: 'noRestrictedImports',
  },
  'src/components/uses-api.ts': {
    code: "import { api } from '../api/uses-contract';\n\nexport const widget = api;\n",
    breaks: 'noRestrictedImports',
  },
  'src/routes/uses-query.ts': {
    code: "import { query } from '../queries/uses-api';\n\nexport const route = query;\n",
    breaks: null,
  },
  'src/components/widget.ts': { code: 'export const widget = 1;\n', breaks: null },
  'src/i18n/words.ts': { code: 'export const words = 1;\n', breaks: null },
  'src/routes/route.ts': { code: 'export const route = 1;\n', breaks: null },
  'contract/rule.ts': { code: 'export const rule = 1;\n', breaks: null },
  'contract/uses-app.ts': {
    code: "import { api } from '../src/api/uses-contract';\n\nexport const contract = api;\n",
    breaks: 'noRestrictedImports',
  },
  'server/routes/uses-app.ts': {
    code: "import { api } from '../../src/api/uses-contract';\n\nexport const server = api;\n",
    breaks: 'noRestrictedImports',
  },
  'server/plugins/uses-route.ts': {
    code: "import { route } from '../routes/plain';\n\nexport const plugin = route;\n",
    breaks: null,
  },
  'server/routes/plain.ts': {
    code: 'export const route = 1;\n',
    breaks: null,
  },
  'server/routes/uses-plugin.ts': {
    code: "import { plugin } from '../plugins/uses-route';\n\nexport const route = plugin;\n",
    breaks: 'noRestrictedImports',
  },
  'server/routes/uses-service.ts': {
    code: "import { service } from '../services/plain';\n\nexport const route = service;\n",
    breaks: null,
  },
  'server/services/plain.ts': {
    code: 'export const service = 1;\n',
    breaks: null,
  },
  'server/services/uses-route.ts': {
    code: "import { route } from '../routes/plain';\n\nexport const service = route;\n",
    breaks: 'noRestrictedImports',
  },
  'server/services/uses-repository.ts': {
    code: "import { repository } from '../repositories/plain';\n\nexport const service = repository;\n",
    breaks: null,
  },
  'server/repositories/plain.ts': {
    code: 'export const repository = 1;\n',
    breaks: null,
  },
  'server/repositories/uses-service.ts': {
    code: "import { service } from '../services/plain';\n\nexport const repository = service;\n",
    breaks: 'noRestrictedImports',
  },
  'server/repositories/uses-db.ts': {
    code: "import { db } from '../db/plain';\n\nexport const repository = db;\n",
    breaks: null,
  },
  'server/db/plain.ts': {
    code: 'export const db = 1;\n',
    breaks: null,
  },
  'server/db/uses-repository.ts': {
    code: "import { repository } from '../repositories/plain';\n\nexport const db = repository;\n",
    breaks: 'noRestrictedImports',
  },
  'server/db/migrations/001-plain.ts': {
    code: "import type { Dialect } from '../database.js';\nimport { db } from './002-other';\n\nexport const migration = (d: Dialect) => [d, db];\n",
    breaks: null,
  },
  'server/db/migrations/002-other.ts': {
    code: 'export const db = 1;\n',
    breaks: null,
  },
  'server/db/migrations/003-uses-live.ts': {
    code: "import { repository } from '../../repositories/plain';\n\nexport const migration = repository;\n",
    breaks: 'noRestrictedImports',
  },
  'server/db/migrations/004-uses-db.ts': {
    code: "import { db } from '../plain';\n\nexport const migration = db;\n",
    breaks: 'noRestrictedImports',
  },
  'server/importers/uses-db.ts': {
    code: "import { db } from '../db/plain';\n\nexport const importer = db;\n",
    breaks: 'noRestrictedImports',
  },
};

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'monthbook-layers-'));
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete config.$schema;
  writeFileSync(
    join(dir, 'biome.json'),
    JSON.stringify({ ...config, vcs: { enabled: false }, files: { includes: ['**'] } }),
  );
  for (const [path, { code }] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `path → rules` from Biome's report (it exits non-zero on errors; the report is what counts). */
async function lintFindings(): Promise<Map<string, Set<string>>> {
  const output = await promisify(execFile)(BIOME, ['lint', '--max-diagnostics=none', '.'], {
    cwd: dir,
  }).catch((error: { stdout?: string; stderr?: string }) => error);
  const findings = new Map<string, Set<string>>();
  const report = `${output.stdout ?? ''}\n${output.stderr ?? ''}`;
  for (const [, path = '', rule = ''] of report.matchAll(/^(\S+?):\d+:\d+ lint\/\w+\/(\w+)/gm)) {
    findings.set(path, new Set([...(findings.get(path) ?? []), rule]));
  }
  return findings;
}

describe('the layer rules in biome.json', () => {
  it('refuse cycles, upward imports (browser and server), live code in migrations and ky outside src/api, and nothing else', async () => {
    const findings = await lintFindings();
    for (const [path, { breaks }] of Object.entries(PROBES)) {
      expect([path, [...(findings.get(path) ?? [])]]).toEqual([path, breaks ? [breaks] : []]);
    }
  });
});
