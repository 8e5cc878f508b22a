import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { get as sparkplugCodec } from 'sparkplug-payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquisitionOf } from '../../edge/src/acquisition';
import { simulatorMqttAddress } from '../../edge/src/acquisition/simulator/mqtt-publisher';
import { lineFigures } from '../support/line-figures';
import { Mosquitto } from '../support/mosquitto';
import { waitFor } from '../support/simulated-plant';
import { configureSourceLines } from '../support/source-lines';
import { SimulatorProcess } from '../support/simulator-process';
import { startTestEdge, type TestEdge } from '../support/test-edge';

/**
 * The MQTT source end to end against Debian's Mosquitto on 127.0.0.1: the simulator in a process of its own publishes
 * two lines as a Sparkplug B edge node; the test itself publishes plain and JSON topics and plays a second Sparkplug
 * node (births, data, a sequence gap, deaths). The broker is killed (SIGKILL) and started again while the lines run.
 */

const codec = sparkplugCodec('spBv1.0')!;
let broker: Mosquitto;
let t: TestEdge;
let simulator: SimulatorProcess;
let publisher: MqttClient;
const pkiDir = mkdtempSync(join(tmpdir(), 'oee-mqtt-sim-'));

const db = () => t.edge.plant.db!;
const { produced, disconnectedStops, linesRunning, countedOnceAfterOutage } = lineFigures(db);
const tag = (tagName: string) => acquisitionOf(t.edge.plant)!.tagStatus(tagName);

async function client(): Promise<MqttClient> {
  const mqttClient = connect(broker.url, { clientId: `test-${Math.random().toString(16).slice(2)}`, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    mqttClient.once('connect', () => resolve());
    mqttClient.once('error', reject);
  });
  return mqttClient;
}

beforeAll(async () => {
  broker = await Mosquitto.start();
  t = await startTestEdge();
  simulator = await SimulatorProcess.start({
    lines: 2,
    opcua: false,
    mqtt: { url: broker.url, payload: 'sparkplug' },
    pkiDir,
    automatic: false,
    speeds: [0, 0],
  });
  publisher = await client();
  const tags: [string, string, string][] = [
    ['Plain.State', 'String', 'plant/plain'],
    ['Json.Value', 'Double', 'plant/json|$.machine.value|$.ts'],
    ['Sp.Count', 'UInt32', 'spBv1.0/T/N1/D1|Count'],
  ];
  for (const line of [1, 2]) {
    tags.push([`Line${line}.Running`, 'Boolean', simulatorMqttAddress('sparkplug', line, 'Running')]);
    tags.push([`Line${line}.Units`, 'UInt32', simulatorMqttAddress('sparkplug', line, 'Units')]);
    tags.push([`Line${line}.Discards`, 'UInt32', simulatorMqttAddress('sparkplug', line, 'Discards')]);
  }
  await configureSourceLines(t, { name: 'Broker', hostName: broker.url, serverType: 'MQTT' }, tags);
  await linesRunning([1, 2]);
}, 60_000);

afterAll(async () => {
  await publisher?.endAsync(true).catch(() => undefined);
  await simulator?.stop();
  await t?.close();
  await broker?.stop();
  rmSync(pkiDir, { recursive: true, force: true });
});

