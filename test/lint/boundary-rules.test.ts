import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint's boundary rules (eslint.config.js), each shown refusing a deliberate violation in a file of the kind it
// guards, and letting the same import through where it is allowed: a rule that never fires would pass `npm run lint`
// just as well as one that holds.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('the lint boundary rules', () => {
  it('keep the domain free of I/O and of the layers above it', async () => {
    const file = 'edge/src/domain/boundary-probe.ts';
    expect(await restrictedImports(file, "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n")).toEqual([
      expect.stringContaining('domain/ does no I/O'),
    ]);
    expect(await restrictedImports(file, "import { sql } from 'kysely';\nexport const s = sql;\n")).toEqual([
      expect.stringContaining('imports nothing with I/O'),
    ]);
    expect(await restrictedImports(file, "import { fieldError } from '../http/errors';\nexport const f = fieldError;\n")).toEqual([
      expect.stringContaining('never the reverse'),
    ]);
    expect(await restrictedImports(file, "import { ROLE } from './roles';\nexport const r = ROLE;\n")).toEqual([]);
  });

  it('let the app import only types from the edge, but for the tag address grammar and the roles', async () => {
    const file = 'ui/src/boundary-probe.ts';
    expect(await restrictedImports(file, "import { oeeOf } from '../../edge/src/domain/oee';\nexport const o = oeeOf;\n")).toEqual([
      expect.stringContaining('only types from edge/'),
    ]);
    expect(await restrictedImports(file, "import type { Shift } from '../../edge/src/domain/calendar';\nexport type S = Shift;\n")).toEqual(
      [],
    );
    expect(await restrictedImports(file, "import { ROLE } from '../../edge/src/domain/roles';\nexport const r = ROLE;\n")).toEqual([]);
    expect(
      await restrictedImports(
        file,
        "import { parseMqttAddress } from '../../edge/src/domain/source-addresses';\nexport const p = parseMqttAddress;\n",
      ),
    ).toEqual([]);
  });

  it("keep a module out of another module's repository: it imports that module's entry", async () => {
    const file = 'edge/src/modules/orders/boundary-probe.ts';
    const engineRepository = "import { engineParameters } from '../engine/indexes.repository';\nexport const e = engineParameters;\n";
    expect(await restrictedImports(file, engineRepository)).toEqual([expect.stringContaining("another module's repository")]);
    expect(await restrictedImports(file, "import { findStop } from '../stops/stops.repository';\nexport const f = findStop;\n")).toEqual([
      expect.stringContaining("another module's repository"),
    ]);
    expect(await restrictedImports(file, "import { engineParameters } from '../engine';\nexport const e = engineParameters;\n")).toEqual(
      [],
    );
    expect(await restrictedImports(file, "import { findOrder } from './orders.repository';\nexport const f = findOrder;\n")).toEqual([]);
    expect(await restrictedImports('edge/src/modules/orders/boundary-probe.test.ts', engineRepository)).toEqual([]);
    // The jobs and the HTTP layer as well: sessions and parameters through the auth and parameters modules' entries.
    const authRepository = "import { findSessionUser } from '../modules/auth/auth.repository';\nexport const f = findSessionUser;\n";
    for (const file of ['edge/src/jobs/boundary-probe.ts', 'edge/src/http/boundary-probe.ts']) {
      expect(await restrictedImports(file, authRepository), file).toEqual([expect.stringContaining("another module's repository")]);
      expect(
        await restrictedImports(file, "import { findSessionUser } from '../modules/auth';\nexport const f = findSessionUser;\n"),
      ).toEqual([]);
    }
  });

  it('reach the acquisition only through its entry', async () => {
    const tagCache = "import { plausibleSourceTime } from '../../acquisition/tag-cache';\nexport const p = plausibleSourceTime;\n";
    for (const file of ['edge/src/modules/live-tags/boundary-probe.ts', 'edge/src/modules/engine/boundary-probe.ts']) {
      expect(await restrictedImports(file, tagCache), file).toEqual([
        expect.stringContaining('acquisition/ is reached only through its entry'),
      ]);
    }
    expect(
      await restrictedImports(
        'edge/src/boundary-probe.ts',
        "import { attachAcquisition } from './acquisition/acquisition-manager';\nexport const a = attachAcquisition;\n",
      ),
    ).toEqual([expect.stringContaining('acquisition/ is reached only through its entry')]);
    const entry = "import { plausibleSourceTime } from '../../acquisition';\nexport const p = plausibleSourceTime;\n";
    expect(await restrictedImports('edge/src/modules/live-tags/boundary-probe.ts', entry)).toEqual([]);
    expect(
      await restrictedImports(
        'edge/src/boundary-probe.ts',
        "import { attachAcquisition } from './acquisition/index';\nexport const a = attachAcquisition;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'edge/src/demo/boundary-probe.ts',
        "import { PlantSimulator } from '../acquisition/simulator/plant-simulator';\nexport const p = PlantSimulator;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'edge/src/acquisition/boundary-probe.ts',
        "import { TagCache } from './tag-cache';\nexport const t = TagCache;\n",
      ),
    ).toEqual([]);
    expect(await restrictedImports('edge/src/modules/engine/boundary-probe.test.ts', tagCache)).toEqual([]);
  });

  it('keep test tools and test support out of production files, not out of tests', async () => {
    const vitest = "import { expect } from 'vitest';\nexport const e = expect;\n";
    const support = "import { startTestEdge } from '../../../../test/support/test-edge';\nexport const s = startTestEdge;\n";
    for (const file of [
      'edge/src/modules/orders/boundary-probe.ts',
      'sync/boundary-probe.ts',
      'edge/src/domain/boundary-probe.ts',
      'ui/src/lib/boundary-probe.ts',
    ]) {
      expect(await restrictedImports(file, vitest), file).toEqual([expect.stringContaining('does not import test tools')]);
    }
    expect(await restrictedImports('edge/src/modules/orders/boundary-probe.ts', support)).toEqual([
      expect.stringContaining('does not import test support'),
    ]);
    expect(await restrictedImports('edge/src/modules/orders/boundary-probe.test.ts', vitest + support)).toEqual([]);
    expect(await restrictedImports('edge/src/domain/boundary-probe.test.ts', vitest)).toEqual([]);
  });
});
