import type { TestEdge } from '../../support/test-edge';

/** Fixture data made through the API as the administrator (what a test needs before its screen has anything to show). */
export async function addLine(
  edge: TestEdge,
  line: {
    lineID: number;
    description: string;
    sectorName: string;
    /** Other fields of the line (enableStopsManager…). */ settings?: Record<string, unknown>;
  },
): Promise<{ sectorID: number }> {
  const token = edge.adminToken!;
  const sector = await edge.call('POST', '/api/sectors', { token, form: { values: { sectorName: line.sectorName } } });
  if (sector.status !== 200) throw new Error(`sector: ${sector.text}`);
  const created = await edge.call('POST', '/api/Resources', {
    token,
    form: { values: { ...line.settings, lineID: line.lineID, sectorID: sector.body.sectorID, description: line.description } },
  });
  if (created.status !== 200) throw new Error(`line: ${created.text}`);
  return { sectorID: sector.body.sectorID };
}

/** A fresh session of the administrator created by setup (tests may have ended the one the edge started with). */
export async function freshAdminToken(edge: TestEdge): Promise<string> {
  const login = await edge.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: edge.adminPassword } });
  if (login.status !== 200) throw new Error(`admin login: ${login.text}`);
  return login.body.token as string;
}
