import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LINES, DEMO_MANUAL_LINE, DEMO_PASSWORD } from '../../edge/src/demo/demo-plant';
import { EdgeProcess } from '../support/edge-process';
import { Mosquitto } from '../support/mosquitto';
import { waitFor } from '../support/simulated-plant';

/**
 * The edge publishing its lines to a real broker (issue 30): Debian's Mosquitto on 127.0.0.1 and the demo plant in an
 * edge process of its own, publishing turned on in the General parameters through the API. Checked: the birth, each
 * line's topics under <prefix>/<plant>/<sector>/<line>/, retained (a subscriber that comes later gets them at once),
 * republished at least every oeeCalculationRefresh seconds, the password never shown back; the broker killed (SIGKILL)
 * and started again, without persistence: the edge reconnects and publishes its birth and every line again, retained;
 * then the edge is killed (SIGKILL): the broker publishes its last will, the edge's status retained 'offline'.
 */

let broker: Mosquitto;
let edge: EdgeProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'oee-publishing-'));
const clients: MqttClient[] = [];
let token = '';

type Message = { topic: string; payload: string; retain: boolean; at: number };

async function subscriber(pattern: string): Promise<{ messages: Message[]; client: MqttClient }> {
  const client = connect(broker.url, { clientId: `test-${Math.random().toString(16).slice(2)}`, reconnectPeriod: 0 });
  clients.push(client);
  // A broker killed under it closes the connection with an error: the test looks at the messages, not at that.
  client.on('error', () => undefined);
  const messages: Message[] = [];
  client.on('message', (topic, payload, packet) =>
    messages.push({ topic, payload: payload.toString('utf8'), retain: packet.retain, at: Date.now() }),
  );
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(pattern, { qos: 1 });
  return { messages, client };
}

const lastOf = (messages: readonly Message[], topic: string) => messages.filter((message) => message.topic === topic).at(-1);