describe('MQTT acquisition against Mosquitto', () => {
  it('plain and JSON topics: the payload or a field of it, with the time the source stamped; a payload that is not JSON makes the tag bad', async () => {
    const stamped = Date.now() - 1_500;
    await publisher.publishAsync('plant/plain', 'RUN', { qos: 1 });
    await publisher.publishAsync('plant/json', JSON.stringify({ machine: { value: 12.5 }, ts: new Date(stamped).toISOString() }), {
      qos: 1,
    });
    await waitFor(() => tag('Plain.State').goodQuality && tag('Json.Value').goodQuality, 'the plain and JSON values');
    expect(tag('Plain.State')).toMatchObject({ data: 'RUN', status: 'Good' });
    expect(tag('Json.Value')).toMatchObject({ data: 12.5, sourceTime: stamped, problem: null });

    await publisher.publishAsync('plant/json', '{"machine": ', { qos: 1 });
    const bad = await waitFor(
      () => (tag('Json.Value').status === 'BadDecodingError' ? tag('Json.Value') : undefined),
      'the broken payload',
    );
    expect(bad).toMatchObject({ goodQuality: false, problem: 'the payload is not JSON' });
    expect(tag('Plain.State').goodQuality).toBe(true);
  });

  it('Sparkplug B: births make metrics good, a sequence gap asks for a rebirth, a death makes them bad, a rebirth good again', async () => {
    const node = connect(broker.url, {
      clientId: 'test-node-N1',
      reconnectPeriod: 0,
      will: {
        topic: 'spBv1.0/T/NDEATH/N1',
        payload: Buffer.from(codec.encodePayload({ timestamp: Date.now(), metrics: [{ name: 'bdSeq', type: 'UInt64', value: 1 }] })),
        qos: 1,
        retain: false,
      },
    });
    await new Promise<void>((resolve) => node.once('connect', () => resolve()));
    const rebirths: number[] = [];
    node.on('message', (_topic, message) => {
      if (codec.decodePayload(message).metrics?.some((metric) => metric.name === 'Node Control/Rebirth' && metric.value === true))
        rebirths.push(Date.now());
    });
    await node.subscribeAsync('spBv1.0/T/NCMD/N1', { qos: 1 });
    const send = (type: string, device: string | null, seq: number, metrics: object[]) =>
      node.publishAsync(
        `spBv1.0/T/${type}/N1${device ? `/${device}` : ''}`,
        Buffer.from(codec.encodePayload({ timestamp: Date.now(), seq, metrics: metrics as never })),
        { qos: 1 },
      );
    const birth = async (count: number) => {
      await send('NBIRTH', null, 0, [{ name: 'bdSeq', type: 'UInt64', value: 1 }]);
      await send('DBIRTH', 'D1', 1, [{ name: 'Count', alias: 5, type: 'UInt32', value: count }]);
    };

    await birth(10);
    await waitFor(() => tag('Sp.Count').goodQuality && tag('Sp.Count').data === 10, 'the birth');
    await send('DDATA', 'D1', 2, [{ alias: 5, type: 'UInt32', value: 11 }]);
    await waitFor(() => tag('Sp.Count').data === 11, 'data by alias');
    const asked = rebirths.length;
    await send('DDATA', 'D1', 4, [{ alias: 5, type: 'UInt32', value: 12 }]);
    await waitFor(() => rebirths.length > asked, 'the rebirth request after the sequence gap');
    expect(tag('Sp.Count')).toMatchObject({ goodQuality: true, data: 12 });

    // The node's death (its NDEATH, as the broker sends its will when it drops off).
    await send('NDEATH', null, 0, [{ name: 'bdSeq', type: 'UInt64', value: 1 }]);
    await waitFor(() => tag('Sp.Count').status === 'BadNoCommunication', 'the node death');
    expect(tag('Sp.Count')).toMatchObject({ goodQuality: false, data: 12 });
    await birth(13);
    await waitFor(() => tag('Sp.Count').goodQuality && tag('Sp.Count').data === 13, 'the rebirth');
    await send('DDEATH', 'D1', 2, []);
    await waitFor(() => tag('Sp.Count').status === 'BadNoCommunication', 'the device death');

    // The node drops off without a word: the broker publishes its will.
    await birth(14);
    await waitFor(() => tag('Sp.Count').goodQuality && tag('Sp.Count').data === 14, 'the third birth');
    node.stream.destroy();
    await waitFor(() => tag('Sp.Count').status === 'BadNoCommunication', 'the will', 30_000);
    await node.endAsync(true).catch(() => undefined);
  }, 60_000);

  it('a broker killed and restarted: each line gets one reason-4 stop within 5 s, and the units made meanwhile are counted once', async () => {
    const before = { 1: await produced(1), 2: await produced(2) };
    const killedAt = Date.now();
    await broker.kill();
    for (const stop of await disconnectedStops([1, 2])) {
      expect(stop.startDate).toBeGreaterThanOrEqual(killedAt);
      expect(stop.startDate).toBeLessThanOrEqual(killedAt + 5_000);
    }
    await simulator.produce(1, 25, 2);
    await simulator.produce(2, 7);
    await broker.start();
    await countedOnceAfterOutage(before, { 1: { units: 25, discards: 2 }, 2: { units: 7, discards: 0 } }, (lineID) =>
      simulator.produce(lineID, 1),
    );
    const servers = await t.call('GET', '/api/diagnostics/opcservers', { token: t.adminToken });
    expect(servers.body).toEqual([
      expect.objectContaining({ serverType: 'MQTT', connected: true, serverState: 'Running', endpointUrl: broker.url }),
    ]);
  }, 60_000);
});
