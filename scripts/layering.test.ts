import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '..');
const biome = join(repo, 'node_modules', '.bin', 'biome');

/** [file as it would sit in the repo, source, the rule expected to object, or null when allowed] */
const cases = [
  [
    'packages/core/src/uses-react.ts',
    "import { useState } from 'react';\nexport const x = useState;\n",
    'noRestrictedImports',
  ],
  [
    'packages/core/src/uses-react-dom.ts',
    "import { createRoot } from 'react-dom/client';\nexport const x = createRoot;\n",
    'noRestrictedImports',
  ],
  [
    'packages/core/src/uses-router.ts',
    "import { Link } from 'wouter';\nexport const x = Link;\n",
    'noRestrictedImports',
  ],
  [
    'packages/core/src/uses-app.ts',
    "import { x as y } from '@vendo/web';\nexport const x = y;\n",
    'noRestrictedImports',
  ],
  [
    'packages/core/src/uses-ui.ts',
    "import { fontSizes } from '@vendo/ui';\nexport const x = fontSizes;\n",
    'noRestrictedImports',
  ],
  ['packages/core/src/uses-dom.ts', 'export const x = () => window.location.href;\n', 'noRestrictedGlobals'],
  ['packages/core/src/uses-storage.ts', "export const x = () => localStorage.getItem('t');\n", 'noRestrictedGlobals'],
  [
    'packages/ui/src/uses-core.ts',
    "import { calls } from '@vendo/core';\nexport const x = calls;\n",
    'noRestrictedImports',
  ],
  ['packages/ui/src/uses-ky.ts', "import ky from 'ky';\nexport const x = ky;\n", 'noRestrictedImports'],
  [
    'packages/ui/src/uses-router.ts',
    "import { useLocation } from 'wouter';\nexport const x = useLocation;\n",
    'noRestrictedImports',
  ],
  [
    'packages/ui/src/uses-xstate.ts',
    "import { createActor } from 'xstate';\nexport const x = createActor;\n",
    'noRestrictedImports',
  ],
  ['packages/core/src/uses-zod.ts', "import * as z from 'zod/mini';\nexport const x = z;\n", null],
  ['packages/ui/src/uses-react.ts', "import { useState } from 'react';\nexport const x = useState;\n", null],
  [
    'apps/web/src/features/machines/uses-purchase-internals.tsx',
    "import { useBuy } from '../purchase/buy.tsx';\nexport const x = useBuy;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/features/machines/parts/uses-purchase-internals.tsx',
    "import { useBuy } from '../../purchase/buy.tsx';\nexport const x = useBuy;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/features/purchase/uses-sign-in-modal.tsx',
    "import { LoginModalProvider } from '../../features/sign-in/login-modal.tsx';\nexport const x = LoginModalProvider;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/features/wallet/uses-app.tsx',
    "import { Routes } from '../../app/routes.tsx';\nexport const x = Routes;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/features/wallet/uses-entry.tsx',
    "import { x as y } from '../../main.tsx';\nexport const x = y;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/lib/uses-feature.ts',
    "import { useBuy } from '../features/purchase/index.ts';\nexport const x = useBuy;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/lib/frame/uses-app.tsx',
    "import { Guard } from '../../app/guard.tsx';\nexport const x = Guard;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/lib/platform/uses-feature.ts',
    "import { loadTexts } from '../../features/wallet/texts.ts';\nexport const x = loadTexts;\n",
    'noRestrictedImports',
  ],
  [
    'apps/web/src/features/machines/uses-purchase.tsx',
    "import { useBuy } from '../purchase/index.ts';\nimport { href } from '../../lib/paths.ts';\nimport { texts } from './texts.ts';\nexport const x = [useBuy, href, texts];\n",
    null,
  ],
  [
    'apps/web/src/features/machines/parts/uses-own-and-lib.tsx',
    "import { useBuy } from '../../purchase/index.ts';\nimport { href } from '../../../lib/paths.ts';\nimport { texts } from '../texts.ts';\nexport const x = [useBuy, href, texts];\n",
    null,
  ],
  [
    'apps/web/src/features/machines/reaches-across.test.tsx',
    "import { useBuy } from '../purchase/buy.tsx';\nimport { Guard } from '../../app/guard.tsx';\nexport const x = [useBuy, Guard];\n",
    null,
  ],
  [
    'apps/web/src/lib/frame/uses-lib.tsx',
    "import { href } from '../paths.ts';\nimport { usePlatform } from '../platform/platform.tsx';\nexport const x = [href, usePlatform];\n",
    null,
  ],
  [
    'apps/web/src/lib/uses-lib.ts',
    "import { href } from './paths.ts';\nimport { usePlatform } from './platform/platform.tsx';\nexport const x = [href, usePlatform];\n",
    null,
  ],
  [
    'apps/web/src/app/uses-everything.tsx',
    "import { useBuy } from '../features/purchase/buy.tsx';\nimport { href } from '../lib/paths.ts';\nexport const x = [useBuy, href];\n",
    null,
  ],
  [
    'apps/web/src/uses-all.ts',
    "import { calls } from '@vendo/core';\nimport { Link } from 'wouter';\nexport const x = [calls, Link];\n",
    null,
  ],
  [
    'apps/terminal/src/uses-react.ts',
    "import { useState } from 'react';\nexport const x = useState;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-react-dom.ts',
    "import { createRoot } from 'react-dom/client';\nexport const x = createRoot;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-xstate-react.ts',
    "import { useSelector } from '@xstate/react';\nexport const x = useSelector;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-router.ts',
    "import { Link } from 'wouter';\nexport const x = Link;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-ui.ts',
    "import { fontSizes } from '@vendo/ui';\nexport const x = fontSizes;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/commands/uses-web.ts',
    "import { failureMessages } from '../../../web/src/features/purchase/deal-messages.ts';\nexport const x = failureMessages;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-web-package.ts',
    "import { x as y } from '@vendo/web';\nexport const x = y;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-api-internals.test.ts',
    "import { reseed } from '../../api/src/seed/seed.ts';\nexport const x = reseed;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/uses-core-by-path.ts',
    "import { formatMoney } from '../../../packages/core/src/rules/money.ts';\nexport const x = formatMoney;\n",
    'noRestrictedImports',
  ],
  [
    'apps/terminal/src/commands/uses-core-and-own.ts',
    "import { createApi, formatMoney } from '@vendo/core';\nimport { spinner } from '@clack/prompts';\nimport { createActor } from 'xstate';\nimport { readFileSync } from 'node:fs';\nimport { textsFor } from '../messages/index.ts';\nimport { apiClient } from '../platform/api.ts';\nexport const x = [createApi, formatMoney, spinner, createActor, readFileSync, textsFor, apiClient];\n",
    null,
  ],
  [
    'apps/api/src/routes/uses-migrations.ts',
    "import { migrationStatus } from '../db/migrate.ts';\nexport const x = migrationStatus;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/routes/opens-database.ts',
    "import { type Db, openDatabase } from '../db/database.ts';\nexport const x = openDatabase;\nexport type Y = Db;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/routes/writes-sql.ts',
    "import { sql } from 'kysely';\nexport const x = sql;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/http/uses-notifications.ts',
    "import { worldResetChannel } from '../db/notifications.ts';\nexport const x = worldResetChannel;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/services/uses-http.ts',
    "import { problem } from '../http/problem.ts';\nexport const x = problem;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/services/uses-routes.ts',
    "import { keypadLimits } from '../routes/keypad.ts';\nexport const x = keypadLimits;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/db/uses-services.ts',
    "import { sha256 } from '../services/crypto.ts';\nexport const x = sha256;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/db/uses-http.ts',
    "import { problem } from '../http/problem.ts';\nexport const x = problem;\n",
    'noRestrictedImports',
  ],
  [
    'apps/api/src/routes/uses-services.ts',
    "import type { Db } from '../db/database.ts';\nimport { problem } from '../http/problem.ts';\nimport { listCards } from '../services/cards.ts';\nexport const x = (db: Db) => [listCards(db, 1), problem];\n",
    null,
  ],
  [
    'apps/api/src/services/uses-db.ts',
    "import { sql } from 'kysely';\nimport type { Db } from '../db/database.ts';\nimport { migrationStatus } from '../db/migrate.ts';\nexport const x = (db: Db) => [sql, migrationStatus(db)];\n",
    null,
  ],
  [
    'apps/api/src/routes/reads-database.test.ts',
    "import { sql } from 'kysely';\nimport { openDatabase } from '../db/database.ts';\nexport const x = [sql, openDatabase];\n",
    null,
  ],
] as const;

