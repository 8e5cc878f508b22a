import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import { get as sparkplugCodec } from 'sparkplug-payload';
import type { TagValue } from '../domain/script';
import {
  jsonFieldValue,
  jsonTimeValue,
  type MqttAddress,
  parseMqttAddress,
  plainPayloadValue,
  readJsonPath,
} from '../domain/source-addresses';
import type { ServerDefinition } from './acquisition.repository';
import { type TagCache, WAITING_STATUS } from './tag-cache';
import { connectionStatus, type TagSource } from './tag-sources';
import type { OpcServerStatus } from './ua-server-connection';

/**
 * One MQTT broker: one client, subscribed to the topics the server's tags read (domain/source-addresses.ts), whose
 * messages go into the tag cache as they arrive. MQTT.js reconnects by itself (every RECONNECT_MS) and subscribes
 * again; around it the tag cache is kept honest as for OPC UA:
 * - while the broker cannot be reached every tag of it is bad, so its lines get their reason-4 gap, from the moment
 *   the connection closed (a broker killed: at once; a broker that stops answering: after KEEPALIVE_S × 1.5);
 * - after a reconnection each tag is good again with the next message on its topic (a retained one at once);
 * - a Sparkplug B edge node's metrics (its NBIRTH/DBIRTH declare them, with their aliases) are good while the node
 *   (and its device) is alive: an NDEATH (the node's last will, matched by its bdSeq) or a DDEATH makes them bad, a
 *   new birth good again. Each node's messages carry a sequence number 0..255: a gap (a message lost), data before
 *   any birth or a metric alias no birth declared asks the node for a rebirth (NCMD Node Control/Rebirth), as a
 *   Sparkplug host application does, at most once per REBIRTH_AFTER_MS.
 */

const RECONNECT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;
const KEEPALIVE_S = 10;
const REBIRTH_AFTER_MS = 5_000;
const SPARKPLUG_NAMESPACE = 'spBv1.0';
const REBIRTH_METRIC = 'Node Control/Rebirth';

type SparkplugCodec = NonNullable<ReturnType<typeof sparkplugCodec>>;
type SparkplugPayload = ReturnType<SparkplugCodec['decodePayload']>;

/** A protobuf integer as a number (sparkplug-payload hands 64-bit and unsigned values as Long objects). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value && typeof value === 'object' && 'toNumber' in value && typeof value.toNumber === 'function')
    return (value as { toNumber(): number }).toNumber();
  return null;
}

function metricValue(value: unknown): TagValue | undefined {
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number') return value;
  return numberOf(value) ?? undefined;
}

interface SubscribedTag {
  tagName: string;
  tagValue: string;
  address: MqttAddress;
}

/** A Sparkplug B edge node as the edge has seen it. */
interface SparkplugNode {
  group: string;
  node: string;
  /** Born (NBIRTH seen, no NDEATH since). */
  alive: boolean;
  bdSeq: number | null;
  seq: number | null;
  /** Devices born since the node's birth. */
  devices: Set<string>;
  /** Metric names by alias, per device ('' for the node's own metrics). */
  aliases: Map<string, Map<number, string>>;
  /** Tags by device ('' for the node) and metric name. */
  tags: Map<string, Map<string, string[]>>;
  /**
   * The last value of every metric, by device and metric name: a tag added while the node lives reads it at once,
   * not at the node's next birth (data carries only what changes).
   */
  values: Map<string, Map<string, { value: TagValue; time: number | null }>>;
  lastRebirthRequest: number;
}

type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'stopped';

export interface MqttConnectionDeps {
  cache: TagCache;
  logger: Logger;
  now: () => number;
}

