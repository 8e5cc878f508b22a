import { rmSync } from 'node:fs';
import { startTestEdge, type TestEdge } from '../../support/test-edge';
import { builtUiSnapshot } from './ui-build';

/**
 * A real edge serving the built app for browser tests: the API tests' edge (temporary data directory, free port of
 * 127.0.0.1, `call` and `userWithRole` for fixtures) serving a snapshot of dist/ui. `configured: false` leaves the
 * first-run setup to the test.
 */
export async function startUiEdge(options: { configured?: boolean } = {}): Promise<TestEdge> {
  const uiDir = builtUiSnapshot();
  const edge = await startTestEdge({ configured: options.configured ?? true, uiDir });
  return {
    ...edge,
    async close() {
      await edge.close();
      rmSync(uiDir, { recursive: true, force: true });
    },
  };
}
