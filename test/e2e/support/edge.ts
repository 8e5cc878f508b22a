import { rmSync } from 'node:fs';
import { uiFolder, type UiFiles } from '../../../edge/src/http/ui-files';
import { startTestEdge, type TestEdge } from '../../support/test-edge';
import { builtUiSnapshot } from './ui-build';

/**
 * A real edge serving the built app for browser tests: the API tests' edge (temporary data directory, free port of
 * 127.0.0.1, `call` and `userWithRole` for fixtures) serving a snapshot of dist/ui. `configured: false` leaves the
 * first-run setup to the test. `serveUi` serves other files in place of the build's (a benchmark switching between
 * this build and an earlier one).
 */
export async function startUiEdge(options: { configured?: boolean; serveUi?: (built: UiFiles) => UiFiles } = {}): Promise<TestEdge> {
  const uiDir = builtUiSnapshot();
  const ui = options.serveUi?.(uiFolder(uiDir));
  const edge = await startTestEdge({ configured: options.configured ?? true, uiDir, ui });
  return {
    ...edge,
    async close() {
      await edge.close();
      rmSync(uiDir, { recursive: true, force: true });
    },
  };
}
