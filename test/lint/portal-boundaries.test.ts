import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the portal and the migrations in their places (eslint.config.js), each shown failing on a
 * deliberate violation and passing on the allowed form: a migration imports only kysely, sync/ never imports the
 * portal, ui/ imports only types from the portal.
 */

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function ruleMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('boundary rules of the portal and the migrations', () => {
  it('a shipped migration imports only kysely, never another migration or live code', async () => {
    const path = 'sync/central/migrations/9999-example.ts';
    expect(await ruleMessages(path, `import { SUMS } from './0001-central-schema';\nexport const x = SUMS;\n`)).toEqual([
      expect.stringContaining('A migration imports only kysely'),
    ]);
    expect(
      await ruleMessages(
        'edge/src/db/migrations/9999-example.ts',
        `import { REASON } from '../../domain/stops';\nexport const x = REASON;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await ruleMessages(
        path,
        `import { sql, type Kysely } from 'kysely';\nexport const x: [typeof sql, Kysely<unknown> | null] = [sql, null];\n`,
      ),
    ).toEqual([]);
  });

  it('sync/ does not import the portal that reads its copy', async () => {
    expect(
      await ruleMessages(
        'sync/agent-example.ts',
        `import { startPortal } from '../portal/portal-server';\nexport const x = startPortal;\n`,
      ),
    ).toEqual([expect.stringContaining('sync/ does not import the portal')]);
  });

  it('ui/ imports only types from the portal', async () => {
    const path = 'ui/src/features/portal/api/example.ts';
    expect(
      await ruleMessages(path, `import { PORTAL_ROLE } from '../../../../../portal/portal.schemas';\nexport const x = PORTAL_ROLE;\n`),
    ).toEqual([expect.stringContaining('ui/ imports only types from portal/')]);
    expect(
      await ruleMessages(
        path,
        `import type { PortalRoleId } from '../../../../../portal/portal.schemas';\nexport type X = PortalRoleId;\n`,
      ),
    ).toEqual([]);
  });
});
