import { setTimeout as delay } from 'node:timers/promises';
import {
  AttributeIds,
  type ClientMonitoredItemBase,
  ClientMonitoredItemGroup,
  type ClientSession,
  type ClientSubscription,
  DataType,
  type DataValue,
  MessageSecurityMode,
  OPCUAClient,
  type ReadValueIdOptions,
  SecurityPolicy,
  ServerState,
  type ServerStatusDataType,
  TimestampsToReturn,
  type UserIdentityInfo,
  UserTokenType,
  VariableIds,
} from 'node-opcua';
import type { Logger } from 'pino';
import type { UaSecurity } from './acquisition.repository';
import { resolveTagNodeId } from './node-ids';
import { CLIENT_APPLICATION_NAME, type OpcPki } from './opc-pki';
import { type TagCache, WAITING_STATUS } from './tag-cache';
import type { TagSource } from './tag-sources';
import { tagValueOfVariant, UNSUPPORTED_STATUS } from './variant-values';

/**
 * One OPC UA server: one client, one session, two subscriptions (lanes, see Lane). node-opcua reconnects by itself (same client, same
 * session object, subscriptions recreated or transferred); this class never opens a second session for that. Around
 * it, it keeps the tag cache honest:
 * - while the server cannot be reached every tag of it is bad ("BadNotConnected", "BadConnectionClosed"), so the
 *   lines reading them are seen as disconnected within the connection-loss detection time;
 * - a tag whose node is refused when monitored is bad with the server's status (BadNodeIdUnknown, …) and is tried
 *   again later; the others keep working;
 * - after a reconnection (`session_restored`) the namespace URIs are resolved again (a restarted server may renumber
 *   them), refused tags are retried and every tag is read once, because a transferred subscription only reports the
 *   values that change from then on.
 * Tag changes of the configuration are applied while connected: additions as new monitored-item groups, removals (and
 * a tag that moves to the other lane) by recreating that lane's subscription (rare, and simpler than deleting item by
 * item).
 */

/**
 * The tags line scripts read (beacons, counters: a few per line) have a subscription of their own, the 'lines' lane,
 * published more often and at a higher priority than the 'other' lane (every other tag: process values shown on the
 * tag status page). A server with more changes to send than publish requests to send them with (tens of thousands of
 * values a second) serves the higher priority first (OPC 10000-4 5.13.1), so a beacon change does not queue behind
 * them: a stop is seen within about LINES_PUBLISHING_INTERVAL_MS whatever the number of other tags.
 */
export type Lane = 'lines' | 'other';
const LANES: readonly Lane[] = ['lines', 'other'];
/** How each lane's subscription is asked to publish: changes reach the edge within about this time. */
export const LINES_PUBLISHING_INTERVAL_MS = 50;
export const PUBLISHING_INTERVAL_MS = 100;
/** Keep-alive every PUBLISHING_INTERVAL_MS × this when nothing changes (the 'lines' lane: as often in time). */
const MAX_KEEP_ALIVE_COUNT = 20;
/**
 * 0 asks for exception-based reporting (the server's fastest rate); servers revise it to what they can do. The line
 * state is a level, not an event, so one queued value per item is enough.
 */
const SAMPLING_INTERVAL_MS = 0;
const QUEUE_SIZE = 1;

/**
 * What a lane's subscription asks for. No cap on notifications per publish (0): the server sends what it has, in as
 * many responses as its own cap needs (node-opcua's: 1,000), and the client keeps several publish requests in flight.
 */
export function subscriptionParameters(lane: Lane) {
  const publishingInterval = lane === 'lines' ? LINES_PUBLISHING_INTERVAL_MS : PUBLISHING_INTERVAL_MS;
  const maxKeepAliveCount = Math.round((MAX_KEEP_ALIVE_COUNT * PUBLISHING_INTERVAL_MS) / publishingInterval);
  return {
    requestedPublishingInterval: publishingInterval,
    requestedMaxKeepAliveCount: maxKeepAliveCount,
    requestedLifetimeCount: maxKeepAliveCount * 10,
    maxNotificationsPerPublish: 0,
    publishingEnabled: true,
    priority: lane === 'lines' ? 200 : 10,
  };
}

