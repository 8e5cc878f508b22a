import type { TestEdge } from './test-edge';
import { storedScript } from './simulated-plant';

/**
 * A server of any type with its tags ([tagName, tagType, tagValue]), a sector and lines 1..`lines` whose scripts read
 * Line<n>.Running, Line<n>.Units and Line<n>.Discards: configured through the API as an administrator would. Answers
 * the server's id.
 */
export async function configureSourceLines(
  t: TestEdge,
  server: Record<string, unknown>,
  tags: readonly (readonly [string, string, string])[],
  lines = 2,
): Promise<number> {
  const token = t.adminToken;
  const ok = <T extends { status: number; text: string }>(result: T, what: string): T => {
    if (result.status !== 200) throw new Error(`${what}: ${result.status} ${result.text}`);
    return result;
  };
  const opcServerID: number = ok(await t.call('POST', '/api/opcservers', { token, form: { values: server } }), 'server').body.opcServerID;
  for (const [tagName, tagType, tagValue] of tags)
    ok(await t.call('POST', '/api/tags', { token, form: { values: { tagName, tagType, opcServerID, tagValue } } }), tagName);
  const sector = ok(await t.call('POST', '/api/sectors', { token, form: { values: { sectorName: 'Envasado' } } }), 'sector');
  for (let line = 1; line <= lines; line += 1) {
    const values = {
      lineID: line,
      sectorID: sector.body.sectorID,
      description: `Línea ${line}`,
      calculationBaliza: storedScript(`Line${line}.Running`),
      calculationUnits: storedScript(`Line${line}.Units`),
      calculationDiscards: storedScript(`Line${line}.Discards`),
    };
    ok(await t.call('POST', '/api/Resources', { token, form: { values } }), 'line');
  }
  return opcServerID;
}
