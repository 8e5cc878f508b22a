import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitFor } from '../support/simulated-plant';
import { SimulatorProcess } from '../support/simulator-process';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';
import { cellAt, fillForm, gridRow, recordForm, saveForm } from './support/grid';

/**
 * Issue 15 in the browser: the OPC servers tab's security fields (mode, policy, user, a write-only password), its
 * certificates panel (the edge's own thumbprint and downloads; a server certificate met on a secured connection,
 * trusted and rejected), the retention section of the General parameters, and the Users tab's mark of a temporary
 * password.
 */
describe('OPC UA security and retention, administrator', () => {
  let edge: TestEdge;
  let simulator: SimulatorProcess;
  const pkiDir = mkdtempSync(join(tmpdir(), 'oee-sim-pki-'));

  beforeAll(async () => {
    [edge, simulator] = await Promise.all([
      startUiEdge(),
      SimulatorProcess.start({
        lines: 1,
        port: 0,
        pkiDir,
        automatic: false,
        speeds: [0],
        security: { modes: ['Sign'], policies: ['Basic256Sha256'], users: [{ userName: 'planta', password: 'clave-de-planta-1' }] },
      }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await simulator?.stop();
    await edge?.close();
    rmSync(pkiDir, { recursive: true, force: true });
  });

  async function configuration(tab: string): Promise<Page> {
    const { page } = await openBrowser();
    await logIn(page, edge.url, 'admin', edge.adminPassword!, `/configuracion?tab=${tab}`);
    await page.getByTestId('configuration-tabs').waitFor();
    return page;
  }

  test('a secured server with a user: the password is never shown back and blank keeps it; its certificate is trusted and rejected in the panel', async () => {
    const page = await configuration('opc-servers');
    await page.getByTestId('opc-servers-grid-add').click();
    await fillForm(page, {
      name: 'PLC seguro',
      hostName: simulator.endpointUrl,
      serverType: 'UA',
      securityMode: 'Sign',
      securityPolicy: 'Basic256Sha256',
      userName: 'planta',
      password: 'clave-de-planta-1',
    });
    await saveForm(page);
    const row = gridRow(page, 'opc-servers-grid', 'PLC seguro');
    await row.waitFor();
    expect(await row.innerText()).toContain('Sign');
    const server = (await edge.call('GET', '/api/opcservers', { token: edge.adminToken })).body.data.find(
      (s: { name: string }) => s.name === 'PLC seguro',
    );
    expect(server).toMatchObject({ securityMode: 'Sign', securityPolicy: 'Basic256Sha256', userName: 'planta', passwordSet: true });
    expect(JSON.stringify(server)).not.toContain('clave-de-planta-1');

    // Editing: the password field is empty (never shown back); saved blank, the stored one is kept.
    await row.click();
    await page.getByTestId('opc-servers-grid-edit').click();
    expect(await recordForm(page).locator('[name="password"]').inputValue()).toBe('');
    await fillForm(page, { userName: 'planta' });
    await saveForm(page);
    await recordForm(page).waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain('clave-de-planta-1');
    const kept = (await edge.call('GET', '/api/opcservers', { token: edge.adminToken })).body.data.find(
      (s: { name: string }) => s.name === 'PLC seguro',
    );
    expect(kept.passwordSet).toBe(true);

    // The edge's own certificate: its thumbprint as the API gives it, and the two downloads.
    const own = (await edge.call('GET', '/api/opcservers/certificate', { token: edge.adminToken })).body;
    expect(await page.getByTestId('opc-own-thumbprint').innerText()).toBe(own.thumbprint);
    const [pem] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PEM' }).click()]);
    expect(pem.suggestedFilename()).toBe('oee-edge.pem');
    const pemText = Buffer.concat(await (await pem.createReadStream()).toArray()).toString('utf8');
    expect(pemText.trim()).toBe(own.pem.trim());
    const [der] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar DER' }).click()]);
    expect(der.suggestedFilename()).toBe('oee-edge.der');

    // The simulator's certificate, met on the secured connection, is pending: trusted, then rejected, from the panel.
    await waitFor(
      async () =>
        (await edge.call('GET', '/api/opcservers/certificates', { token: edge.adminToken })).body.length === 1 ? true : undefined,
      'the server certificate met',
      60_000,
    );
    await page.reload();
    const certificates = page.getByTestId('opc-server-certificates');
    await certificates.waitFor();
    const met = certificates.locator('tbody tr');
    expect(await met.count()).toBe(1);
    expect(await met.innerText()).toContain('Rechazado');
    await met.getByRole('button', { name: 'Confiar' }).click();
    await met.getByText('De confianza').waitFor();
    expect((await edge.call('GET', '/api/opcservers/certificates', { token: edge.adminToken })).body[0].status).toBe('trusted');
    await met.getByRole('button', { name: 'Rechazar' }).click();
    await met.getByText('Rechazado').waitFor();
    expect((await edge.call('GET', '/api/opcservers/certificates', { token: edge.adminToken })).body[0].status).toBe('rejected');
  }, 240_000);

  test('a retention value is saved and kept after a reload; one out of range is refused with its message and not stored', async () => {
    const page = await configuration('parameters');
    const form = page.getByTestId('parameters-form');
    const audit = form.locator('[data-field="auditRetentionDays"] input');
    await audit.waitFor();
    expect(await audit.inputValue()).toBe('730');
    await audit.fill('400');
    await page.getByTestId('parameters-save').click();
    await waitFor(
      async () =>
        (await edge.call('GET', '/api/parameters/get', { token: edge.adminToken })).body.auditRetentionDays === 400 ? true : undefined,
      'the retention stored',
    );
    await page.reload();
    await audit.waitFor();
    expect(await audit.inputValue()).toBe('400');

    const refusal = await edge.call('PUT', '/api/parameters', {
      token: edge.adminToken,
      form: { values: { diagnosticsRetentionDays: 0 } },
    });
    expect(refusal.status).toBe(400);
    const message = refusal.body.error.fields.diagnosticsRetentionDays as string;
    await form.locator('[data-field="diagnosticsRetentionDays"] input').fill('0');
    await page.getByTestId('parameters-save').click();
    const error = page.getByTestId('error-diagnosticsRetentionDays');
    await error.waitFor();
    expect((await error.innerText()).trim()).toBe(message);
    expect((await edge.call('GET', '/api/parameters/get', { token: edge.adminToken })).body.diagnosticsRetentionDays).toBe(30);
  }, 120_000);

  test("the Users tab marks a password the administrator set as temporary ('Contraseña temporal': Sí), and not the administrator's own", async () => {
    const created = await edge.call('POST', '/api/users', {
      token: edge.adminToken,
      form: { values: { userID: 'temporal', firstName: 'Tomás', lastName: 'Temporal', password: 'dada-por-admin', roleID: 3 } },
    });
    expect(created.status, created.text).toBe(200);
    const page = await configuration('users');
    await gridRow(page, 'users-grid', 'Tomás').waitFor();
    const rowIndexOf = async (text: string) => Number(await gridRow(page, 'users-grid', text).getAttribute('row-index'));
    expect(await cellAt(page, 'users-grid', await rowIndexOf('Tomás'), 'mustChangePassword')).toBe('Sí');
    expect(await cellAt(page, 'users-grid', await rowIndexOf('Sistema'), 'mustChangePassword')).toBe('No');
    expect(await page.getByTestId('users-grid').locator('.ag-header-cell[col-id="mustChangePassword"]').innerText()).toContain(
      'Contraseña temporal',
    );
  }, 120_000);
});