/** How each item is monitored: exception-based, the latest value only, with its source and server times. */
export const MONITORING_PARAMETERS = { samplingInterval: SAMPLING_INTERVAL_MS, queueSize: QUEUE_SIZE, discardOldest: true };
/** Without a publish response or keep-alive for this long, the values are no longer trusted. */
const STALE_AFTER_MS = PUBLISHING_INTERVAL_MS * MAX_KEEP_ALIVE_COUNT * 2 + 1_000;
/** Refused tags (unknown node, bad namespace) are tried again this often: a PLC program may be loaded later. */
const RETRY_REFUSED_MS = 30_000;
/** Cap on items per CreateMonitoredItems / Read call when the server states no limit of its own. */
const DEFAULT_ITEMS_PER_CALL = 1_000;
const WATCHDOG_MS = 1_000;
/**
 * Tags still waiting for their first reading this long after the start, once an attempt to connect has failed (refused,
 * unreachable, a security or certificate refusal), are bad: the server cannot be reached. While the first attempt is
 * still under way without a failure (a loaded PC's slow start, a server that takes its time to open a session), they
 * wait up to SLOW_START_GRACE_MS: a connection that succeeds late is no outage, and no line gets a reason-4 stop for it.
 */
const INITIAL_GRACE_MS = 5_000;
const SLOW_START_GRACE_MS = 30_000;
/** After a failed connection attempt (refused security, credentials or certificate), the next one comes this much later. */
const RETRY_FAILED_MS = 5_000;
/** The most stop() waits for a subscription being created before it disconnects (see stop). */
const STOP_WAITS_FOR_SUBSCRIPTION_MS = 5_000;
/**
 * A server whose certificate is not trusted is asked again this rarely: nothing changes until an administrator trusts
 * it, and trusting it retries at once (retryIfUntrusted).
 */
const RETRY_UNTRUSTED_MS = 60_000;

export interface UaServerDefinition extends UaSecurity {
  opcServerID: number;
  name: string;
  /** The endpoint URL (SPEC.md's hostName for UA servers). */
  hostName: string;
}

/** What the diagnostics page shows of a server (SPEC.md section 3, "OPC server status"). */
export interface OpcServerStatus {
  opcServerID: number;
  name: string;
  serverType: 'UA' | 'DA' | 'API' | 'MQTT' | 'Modbus';
  endpointUrl: string;
  connected: boolean;
  vendorInfo: string | null;
  productVersion: string | null;
  startTime: number | null;
  /** Last time a value or keep-alive arrived from the server. */
  lastUpdateTime: number | null;
  serverState: string;
  statusInfo: string;
  tagCount: number;
  badTagCount: number;
  /** Values received since the connection started (data changes and reads). */
  valuesReceived: number;
}

interface MonitoredTag {
  tagValue: string;
  nodeId: string;
  lane: Lane;
}

/** A tag to monitor, in its lane. */
type ItemToAdd = MonitoredTag & { tagName: string };

/**
 * What a monitored-item group's notifications need, by the item's index in the group: the tag, its cache slot and
 * the OPC UA data type its configured tagType expects (undefined: not checked). Resolved once, not per value: at
 * tens of thousands of values a second, looking each tag's type up by name was the acquisition's largest own cost.
 */
interface GroupTags {
  names: string[];
  slots: number[];
  expected: (number | undefined)[];
}

type ConnectionState = 'connecting' | 'connected' | 'stale' | 'disconnected' | 'stopped';

export interface UaConnectionDeps {
  cache: TagCache;
  logger: Logger;
  pki: OpcPki;
  now: () => number;
  /** The configured tagType of a tag (SPEC.md: Boolean, Int32, …), to report a server that sends another type. */
  tagType: (tagName: string) => string | undefined;
  /** Whether a line script reads the tag (its lane: see Lane). */
  readByLine: (tagName: string) => boolean;
}