let sandbox = '';
let report = '';

beforeAll(() => {
  // Lint a copy of the tree's shape with the repository's own biome.json.
  sandbox = mkdtempSync(join(tmpdir(), 'vendo-layering-'));
  const config = JSON.parse(readFileSync(join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(sandbox, 'biome.json'), JSON.stringify(config));
  for (const [file, source] of cases) {
    mkdirSync(dirname(join(sandbox, file)), { recursive: true });
    writeFileSync(join(sandbox, file), source);
  }
  try {
    report = execFileSync(biome, ['lint', '--reporter=github', '--max-diagnostics=none', '.'], {
      cwd: sandbox,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (failed) {
    report = (failed as { stdout: string }).stdout;
  }
});

afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

const rulesFor = (file: string) =>
  report
    .split('\n')
    .filter((line) => line.includes(`file=${join(sandbox, file)},`))
    .map((line) => /title=lint\/\w+\/(\w+)/.exec(line)?.[1]);

describe('layering of shared/DESIGN.md, enforced by the lint', () => {
  it.each(cases.filter(([, , rule]) => rule))('refuses %s', (file, _, rule) => {
    expect(rulesFor(file)).toContain(rule);
  });

  it.each(cases.filter(([, , rule]) => !rule))('allows %s', (file) => {
    expect(rulesFor(file)).toEqual([]);
  });
});