beforeAll(async () => {
  broker = await Mosquitto.start();
  edge = await EdgeProcess.start(dataDir, 'America/Argentina/Buenos_Aires', { command: 'demo', args: [] });
  token = await waitFor(
    async () => {
      const login = await edge.call('POST', '/api/users/authenticate', { json: { userid: 'admin', password: DEMO_PASSWORD } });
      return login.status === 200 ? (login.body.token as string) : undefined;
    },
    'the demo plant',
    60_000,
  );
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.endAsync().catch(() => undefined);
  await edge?.stop();
  await broker?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('publishing the lines to MQTT', () => {
  it('publishes every line retained under <prefix>/<plant>/<sector>/<line>/, with an online birth, again every refresh period', async () => {
    const live = await subscriber('planta-test/#');
    const values = {
      mqttPublishEnabled: true,
      mqttPublishUrl: broker.url,
      mqttPublishPrefix: 'planta-test',
      mqttPublishClientId: 'oee-edge-test',
      plantName: 'Planta Demo',
      oeeCalculationRefresh: 2,
      mqttPublishUserName: 'edge',
      mqttPublishPassword: 'clave-del-broker',
    };
    const put = await edge.call('PUT', '/api/parameters/put', { token, json: { values } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ mqttPublishEnabled: true, mqttPublishUrl: broker.url, mqttPublishPasswordSet: true });
    expect(put.text).not.toContain('clave-del-broker');

    const base = 'planta-test/Planta Demo';
    await waitFor(() => lastOf(live.messages, `${base}/edge/status`)?.payload === 'online' || undefined, 'the birth', 15_000);
    for (const line of DEMO_LINES) {
      const prefix = `${base}/${line.sector}/${line.description}`;
      const state = await waitFor(() => lastOf(live.messages, `${prefix}/state`), `the state of ${line.description}`, 15_000);
      const document = JSON.parse(state.payload);
      expect(document).toMatchObject({
        lineID: line.lineID,
        description: line.description,
        beacon: expect.stringMatching(/^(green|red|amber|white)$/),
      });
      expect(lastOf(live.messages, `${prefix}/beacon`)?.payload).toBe(document.beacon);
      for (const figure of ['oee', 'utilization', 'throughput', 'acceptance', 'units', 'discards'])
        expect(lastOf(live.messages, `${prefix}/shift/${figure}`), figure).toBeDefined();
      expect(lastOf(live.messages, `${prefix}/order/oee`)).toBeDefined();
      expect(lastOf(live.messages, `${prefix}/stop`)).toBeDefined();
    }

    // Again within the refresh period (2 s), whether or not anything changed.
    const line1 = `${base}/${DEMO_LINES[0]!.sector}/${DEMO_LINES[0]!.description}/state`;
    const first = lastOf(live.messages, line1)!;
    const again = await waitFor(
      () => live.messages.find((message) => message.topic === line1 && message.at > first.at),
      'the state again',
      6_000,
    );
    expect(again.at - first.at).toBeLessThan(4_500);

    // Retained: a subscriber that comes now gets every line's figures at once, marked retained.
    const later = await subscriber('planta-test/#');
    await waitFor(() => later.messages.length >= 2 + DEMO_LINES.length || undefined, 'the retained messages', 5_000);
    expect(later.messages.find((message) => message.topic === `${base}/edge/status`)).toMatchObject({ payload: 'online', retain: true });
    for (const line of DEMO_LINES)
      expect(later.messages.find((message) => message.topic === `${base}/${line.sector}/${line.description}/beacon`)?.retain).toBe(true);
  }, 60_000);

  it('publishes a line at once when its state changes, long before the refresh period', async () => {
    const put = await edge.call('PUT', '/api/parameters/put', { token, json: { values: { oeeCalculationRefresh: 600 } } });
    expect(put.status, put.text).toBe(200);
    const manual = `planta-test/Planta Demo/${DEMO_MANUAL_LINE.sector}/${DEMO_MANUAL_LINE.description}`;
    const live = await subscriber(`${manual}/stop`);
    await waitFor(() => live.messages.at(-1), 'the retained stop', 5_000);
    // A stop entered by hand (by a supervisor) on the line without a beacon opens now.
    const supervisor = await edge.call('POST', '/api/users/authenticate', { json: { userid: 'supervisor', password: DEMO_PASSWORD } });
    const opened = await edge.call('POST', '/api/stops/post', {
      token: supervisor.body.token,
      json: { values: { lineID: DEMO_MANUAL_LINE.lineID, startDate: new Date(Date.now() - 60_000).toISOString(), endDate: null } },
    });
    expect(opened.status, opened.text).toBe(200);
    const enteredAt = Date.now();
    const stop = await waitFor(
      () => live.messages.find((message) => message.at >= enteredAt && message.payload !== 'null'),
      'the open stop published',
      5_000,
    );
    expect(JSON.parse(stop.payload)).toMatchObject({ stopID: opened.body.stopID });
  }, 30_000);

  it('a broker killed and restarted (its retained messages forgotten): the edge reconnects and publishes its birth and every line again, retained', async () => {
    const base = 'planta-test/Planta Demo';
    await broker.kill();
    await broker.start();
    // Nothing is retained by the new broker until the edge publishes again (the refresh period is 600 s now, so what
    // comes is the republishing at the reconnection).
    const live = await subscriber('planta-test/#');
    await waitFor(
      () => lastOf(live.messages, `${base}/edge/status`)?.payload === 'online' || undefined,
      'the birth after the restart',
      20_000,
    );
    for (const line of DEMO_LINES)
      await waitFor(
        () => lastOf(live.messages, `${base}/${line.sector}/${line.description}/state`),
        `the state of ${line.description} again`,
        10_000,
      );
    const later = await subscriber('planta-test/#');
    expect(
      await waitFor(() => lastOf(later.messages, `${base}/edge/status`), 'the retained status after the restart', 5_000),
    ).toMatchObject({ payload: 'online', retain: true });
    for (const line of DEMO_LINES) {
      const state = await waitFor(
        () => lastOf(later.messages, `${base}/${line.sector}/${line.description}/state`),
        `the retained state of ${line.description}`,
        5_000,
      );
      expect(state.retain, line.description).toBe(true);
    }
  }, 60_000);

  it("the broker publishes the edge's last will when the edge dies: status 'offline', retained", async () => {
    const watcher = await subscriber('planta-test/Planta Demo/edge/status');
    await waitFor(() => watcher.messages.at(-1)?.payload === 'online' || undefined, 'online before the kill', 5_000);
    await edge.kill();
    await waitFor(() => watcher.messages.at(-1)?.payload === 'offline' || undefined, 'the last will', 20_000);
    const later = await subscriber('planta-test/Planta Demo/edge/status');
    await waitFor(() => later.messages.at(-1), 'the retained status', 5_000);
    expect(later.messages.at(-1)).toMatchObject({ payload: 'offline', retain: true });
  }, 60_000);
});