export class UaServerConnection implements TagSource {
  private readonly client: OPCUAClient;
  private session: ClientSession | null = null;
  private subscriptions: Record<Lane, ClientSubscription> | null = null;
  /** A subscription being created (see stop). */
  private creatingSubscription: Promise<unknown> | null = null;
  /** tagName → tagValue, as configured. */
  private desired = new Map<string, string>();
  /** Tags monitored by the current subscriptions. */
  private readonly monitored = new Map<string, MonitoredTag>();
  /** Tags the server refused (or whose node id cannot be resolved), with the status: retried later. */
  private readonly refused = new Map<string, string>();
  /** The groups of the current subscriptions, by lane. */
  private groups: Record<Lane, GroupTags[]> = { lines: [], other: [] };
  /** The configured types changed (setTags): the groups' expected types are resolved again before the next value. */
  private expectedStale = false;
  /** Tags whose values come with another data type than configured: tagName → what is wrong (reported once). */
  private readonly typeMismatches = new Map<string, string>();
  /** Whether the server being out of reach has been logged since the last connection. */
  private unreachableLogged = false;
  private namespaceArray: string[] = [];
  private itemsPerCall = DEFAULT_ITEMS_PER_CALL;
  private nodesPerRead = DEFAULT_ITEMS_PER_CALL;
  private state: ConnectionState = 'connecting';
  private statusInfo = 'Connecting';
  private serverInfo: { vendorInfo: string | null; productVersion: string | null; startTime: number | null; serverState: string } = {
    vendorInfo: null,
    productVersion: null,
    startTime: null,
    serverState: 'Unknown',
  };
  /**
   * When the last publish response (or other answer) arrived. node-opcua hands a response's values over right after
   * its 'received_notifications': this is their receive time, read once per response rather than once per value.
   */
  private lastActivity: number | null = null;
  private valuesReceived = 0;
  private startedAt = 0;
  /** When an attempt to connect first failed since the start, if one has (see INITIAL_GRACE_MS). */
  private firstFailureAt: number | null = null;
  private lastRetry = 0;
  /** The pending retry after a failed connection, and whether it failed on the server's certificate. */
  private retryTimer: NodeJS.Timeout | null = null;
  private untrusted = false;
  /** A certificate was trusted while an attempt was under way: if that attempt fails on the certificate, retry soon. */
  private trustedDuringAttempt = false;
  /** Every change to the session, subscription and items runs here, one after the other. */
  private queue: Promise<void> = Promise.resolve();
  private watchdog: NodeJS.Timeout | null = null;

  readonly opcServerID: number;

  constructor(
    readonly server: UaServerDefinition,
    private readonly deps: UaConnectionDeps,
  ) {
    this.opcServerID = server.opcServerID;
    this.client = OPCUAClient.create({
      applicationName: CLIENT_APPLICATION_NAME,
      applicationUri: deps.pki.applicationUri,
      securityMode: MessageSecurityMode[server.securityMode],
      securityPolicy: SecurityPolicy[server.securityPolicy],
      endpointMustExist: false,
      keepSessionAlive: true,
      requestedSessionTimeout: 60_000,
      clientCertificateManager: deps.pki.manager,
      connectionStrategy: { initialDelay: 500, maxDelay: 5_000, maxRetry: -1 },
    });
    this.client.on('connection_lost', () => this.connectionLost('BadConnectionClosed', 'Connection lost; reconnecting'));
    this.client.on('backoff', (count: number) => {
      if (this.state === 'connected') return;
      this.firstFailureAt ??= this.deps.now();
      this.statusInfo = `Cannot connect to ${server.hostName} (attempt ${count + 1})`;
      this.logUnreachable();
    });
  }

  start(): void {
    this.startedAt = this.deps.now();
    this.watchdog = setInterval(() => this.checkLiveness(), WATCHDOG_MS);
    this.watchdog.unref();
    this.enqueue(() => this.connect());
  }

  /** The tags to read from this server (name → node id text). Applied now if connected, else on connection. */
  setTags(tags: ReadonlyMap<string, string>): void {
    // A refused tag given another node id is tried at once, not at the next retry of refused tags.
    for (const [tagName, tagValue] of tags) if (this.desired.get(tagName) !== tagValue) this.refused.delete(tagName);
    for (const tagName of this.typeMismatches.keys())
      if (this.desired.get(tagName) !== tags.get(tagName)) this.typeMismatches.delete(tagName);
    this.desired = new Map(tags);
    this.expectedStale = true;
    const now = this.deps.now();
    for (const tagName of this.desired.keys()) {
      if (!this.deps.cache.has(tagName))
        this.deps.cache.setBad(tagName, this.state === 'disconnected' ? 'BadNotConnected' : WAITING_STATUS, now);
    }
    for (const tagName of [...this.refused.keys()]) if (!this.desired.has(tagName)) this.refused.delete(tagName);
    this.enqueue(() => this.syncItems(false));
  }

