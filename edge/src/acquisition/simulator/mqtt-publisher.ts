import { connect, type MqttClient } from 'mqtt';
import { get as sparkplugCodec } from 'sparkplug-payload';
import type { LineSnapshot } from './line-model';

/**
 * The plant simulator's lines published to an MQTT broker, as a plant's machines put their data on a unified
 * namespace: Sparkplug B (an edge node SIMULATOR_SPARKPLUG.node in group SIMULATOR_SPARKPLUG.group, one device
 * `Line<n>` per line with the metrics Running, Units, Discards and Speed: births on every connection and when asked
 * with NCMD Node Control/Rebirth, data by alias, the node's death as its last will) or plain JSON (`oee-sim/Line<n>`,
 * retained: {"running", "units", "discards", "speed", "ts"}). What changes while the broker is away is not queued:
 * the births or retained messages after the reconnection carry the values of then.
 */

export const SIMULATOR_SPARKPLUG = { group: 'OEE', node: 'Simulator' } as const;
export const SIMULATOR_JSON_PREFIX = 'oee-sim';
const METRICS = [
  ['Running', 'Boolean'],
  ['Units', 'UInt64'],
  ['Discards', 'UInt64'],
  ['Speed', 'Double'],
] as const;
type MetricName = (typeof METRICS)[number][0];

/** The tagValue of a simulated line's value over MQTT, as the demo and the tests configure it. */
export function simulatorMqttAddress(payload: 'sparkplug' | 'json', line: number, variable: MetricName): string {
  return payload === 'sparkplug'
    ? `spBv1.0/${SIMULATOR_SPARKPLUG.group}/${SIMULATOR_SPARKPLUG.node}/Line${line}|${variable}`
    : `${SIMULATOR_JSON_PREFIX}/Line${line}|$.${variable.toLowerCase()}|$.ts`;
}

function metricValue(snapshot: LineSnapshot, name: MetricName): number | boolean {
  switch (name) {
    case 'Running':
      return snapshot.running;
    case 'Units':
      return snapshot.units;
    case 'Discards':
      return snapshot.discards;
    case 'Speed':
      return Math.round(snapshot.speed * 10) / 10;
  }
}

export class SimulatorMqttPublisher {
  private readonly codec = sparkplugCodec('spBv1.0')!;
  private readonly client: MqttClient;
  private readonly lines = new Map<number, { snapshot: LineSnapshot; time: number }>();
  private readonly bdSeq: number;
  private seq = 0;
  private connected = false;
  /** Messages published (a benchmark's measure of the load). */
  published = 0;

  constructor(
    url: string,
    private readonly payload: 'sparkplug' | 'json',
    private readonly now: () => number,
  ) {
    this.bdSeq = Math.floor(Math.random() * 256);
    const { group, node } = SIMULATOR_SPARKPLUG;
    this.client = connect(url, {
      clientId: `oee-simulator-${process.pid}-${Date.now()}`,
      reconnectPeriod: 1_000,
      connectTimeout: 5_000,
      keepalive: 10,
      clean: true,
      queueQoSZero: false,
      will:
        payload === 'sparkplug'
          ? {
              topic: `spBv1.0/${group}/NDEATH/${node}`,
              payload: Buffer.from(
                this.codec.encodePayload({ timestamp: now(), metrics: [{ name: 'bdSeq', type: 'UInt64', value: this.bdSeq }] }),
              ),
              qos: 1,
              retain: false,
            }
          : undefined,
    });
    this.client.on('connect', () => {
      this.connected = true;
      if (payload === 'sparkplug') {
        this.client.subscribe(`spBv1.0/${group}/NCMD/${node}`, { qos: 1 });
        this.birth();
      } else {
        for (const line of this.lines.keys()) this.publishJson(line);
      }
    });
    this.client.on('close', () => {
      this.connected = false;
    });
    this.client.on('error', () => undefined);
    this.client.on('message', (_topic, message) => {
      const metrics = this.codec.decodePayload(message).metrics ?? [];
      if (metrics.some((metric) => metric.name === 'Node Control/Rebirth' && metric.value === true)) this.birth();
    });
  }

  /** A line's values changed (or are published for the first time). */
  update(line: number, snapshot: LineSnapshot, time: number): void {
    const previous = this.lines.get(line)?.snapshot;
    this.lines.set(line, { snapshot, time });
    if (!this.connected) return;
    if (this.payload === 'json') {
      if (!previous || METRICS.some(([name]) => metricValue(previous, name) !== metricValue(snapshot, name))) this.publishJson(line);
      return;
    }
    const changed = METRICS.map(([name, type], index) => ({ name, type, index })).filter(
      ({ name }) => !previous || metricValue(previous, name) !== metricValue(snapshot, name),
    );
    if (changed.length === 0) return;
    this.publishSparkplug('DDATA', `Line${line}`, {
      timestamp: time,
      metrics: changed.map(({ name, type, index }) => ({
        alias: line * 10 + index,
        type,
        value: metricValue(snapshot, name),
        timestamp: time,
      })),
    });
  }

  async stop(): Promise<void> {
    await this.client.endAsync(true).catch(() => undefined);
  }

  private birth(): void {
    this.seq = 0;
    const now = this.now();
    const { group, node } = SIMULATOR_SPARKPLUG;
    this.client.publish(
      `spBv1.0/${group}/NBIRTH/${node}`,
      Buffer.from(
        this.codec.encodePayload({
          timestamp: now,
          seq: 0,
          metrics: [
            { name: 'bdSeq', type: 'UInt64', value: this.bdSeq },
            { name: 'Node Control/Rebirth', type: 'Boolean', value: false },
          ],
        }),
      ),
      { qos: 0 },
    );
    this.published += 1;
    for (const [line, { snapshot, time }] of this.lines) {
      this.publishSparkplug('DBIRTH', `Line${line}`, {
        timestamp: now,
        metrics: METRICS.map(([name, type], index) => ({
          name,
          alias: line * 10 + index,
          type,
          value: metricValue(snapshot, name),
          timestamp: time,
        })),
      });
    }
  }

  private publishSparkplug(type: 'DBIRTH' | 'DDATA', device: string, payload: Parameters<typeof this.codec.encodePayload>[0]): void {
    this.seq = (this.seq + 1) % 256;
    const { group, node } = SIMULATOR_SPARKPLUG;
    this.client.publish(
      `spBv1.0/${group}/${type}/${node}/${device}`,
      Buffer.from(this.codec.encodePayload({ ...payload, seq: this.seq })),
      { qos: 0 },
    );
    this.published += 1;
  }

  private publishJson(line: number): void {
    const entry = this.lines.get(line);
    if (!entry) return;
    const { snapshot, time } = entry;
    const document = {
      running: snapshot.running,
      units: snapshot.units,
      discards: snapshot.discards,
      speed: metricValue(snapshot, 'Speed'),
      ts: time,
    };
    this.client.publish(`${SIMULATOR_JSON_PREFIX}/Line${line}`, JSON.stringify(document), { qos: 1, retain: true });
    this.published += 1;
  }
}
