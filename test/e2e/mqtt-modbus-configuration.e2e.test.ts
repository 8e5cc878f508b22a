import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitFor } from '../support/simulated-plant';
import type { TestEdge } from '../support/test-edge';
import { logIn, openBrowser } from './support/browser';
import { startUiEdge } from './support/edge';
import { fillForm, gridRow, recordForm, saveForm } from './support/grid';

/**
 * Issue 30 in the browser: an administrator registers a Modbus TCP PLC and an MQTT broker in the OPC servers tab (each
 * form shows its type's settings only, the broker's password write-only), and their tags in the tags tab, whose value
 * is built part by part (Modbus area, address, type, word order, counter; MQTT topic and JSON path, or a Sparkplug B
 * metric) and taken apart again when typed as text.
 */
describe('MQTT and Modbus servers and tags, administrator', () => {
  let edge: TestEdge;

  beforeAll(async () => {
    edge = await startUiEdge();
  }, 180_000);
  afterAll(async () => {
    await edge?.close();
  });

  async function configuration(tab: string): Promise<Page> {
    const { page } = await openBrowser();
    await logIn(page, edge.url, 'admin', edge.adminPassword!, `/configuracion?tab=${tab}`);
    await page.getByTestId('configuration-tabs').waitFor();
    return page;
  }

  const servers = async () =>
    (await edge.call('GET', '/api/opcservers', { token: edge.adminToken })).body.data as Record<string, unknown>[];
  const tags = async () => (await edge.call('GET', '/api/tags', { token: edge.adminToken })).body.data as Record<string, unknown>[];
  const field = (page: Page, name: string) => recordForm(page).locator(`[data-field="${name}"]`);
  /** The tagValue input shows this text (the editor's change reaches it on the next render). */
  const tagValueIs = (page: Page, text: string) =>
    waitFor(
      async () => ((await field(page, 'tagValue').locator('input[name="tagValue"]').inputValue()) === text ? true : undefined),
      `tagValue ${text}`,
      5_000,
    );

  test('a Modbus PLC and an MQTT broker: each form shows its settings only, and the broker password is never shown back', async () => {
    const page = await configuration('opc-servers');
    await page.getByTestId('opc-servers-grid-add').click();
    await fillForm(page, { serverType: 'Modbus' });
    expect(await field(page, 'securityMode').count()).toBe(0);
    expect(await field(page, 'password').count()).toBe(0);
    await page.getByTestId('host-name-hint').getByText('host:puerto').waitFor();
    await fillForm(page, { name: 'PLC envasado', hostName: '127.0.0.1:1502', unitId: '3', pollingMs: '500' });
    await saveForm(page);
    await gridRow(page, 'opc-servers-grid', 'PLC envasado').waitFor();
    expect((await servers()).find((server) => server.name === 'PLC envasado')).toMatchObject({
      serverType: 'Modbus',
      hostName: '127.0.0.1:1502',
      unitId: 3,
      pollingMs: 500,
      securityMode: 'None',
    });

    await page.getByTestId('opc-servers-grid-add').click();
    await fillForm(page, { serverType: 'MQTT' });
    expect(await field(page, 'unitId').count()).toBe(0);
    await fillForm(page, {
      name: 'Broker planta',
      hostName: 'mqtt://127.0.0.1:1883',
      clientId: 'oee-edge-planta',
      userName: 'edge',
      password: 'clave-del-broker',
    });
    await saveForm(page);
    await gridRow(page, 'opc-servers-grid', 'Broker planta').waitFor();
    // The grid refetches before the dialog closes; the password must be gone once it has.
    await recordForm(page).waitFor({ state: 'detached' });
    const broker = (await servers()).find((server) => server.name === 'Broker planta');
    expect(broker).toMatchObject({ serverType: 'MQTT', clientId: 'oee-edge-planta', userName: 'edge', passwordSet: true });
    expect(JSON.stringify(broker)).not.toContain('clave-del-broker');
    expect(await page.content()).not.toContain('clave-del-broker');

    // A Modbus endpoint that is not one is refused on its field.
    await page.getByTestId('opc-servers-grid-add').click();
    await fillForm(page, { serverType: 'Modbus', name: 'Mal', hostName: 'opc.tcp://plc:4840' });
    await saveForm(page);
    await recordForm(page).getByTestId('error-hostName').waitFor();
  }, 180_000);

  test("tags built part by part: a Modbus counter's register and an MQTT JSON field and Sparkplug B metric; a typed text is taken apart", async () => {
    const page = await configuration('opc-tags');
    await page.getByTestId('opc-tags-grid-add').click();
    await fillForm(page, { tagName: 'Linea1.Unidades', tagType: 'UInt32', opcServerID: 'PLC envasado' });
    const modbus = page.getByTestId('modbus-address-editor');
    await modbus.waitFor();
    await modbus.locator('select[name="modbus-area"]').selectOption({ label: 'Registro de retención' });
    await modbus.locator('input[name="modbus-address"]').fill('100');
    await modbus.locator('select[name="modbus-type"]').selectOption('uint32');
    await modbus.locator('select[name="modbus-order"]').selectOption('CDAB');
    await modbus.getByText('Contador (se da la vuelta)').click();
    await tagValueIs(page, 'hr:100:uint32:CDAB:counter');
    await saveForm(page);
    await gridRow(page, 'opc-tags-grid', 'Linea1.Unidades').waitFor();
    expect((await tags()).find((tag) => tag.tagName === 'Linea1.Unidades')).toMatchObject({ tagValue: 'hr:100:uint32:CDAB:counter' });

    // Typed as text, the value is taken apart into the editor; a text that is no address says so.
    await page.getByTestId('opc-tags-grid-add').click();
    await fillForm(page, { tagName: 'Linea1.Velocidad', tagType: 'Float', opcServerID: 'PLC envasado', tagValue: 'ir:20:int16*0.1' });
    await modbus.waitFor();
    expect(await modbus.locator('select[name="modbus-area"]').inputValue()).toBe('ir');
    expect(await modbus.locator('input[name="modbus-address"]').inputValue()).toBe('20');
    expect(await modbus.locator('select[name="modbus-type"]').inputValue()).toBe('int16');
    expect(await modbus.locator('input[name="modbus-scale"]').inputValue()).toBe('0.1');
    await fillForm(page, { tagValue: 'hr:x' });
    await page.getByTestId('tag-address-invalid').waitFor();
    await fillForm(page, { tagValue: 'ir:20:int16*0.1' });
    await saveForm(page);
    await gridRow(page, 'opc-tags-grid', 'Linea1.Velocidad').waitFor();

    await page.getByTestId('opc-tags-grid-add').click();
    await fillForm(page, { tagName: 'Linea2.Marcha', tagType: 'Boolean', opcServerID: 'Broker planta' });
    const mqtt = page.getByTestId('mqtt-address-editor');
    await mqtt.waitFor();
    await mqtt.locator('select[name="mqtt-kind"]').selectOption('json');
    await mqtt.locator('input[name="mqtt-topic"]').fill('planta/linea2');
    await mqtt.locator('input[name="mqtt-path"]').fill('$.machine.running');
    await mqtt.locator('input[name="mqtt-timePath"]').fill('$.ts');
    await tagValueIs(page, 'planta/linea2|$.machine.running|$.ts');
    await saveForm(page);
    await gridRow(page, 'opc-tags-grid', 'Linea2.Marcha').waitFor();

    await page.getByTestId('opc-tags-grid-add').click();
    await fillForm(page, { tagName: 'Linea2.Unidades', tagType: 'UInt32', opcServerID: 'Broker planta' });
    await mqtt.waitFor();
    await mqtt.locator('select[name="mqtt-kind"]').selectOption('sparkplug');
    await mqtt.locator('input[name="mqtt-group"]').fill('Planta');
    await mqtt.locator('input[name="mqtt-node"]').fill('PLC2');
    await mqtt.locator('input[name="mqtt-device"]').fill('Linea2');
    await mqtt.locator('input[name="mqtt-metric"]').fill('Units');
    await saveForm(page);
    await gridRow(page, 'opc-tags-grid', 'Linea2.Unidades').waitFor();
    const stored = await tags();
    expect(stored.find((tag) => tag.tagName === 'Linea2.Marcha')).toMatchObject({ tagValue: 'planta/linea2|$.machine.running|$.ts' });
    expect(stored.find((tag) => tag.tagName === 'Linea2.Unidades')).toMatchObject({ tagValue: 'spBv1.0/Planta/PLC2/Linea2|Units' });
  }, 180_000);
});