  /** The line scripts changed: a tag they now read, or no longer read, moves to its lane. */
  scriptTagsChanged(): void {
    this.enqueue(() => this.syncItems(false));
  }

  /** A server certificate was trusted: if this connection waits on its server's, it tries again now. */
  retryIfUntrusted(): void {
    if (!this.retryTimer) {
      // An attempt under way may have checked the certificate before it was trusted.
      if (!this.isConnected()) this.trustedDuringAttempt = true;
      return;
    }
    if (!this.untrusted) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.enqueue(() => this.connect());
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.watchdog) clearInterval(this.watchdog);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    // node-opcua announces a new subscription on a later turn and asserts there that its session is still there: a
    // disconnect in between throws that assertion where nothing can catch it (an uncaught exception of the edge's). A
    // subscription being created is let finish first, for a few seconds at most.
    const creating = this.creatingSubscription;
    if (creating) await Promise.race([creating.catch(() => undefined), delay(STOP_WAITS_FOR_SUBSCRIPTION_MS, undefined, { ref: false })]);
    try {
      await this.client.disconnect();
    } catch (error) {
      this.deps.logger.debug({ err: error, server: this.server.name }, 'OPC UA disconnect failed');
    }
    await this.queue;
  }

  /** What is wrong with a tag beyond its quality (a data type other than configured), or null. */
  tagProblem(tagName: string): string | null {
    return this.typeMismatches.get(tagName) ?? null;
  }

  status(): OpcServerStatus {
    let badTagCount = 0;
    for (const tagName of this.desired.keys()) if (!this.deps.cache.isGood(tagName)) badTagCount += 1;
    return {
      opcServerID: this.server.opcServerID,
      name: this.server.name,
      serverType: 'UA',
      endpointUrl: this.server.hostName,
      connected: this.isConnected(),
      ...this.serverInfo,
      serverState: this.isConnected() ? this.serverInfo.serverState : 'CommunicationFault',
      lastUpdateTime: this.lastActivity,
      statusInfo: this.statusInfo,
      tagCount: this.desired.size,
      badTagCount,
      valuesReceived: this.valuesReceived,
    };
  }

  /** A method, not a field read: the state changes across awaits, and TypeScript's narrowing would not see it. */
  private isStopped(): boolean {
    return this.state === 'stopped';
  }

  private isConnected(): boolean {
    return this.state === 'connected';
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.isStopped()) return;
      try {
        await task();
      } catch (error) {
        if (this.isStopped()) return;
        this.deps.logger.warn({ err: error, server: this.server.name }, 'OPC UA operation failed');
        this.statusInfo = `Error: ${(error as Error).message}`;
      }
    });
  }

  private async connect(): Promise<void> {
    const { logger } = this.deps;
    this.trustedDuringAttempt = false;
    try {
      // The edge's own certificate must exist before a secured channel is opened with it.
      if (this.server.securityMode !== 'None') await this.deps.pki.initialize();
      // Retries with back-off until it succeeds or stop() disconnects.
      await this.client.connect(this.server.hostName);
      const session = await this.client.createSession(this.userIdentity());
      if (this.isStopped()) return;
      this.session = session;
      session.on('session_restored', () => this.enqueue(() => this.afterRestore()));
      session.on('keepalive', (state: ServerState) => {
        this.serverInfo.serverState = ServerState[state] ?? String(state);
      });
      await this.readServerInfo(session);
      await this.readOperationLimits(session);
      this.namespaceArray = await this.readNamespaceArray(session);
      this.subscriptions = {
        lines: await this.createSubscription(session, 'lines'),
        other: await this.createSubscription(session, 'other'),
      };
      this.groups = { lines: [], other: [] };
      this.state = 'connected';
      this.statusInfo = 'Connected';
      this.untrusted = false;
      this.lastActivity = this.deps.now();
      this.unreachableLogged = false;
      logger.info({ server: this.server.name, endpoint: this.server.hostName }, 'OPC UA server connected');
      await this.syncItems(true);
    } catch (error) {
      if (this.isStopped()) return;
      const failure = connectionFailure(error as Error, this.server);
      this.firstFailureAt ??= this.deps.now();
      this.untrusted = failure.untrusted;
      this.statusInfo = failure.statusInfo;
      logger.warn({ err: error, server: this.server.name }, `OPC UA connection failed: ${failure.statusInfo}`);
      await this.client.disconnect().catch(() => undefined);
      this.session = null;
      this.subscriptions = null;
      this.retryTimer = setTimeout(
        () => {
          this.retryTimer = null;
          this.enqueue(() => this.connect());
        },
        failure.untrusted && !this.trustedDuringAttempt ? RETRY_UNTRUSTED_MS : RETRY_FAILED_MS,
      );
      this.retryTimer.unref();
    }
  }

  /** The identity the session is created with: the configured user, or anonymous. */
  private userIdentity(): UserIdentityInfo | undefined {
    const { userName, password } = this.server;
    return userName ? { type: UserTokenType.UserName, userName, password: password ?? '' } : undefined;
  }

  private async createSubscription(session: ClientSession, lane: Lane): Promise<ClientSubscription> {
    const creating = session.createSubscription2(subscriptionParameters(lane));
    this.creatingSubscription = creating;
    const subscription = await creating.finally(() => {
      if (this.creatingSubscription === creating) this.creatingSubscription = null;
    });
    const touch = () => this.touch();
    subscription.on('keepalive', touch);
    subscription.on('received_notifications', touch);
    return subscription;
  }

  /** A publish response arrived: the server is alive. After a stale spell, everything is read again. */
  private touch(): void {
    this.lastActivity = this.deps.now();
    if (this.state === 'stale') {
      this.state = 'connected';
      this.statusInfo = 'Connected';
      this.enqueue(() => this.refreshAll());
    }
  }

  /** Once per spell out of reach (node-opcua retries for ever without a word, also when the first connection fails). */
  private logUnreachable(): void {
    if (this.unreachableLogged || this.isStopped()) return;
    this.unreachableLogged = true;
    this.deps.logger.warn({ server: this.server.name, endpoint: this.server.hostName }, 'OPC UA server cannot be reached; retrying');
  }

  private checkLiveness(): void {
    const now = this.deps.now();
    if (this.state === 'connecting') {
      // Bad from the end of the grace, or from the failure if that came later: never before anything was known.
      const badFrom =
        this.firstFailureAt === null
          ? this.startedAt + SLOW_START_GRACE_MS
          : Math.max(this.startedAt + INITIAL_GRACE_MS, this.firstFailureAt);
      if (now < badFrom) return;
      this.logUnreachable();
      for (const tagName of this.desired.keys()) {
        if (this.deps.cache.reading(tagName)?.status === WAITING_STATUS) this.deps.cache.setBad(tagName, 'BadNotConnected', badFrom);
      }
    }
    if (this.state !== 'connected' || this.lastActivity === null) return;
    if (now - this.lastActivity > STALE_AFTER_MS) {
      this.state = 'stale';
      this.statusInfo = `No answer from the server for ${Math.round((now - this.lastActivity) / 1000)} s`;
      this.markAllBad('BadTimeout', now);
      return;
    }
    if (this.refused.size > 0 && now - this.lastRetry >= RETRY_REFUSED_MS) this.enqueue(() => this.syncItems(true));
  }

  private connectionLost(status: string, info: string): void {
    if (this.isStopped()) return;
    this.state = 'disconnected';
    this.statusInfo = info;
    this.deps.logger.warn({ server: this.server.name, endpoint: this.server.hostName }, 'OPC UA connection lost');
    this.markAllBad(status, this.deps.now());
  }

  private markAllBad(status: string, time: number): void {
    for (const tagName of this.desired.keys()) this.deps.cache.setBad(tagName, status, time);
  }

  /** node-opcua restored the session (and recreated or transferred the subscription): re-resolve and re-read. */
  private async afterRestore(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.state = 'connected';
    this.statusInfo = 'Connected (session restored)';
    this.lastActivity = this.deps.now();
    this.deps.logger.info({ server: this.server.name }, 'OPC UA session restored');
    await this.readServerInfo(session);
    this.namespaceArray = await this.readNamespaceArray(session);
    await this.syncItems(true);
    await this.refreshAll();
  }

  /**
   * Brings the subscriptions in line with the desired tags. A removed tag, one whose node id now resolves differently,
   * or one that moves to the other lane recreates its lane's subscription; new tags (and, with `retryRefused`, refused
   * ones) are added to their lane in groups no larger than the server's MaxMonitoredItemsPerCall.
   */
  private async syncItems(retryRefused: boolean): Promise<void> {
    const session = this.session;
    const subscriptions = this.subscriptions;
    if (!session || !subscriptions || !this.isConnected()) return;
    const now = this.deps.now();
    if (retryRefused) this.lastRetry = now;

    const resolved = new Map<string, string>();
    for (const [tagName, tagValue] of this.desired) {
      const resolution = resolveTagNodeId(tagValue, this.namespaceArray);
      if (resolution.ok) resolved.set(tagName, resolution.nodeId);
      else {
        if (this.refused.get(tagName) !== resolution.status) {
          const reason =
            resolution.status === 'BadNodeIdUnknown' ? 'its namespace is not one the server publishes' : 'it is not a valid node id';
          this.deps.logger.warn(
            { server: this.server.name, tag: tagName, tagValue, status: resolution.status },
            `OPC UA tag cannot be read: ${reason}`,
          );
        }
        this.refused.set(tagName, resolution.status);
        this.deps.cache.setBad(tagName, resolution.status, now);
      }
    }
    const laneOf = (tagName: string): Lane => (this.deps.readByLine(tagName) ? 'lines' : 'other');
    const stale = new Set<Lane>();
    for (const [tagName, item] of this.monitored) {
      if (resolved.get(tagName) !== item.nodeId || this.desired.get(tagName) !== item.tagValue || laneOf(tagName) !== item.lane)
        stale.add(item.lane);
    }
    for (const lane of stale) {
      await subscriptions[lane].terminate().catch(() => undefined);
      for (const [tagName, item] of [...this.monitored]) if (item.lane === lane) this.monitored.delete(tagName);
      this.groups[lane] = [];
      subscriptions[lane] = await this.createSubscription(session, lane);
    }

    const toAdd: Record<Lane, ItemToAdd[]> = { lines: [], other: [] };
    for (const [tagName, nodeId] of resolved) {
      if (this.monitored.has(tagName)) continue;
      if (this.refused.has(tagName) && !retryRefused && stale.size === 0) continue;
      const lane = laneOf(tagName);
      toAdd[lane].push({ tagName, tagValue: this.desired.get(tagName) ?? '', nodeId, lane });
    }
    for (const lane of LANES) {
      const tags = toAdd[lane];
      for (let start = 0; start < tags.length; start += this.itemsPerCall)
        await this.monitorGroup(subscriptions, lane, tags.slice(start, start + this.itemsPerCall));
    }
    if (stale.size > 0 || toAdd.lines.length + toAdd.other.length > 0) {
      this.deps.logger.debug(
        { server: this.server.name, monitored: this.monitored.size, refused: this.refused.size },
        'OPC UA items synchronised',
      );
    }
  }

  private async monitorGroup(subscriptions: Record<Lane, ClientSubscription>, lane: Lane, tags: ItemToAdd[]): Promise<void> {
    const subscription = subscriptions[lane];
    const items: ReadValueIdOptions[] = tags.map((tag) => ({ nodeId: tag.nodeId, attributeId: AttributeIds.Value }));
    const group = ClientMonitoredItemGroup.create(subscription, items, MONITORING_PARAMETERS, TimestampsToReturn.Both);
    const names = tags.map((tag) => tag.tagName);
    const resolved: GroupTags = {
      names,
      slots: names.map((tagName) => this.deps.cache.slotOf(tagName)),
      expected: names.map((tagName) => this.expectedType(tagName)),
    };
    this.groups[lane].push(resolved);
    group.on('changed', (_item: ClientMonitoredItemBase, dataValue: DataValue, index: number) => {
      if (this.subscriptions?.[lane] !== subscription) return;
      if (this.expectedStale) this.resolveExpectedTypes();
      const tagName = resolved.names[index];
      if (tagName !== undefined)
        this.apply(tagName, resolved.slots[index]!, resolved.expected[index], dataValue, this.lastActivity ?? this.deps.now());
    });
    await new Promise<void>((resolve, reject) => {
      group.once('initialized', () => resolve());
      group.once('terminated', (error?: Error) => (error ? reject(error) : resolve()));
    });
    const now = this.deps.now();
    group.monitoredItems.forEach((item, index) => {
      const tag = tags[index];
      if (!tag) return;
      if (item.statusCode.isGood()) {
        this.monitored.set(tag.tagName, { tagValue: tag.tagValue, nodeId: tag.nodeId, lane });
        this.refused.delete(tag.tagName);
      } else {
        const status = item.statusCode.name;
        if (this.refused.get(tag.tagName) !== status) {
          this.deps.logger.warn(
            { server: this.server.name, tag: tag.tagName, nodeId: tag.nodeId, status },
            'OPC UA tag refused by the server',
          );
        }
        this.refused.set(tag.tagName, status);
        this.deps.cache.setBad(tag.tagName, status, now);
      }
    });
  }

  /** The OPC UA data type of a tag's configured tagType (undefined: none configured, or a name OPC UA does not know). */
  private expectedType(tagName: string): number | undefined {
    const configured = this.deps.tagType(tagName);
    return configured === undefined ? undefined : (DataType as unknown as Record<string, number | undefined>)[configured];
  }

  /**
   * After setTags, at the first value: the tags' types are the configuration's by then (the manager hands over the
   * tags before it keeps their types, in the same synchronous step).
   */
  private resolveExpectedTypes(): void {
    this.expectedStale = false;
    for (const group of [...this.groups.lines, ...this.groups.other])
      group.expected = group.names.map((tagName) => this.expectedType(tagName));
  }

  /** The hot path: one data change into the cache, by the tag's slot. */
  private apply(tagName: string, slot: number, expected: number | undefined, dataValue: DataValue, receivedAt: number): void {
    this.valuesReceived += 1;
    const value = tagValueOfVariant(dataValue.value);
    const sourceTime = dataValue.sourceTimestamp?.getTime() ?? dataValue.serverTimestamp?.getTime() ?? null;
    this.checkType(tagName, expected, dataValue);
    if (value === undefined) {
      this.deps.cache.store(slot, tagName, null, false, UNSUPPORTED_STATUS, sourceTime, receivedAt);
      return;
    }
    const good = dataValue.statusCode.isGood();
    this.deps.cache.store(slot, tagName, value, good, good ? 'Good' : dataValue.statusCode.name, sourceTime, receivedAt);
  }

  /**
   * A server that sends another data type than the tag is configured with (a Boolean tag on a UInt32 node) is reported
   * when the value is read, once per tag and type, not left for a script to fail on silently.
   */
  private checkType(tagName: string, expected: number | undefined, dataValue: DataValue): void {
    const sent = dataValue.value?.dataType;
    if (sent === undefined || sent === DataType.Null) return;
    if (expected === undefined || sent === expected) {
      if (this.typeMismatches.size > 0) this.typeMismatches.delete(tagName);
      return;
    }
    const problem = `configured as ${this.deps.tagType(tagName)}, the server sends ${DataType[sent] ?? sent}`;
    if (this.typeMismatches.get(tagName) === problem) return;
    this.typeMismatches.set(tagName, problem);
    this.deps.logger.warn(
      { server: this.server.name, tag: tagName, nodeId: this.desired.get(tagName) },
      `OPC UA tag type mismatch: ${problem}`,
    );
  }

  /** Reads every monitored tag once (after a reconnection or a stale spell), in calls of at most MaxNodesPerRead. */
  private async refreshAll(): Promise<void> {
    const session = this.session;
    if (!session || !this.isConnected()) return;
    const entries = [...this.monitored];
    for (let start = 0; start < entries.length; start += this.nodesPerRead) {
      const chunk = entries.slice(start, start + this.nodesPerRead);
      const values = await session.read(chunk.map(([, item]) => ({ nodeId: item.nodeId, attributeId: AttributeIds.Value })));
      const receivedAt = this.deps.now();
      this.lastActivity = receivedAt;
      chunk.forEach(([tagName], index) => {
        const dataValue = values[index];
        // A notification that arrived meanwhile is newer than this read: keep it.
        if (dataValue && !this.deps.cache.isGood(tagName))
          this.apply(tagName, this.deps.cache.slotOf(tagName), this.expectedType(tagName), dataValue, receivedAt);
      });
    }
  }

  private async readServerInfo(session: ClientSession): Promise<void> {
    const dataValue = await session.read({ nodeId: `i=${VariableIds.Server_ServerStatus}`, attributeId: AttributeIds.Value });
    const status = dataValue.value?.value as ServerStatusDataType | null;
    if (!status) return;
    const build = status.buildInfo;
    const buildNumber = build?.buildNumber && build.buildNumber !== '0' ? ` (build ${build.buildNumber})` : '';
    this.serverInfo = {
      vendorInfo: build?.productName
        ? `${build.productName}${build.manufacturerName ? ` (${build.manufacturerName})` : ''}`
        : (build?.manufacturerName ?? null),
      productVersion: build?.softwareVersion ? `${build.softwareVersion}${buildNumber}` : null,
      startTime: status.startTime ? status.startTime.getTime() : null,
      serverState: ServerState[status.state] ?? String(status.state),
    };
  }

  private async readOperationLimits(session: ClientSession): Promise<void> {
    const [perCall, perRead] = await session.read([
      { nodeId: `i=${VariableIds.Server_ServerCapabilities_OperationLimits_MaxMonitoredItemsPerCall}`, attributeId: AttributeIds.Value },
      { nodeId: `i=${VariableIds.Server_ServerCapabilities_OperationLimits_MaxNodesPerRead}`, attributeId: AttributeIds.Value },
    ]);
    this.itemsPerCall = limitOf(perCall);
    this.nodesPerRead = limitOf(perRead);
  }

  private async readNamespaceArray(session: ClientSession): Promise<string[]> {
    const dataValue = await session.read({ nodeId: `i=${VariableIds.Server_NamespaceArray}`, attributeId: AttributeIds.Value });
    const value: unknown = dataValue.value?.value;
    return Array.isArray(value) ? value.map(String) : [];
  }
}