export class MqttConnection implements TagSource {
  readonly opcServerID: number;
  private client: MqttClient | null = null;
  private desired = new Map<string, string>();
  /** Plain and JSON tags by topic. */
  private byTopic = new Map<string, SubscribedTag[]>();
  /** Sparkplug nodes by `group/node`. */
  private nodes = new Map<string, SparkplugNode>();
  private subscribed = new Set<string>();
  /** Tags whose address is not one, or whose payload cannot be read: tagName → what is wrong. */
  private readonly problems = new Map<string, string>();
  private state: ConnectionState = 'connecting';
  private statusInfo = 'Connecting';
  private everConnected = false;
  private unreachableLogged = false;
  private lastActivity: number | null = null;
  private valuesReceived = 0;
  private messages = 0;
  private rebirthRequests = 0;
  private readonly codec: SparkplugCodec;

  constructor(
    readonly server: ServerDefinition,
    private readonly deps: MqttConnectionDeps,
  ) {
    this.opcServerID = server.opcServerID;
    this.codec = sparkplugCodec(SPARKPLUG_NAMESPACE)!;
  }

  start(): void {
    const options: IClientOptions = {
      clientId: this.server.clientId ?? `oee-edge-${this.server.opcServerID}-${process.pid}`,
      username: this.server.userName ?? undefined,
      password: this.server.password ?? undefined,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      keepalive: KEEPALIVE_S,
      clean: true,
      resubscribe: false,
      ca: this.server.caCertificate ?? undefined,
    };
    let client: MqttClient;
    try {
      client = connect(this.server.hostName, options);
    } catch (error) {
      this.state = 'disconnected';
      this.statusInfo = `Cannot connect: ${(error as Error).message}`;
      this.markAllBad('BadNotConnected');
      return;
    }
    this.client = client;
    client.on('connect', () => this.connected());
    client.on('close', () => this.closed());
    client.on('error', (error) => {
      this.statusInfo = `Cannot connect to ${this.endpoint()}: ${error.message}`;
    });
    client.on('message', (topic, payload) => this.received(topic, payload));
  }

  setTags(tags: ReadonlyMap<string, string>): void {
    const now = this.deps.now();
    const byTopic = new Map<string, SubscribedTag[]>();
    const nodes = new Map<string, SparkplugNode>();
    this.problems.clear();
    for (const [tagName, tagValue] of tags) {
      const address = parseMqttAddress(tagValue);
      if (!address) {
        this.problems.set(tagName, `not an MQTT topic or Sparkplug metric: ${tagValue}`);
        this.deps.cache.setBad(tagName, 'BadNodeIdInvalid', now);
        continue;
      }
      if (address.kind === 'sparkplug') {
        const key = `${address.group}/${address.node}`;
        const node = nodes.get(key) ?? this.nodes.get(key) ?? newNode(address.group, address.node);
        if (!nodes.has(key)) node.tags = new Map();
        nodes.set(key, node);
        const device = address.device ?? '';
        const metrics = node.tags.get(device) ?? new Map<string, string[]>();
        metrics.set(address.metric, [...(metrics.get(address.metric) ?? []), tagName]);
        node.tags.set(device, metrics);
      } else {
        byTopic.set(address.topic, [...(byTopic.get(address.topic) ?? []), { tagName, tagValue, address }]);
      }
      if (!this.deps.cache.has(tagName) || this.desired.get(tagName) !== tagValue) {
        this.deps.cache.setBad(tagName, this.state === 'disconnected' ? 'BadNotConnected' : WAITING_STATUS, now);
        if (address.kind === 'sparkplug') this.knownMetric(tagName, address, nodes, now);
      }
    }
    this.desired = new Map(tags);
    this.byTopic = byTopic;
    this.nodes = nodes;
    if (this.state === 'connected') this.syncSubscriptions();
  }

  tagProblem(tagName: string): string | null {
    return this.problems.get(tagName) ?? null;
  }

  /** A new tag of a live node's metric whose value is known: stored at once. */
  private knownMetric(
    tagName: string,
    address: Extract<MqttAddress, { kind: 'sparkplug' }>,
    nodes: Map<string, SparkplugNode>,
    now: number,
  ): void {
    const node = nodes.get(`${address.group}/${address.node}`);
    const device = address.device ?? '';
    const known = node?.values.get(device)?.get(address.metric);
    if (!node?.alive || !known || known.value === null || (device !== '' && !node.devices.has(device))) return;
    this.deps.cache.store(this.deps.cache.slotOf(tagName), tagName, known.value, true, 'Good', known.time, now);
  }