/**
 * Why a connection failed, said so that whoever reads the OPC servers' status knows what to do: the commonest causes
 * with secured servers are a certificate not trusted on one side, a mode or policy the server does not offer, and
 * refused credentials.
 */
export function connectionFailure(
  error: Error,
  server: Pick<UaServerDefinition, 'securityMode' | 'securityPolicy'>,
): { statusInfo: string; untrusted: boolean } {
  const message = error.message;
  if (/server Certificate verification failed/i.test(message)) {
    return {
      untrusted: true,
      statusInfo: 'Server certificate not trusted: an administrator accepts it in the OPC servers tab (Certificates)',
    };
  }
  if (/BadUserAccessDenied|BadIdentityToken/i.test(message))
    return { untrusted: false, statusInfo: 'The server refused the user name or password' };
  if (/cannot find endpoint|end point must exist/i.test(message)) {
    return {
      untrusted: false,
      statusInfo: `The server offers no endpoint with security mode ${server.securityMode} and policy ${server.securityPolicy}`,
    };
  }
  if (/BadSecurity|BadCertificate/i.test(message)) {
    return {
      untrusted: false,
      statusInfo: `The server refused the secure channel (security mode, policy, or the edge's certificate not trusted by the server): ${message}`,
    };
  }
  return { untrusted: false, statusInfo: `Cannot connect: ${message}` };
}

/** A server's operation limit (0 or unreadable: no limit of its own, so our default cap). */
function limitOf(dataValue: DataValue | undefined): number {
  const value: unknown = dataValue?.statusCode.isGood() ? dataValue.value?.value : null;
  return typeof value === 'number' && value > 0 ? Math.min(value, DEFAULT_ITEMS_PER_CALL) : DEFAULT_ITEMS_PER_CALL;
}