  status(): OpcServerStatus {
    const connected = this.state === 'connected';
    const nodes = [...this.nodes.values()];
    const sparkplug =
      nodes.length > 0
        ? `; Sparkplug B nodes online ${nodes.filter((node) => node.alive).length} of ${nodes.length}, rebirths asked ${this.rebirthRequests}`
        : '';
    return connectionStatus(
      {
        opcServerID: this.opcServerID,
        name: this.server.name,
        serverType: 'MQTT',
        endpointUrl: this.endpoint(),
        connected,
        vendorInfo: 'MQTT broker',
        lastUpdateTime: this.lastActivity,
        statusInfo: connected ? `Subscribed to ${this.subscribed.size} topics, ${this.messages} messages${sparkplug}` : this.statusInfo,
        valuesReceived: this.valuesReceived,
      },
      this.deps.cache,
      this.desired,
    );
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true).catch(() => undefined);
  }

  /** The broker's URL without credentials. */
  private endpoint(): string {
    try {
      const url = new URL(this.server.hostName);
      url.username = '';
      url.password = '';
      return url.toString().replace(/\/$/, '');
    } catch {
      return this.server.hostName;
    }
  }

  private connected(): void {
    if (this.state === 'stopped') return;
    this.state = 'connected';
    this.everConnected = true;
    this.statusInfo = 'Connected';
    this.lastActivity = this.deps.now();
    if (this.unreachableLogged) this.deps.logger.info({ server: this.server.name }, 'MQTT broker reachable again');
    this.unreachableLogged = false;
    // A clean session: the broker forgot the subscriptions, and the Sparkplug nodes' state is not known any more.
    this.subscribed.clear();
    for (const node of this.nodes.values()) {
      node.alive = false;
      node.seq = null;
    }
    this.syncSubscriptions();
  }

  private closed(): void {
    if (this.state === 'stopped') return;
    const wasConnected = this.state === 'connected';
    this.state = 'disconnected';
    if (wasConnected) this.statusInfo = 'Connection lost; reconnecting';
    if (!this.unreachableLogged) {
      this.unreachableLogged = true;
      this.deps.logger.warn(
        { server: this.server.name, endpoint: this.endpoint() },
        wasConnected ? 'MQTT connection lost; reconnecting' : 'MQTT broker cannot be reached; retrying',
      );
    }
    this.markAllBad(this.everConnected ? 'BadConnectionClosed' : 'BadNotConnected');
  }

  private markAllBad(status: string): void {
    const now = this.deps.now();
    for (const tagName of this.desired.keys()) if (!this.problems.has(tagName)) this.deps.cache.setBad(tagName, status, now);
  }

  /** Subscribes to what the tags read now and unsubscribes from the rest; Sparkplug nodes not yet born are asked for a birth. */
  private syncSubscriptions(): void {
    const client = this.client;
    if (!client) return;
    const wanted = new Set(this.byTopic.keys());
    for (const node of this.nodes.values()) {
      wanted.add(`${SPARKPLUG_NAMESPACE}/${node.group}/+/${node.node}`);
      wanted.add(`${SPARKPLUG_NAMESPACE}/${node.group}/+/${node.node}/+`);
    }
    const added = [...wanted].filter((topic) => !this.subscribed.has(topic));
    const removed = [...this.subscribed].filter((topic) => !wanted.has(topic));
    if (removed.length > 0) client.unsubscribe(removed);
    for (const topic of removed) this.subscribed.delete(topic);
    if (added.length === 0) return;
    for (const topic of added) this.subscribed.add(topic);
    client.subscribe(added, { qos: 1 }, (error, granted) => {
      if (error) {
        this.deps.logger.warn({ err: error, server: this.server.name }, 'MQTT subscription failed');
        return;
      }
      for (const grant of granted ?? []) {
        if (grant.qos === 128)
          this.deps.logger.warn({ server: this.server.name, topic: grant.topic }, 'The MQTT broker refused a subscription');
      }
      // A node born before the edge subscribed (births are not retained) is asked to be born again.
      for (const node of this.nodes.values()) if (!node.alive) this.requestRebirth(node, 'no birth seen yet');
    });
  }

  private received(topic: string, payload: Buffer): void {
    const receivedAt = this.deps.now();
    this.lastActivity = receivedAt;
    this.messages += 1;
    if (topic.startsWith(`${SPARKPLUG_NAMESPACE}/`)) {
      this.receivedSparkplug(topic, payload, receivedAt);
      return;
    }
    const tags = this.byTopic.get(topic);
    if (!tags) return;
    let text: string | null = null;
    let document: unknown;
    let parsed = false;
    for (const tag of tags) {
      text ??= payload.toString('utf8');
      const slot = this.deps.cache.slotOf(tag.tagName);
      if (tag.address.kind === 'plain') {
        this.valuesReceived += 1;
        this.deps.cache.store(slot, tag.tagName, plainPayloadValue(text), true, 'Good', null, receivedAt);
        continue;
      }
      if (tag.address.kind !== 'json') continue;
      if (!parsed) {
        parsed = true;
        try {
          document = JSON.parse(text);
        } catch {
          document = undefined;
        }
      }
      const value = document === undefined ? undefined : jsonFieldValue(readJsonPath(document, tag.address.path));
      if (value === undefined) {
        this.problems.set(
          tag.tagName,
          document === undefined ? 'the payload is not JSON' : 'the payload has no such field (or it is not a number, boolean or text)',
        );
        this.deps.cache.store(slot, tag.tagName, null, false, 'BadDecodingError', null, receivedAt);
        continue;
      }
      this.problems.delete(tag.tagName);
      const sourceTime = tag.address.timePath ? jsonTimeValue(readJsonPath(document, tag.address.timePath)) : null;
      this.valuesReceived += 1;
      this.deps.cache.store(slot, tag.tagName, value, true, 'Good', sourceTime, receivedAt);
    }
  }

  /** `spBv1.0/<group>/<message type>/<edge node>[/<device>]`. */
  private receivedSparkplug(topic: string, payload: Buffer, receivedAt: number): void {
    const [, group = '', type = '', nodeId = '', device = ''] = topic.split('/');
    const node = this.nodes.get(`${group}/${nodeId}`);
    if (!node || type === 'NCMD' || type === 'DCMD') return;
    let decoded: SparkplugPayload;
    try {
      decoded = this.codec.decodePayload(payload);
    } catch (error) {
      this.deps.logger.warn({ err: error, server: this.server.name, topic }, 'Sparkplug B payload cannot be decoded');
      return;
    }
    const metrics = decoded.metrics ?? [];
    if (type === 'NDEATH') {
      const bdSeq = numberOf(metrics.find((metric) => metric.name === 'bdSeq')?.value);
      // The last will of an earlier session (the node came back and was born since) is not this session's death.
      if (node.bdSeq !== null && bdSeq !== null && bdSeq !== node.bdSeq) return;
      node.alive = false;
      node.seq = null;
      node.devices.clear();
      this.markNodeBad(node, null, receivedAt);
      return;
    }
    const seq = numberOf(decoded.seq);
    if (type === 'NBIRTH') {
      node.alive = true;
      // Born: a gap from now on deserves its own rebirth request, however recent the last one.
      node.lastRebirthRequest = 0;
      node.bdSeq = numberOf(metrics.find((metric) => metric.name === 'bdSeq')?.value);
      node.seq = seq;
      node.devices.clear();
      node.aliases = new Map();
    } else {
      if (!node.alive) {
        this.requestRebirth(node, `${type} before any birth`);
        return;
      }
      const expected = node.seq === null ? null : (node.seq + 1) % 256;
      if (seq !== null && expected !== null && seq !== expected) {
        this.deps.logger.warn(
          { server: this.server.name, group, node: nodeId, expected, seq },
          'Sparkplug B sequence gap: a message was lost',
        );
        this.requestRebirth(node, `sequence ${seq} where ${expected} was due`);
      }
      node.seq = seq;
    }
    const deviceKey = type === 'NBIRTH' || type === 'NDATA' ? '' : device;
    if (type === 'DDEATH') {
      node.devices.delete(device);
      this.markNodeBad(node, device, receivedAt);
      return;
    }
    if (type === 'DBIRTH') {
      node.devices.add(device);
      node.aliases.set(device, new Map());
      node.values.set(device, new Map());
    }
    if (type === 'NBIRTH') node.values.set('', new Map());
    if (type === 'DDATA' && !node.devices.has(device)) {
      this.requestRebirth(node, `data of device ${device} before its birth`);
      return;
    }
    const aliases = node.aliases.get(deviceKey) ?? new Map<number, string>();
    node.aliases.set(deviceKey, aliases);
    const tags = node.tags.get(deviceKey);
    const seen = new Set<string>();
    const payloadTime = numberOf(decoded.timestamp);
    for (const metric of metrics) {
      const alias = numberOf(metric.alias);
      if (metric.name && alias !== null && (type === 'NBIRTH' || type === 'DBIRTH')) aliases.set(alias, metric.name);
      const name = metric.name ?? (alias === null ? undefined : aliases.get(alias));
      if (name === undefined) {
        this.requestRebirth(node, `metric alias ${alias} not in any birth`);
        continue;
      }
      seen.add(name);
      const value = metric.isNull ? null : metricValue(metric.value);
      const sourceTime = numberOf(metric.timestamp) ?? payloadTime;
      const values = node.values.get(deviceKey) ?? new Map<string, { value: TagValue; time: number | null }>();
      node.values.set(deviceKey, values);
      if (value !== undefined) values.set(name, { value, time: sourceTime });
      const tagNames = tags?.get(name);
      if (!tagNames) continue;
      for (const tagName of tagNames) {
        this.valuesReceived += 1;
        const slot = this.deps.cache.slotOf(tagName);
        if (value === undefined || value === null) this.deps.cache.store(slot, tagName, null, false, 'BadNoData', sourceTime, receivedAt);
        else this.deps.cache.store(slot, tagName, value, true, 'Good', sourceTime, receivedAt);
      }
    }
    // A birth declares every metric: a tag naming one it does not declare reads nothing there.
    if ((type === 'NBIRTH' || type === 'DBIRTH') && tags) {
      for (const [metric, tagNames] of tags)
        if (!seen.has(metric)) for (const tagName of tagNames) this.deps.cache.setBad(tagName, 'BadNodeIdUnknown', receivedAt);
    }
  }

  /** The node's tags (or one device's: `device`) are bad: the node or device died. */
  private markNodeBad(node: SparkplugNode, device: string | null, time: number): void {
    for (const [deviceKey, metrics] of node.tags) {
      if (device !== null && deviceKey !== device) continue;
      for (const tagNames of metrics.values()) for (const tagName of tagNames) this.deps.cache.setBad(tagName, 'BadNoCommunication', time);
    }
  }

  private requestRebirth(node: SparkplugNode, why: string): void {
    const client = this.client;
    const now = this.deps.now();
    if (!client || this.state !== 'connected' || now - node.lastRebirthRequest < REBIRTH_AFTER_MS) return;
    node.lastRebirthRequest = now;
    this.rebirthRequests += 1;
    this.deps.logger.info({ server: this.server.name, group: node.group, node: node.node, why }, 'Sparkplug B rebirth requested');
    const payload = this.codec.encodePayload({ timestamp: now, metrics: [{ name: REBIRTH_METRIC, type: 'Boolean', value: true }] });
    client.publish(`${SPARKPLUG_NAMESPACE}/${node.group}/NCMD/${node.node}`, Buffer.from(payload), { qos: 0 });
  }
}

function newNode(group: string, node: string): SparkplugNode {
  return {
    group,
    node,
    alive: false,
    bdSeq: null,
    seq: null,
    devices: new Set(),
    aliases: new Map(),
    tags: new Map(),
    values: new Map(),
    lastRebirthRequest: 0,
  };
}
