import type { TagValue } from '../domain/script';
import { type TagCache, WAITING_STATUS } from './tag-cache';
import type { OpcServerStatus } from './ua-server-connection';

/** How many of a server's tags have no good reading now. */
export function badTagCount(cache: TagCache, tagNames: Iterable<string>): number {
  let count = 0;
  for (const tagName of tagNames) if (!cache.isGood(tagName)) count += 1;
  return count;
}

/**
 * The status of a polled or subscribed connection (Modbus, MQTT): Running while connected, else CommunicationFault
 * with what is wrong; no vendor, version or start time of its own.
 */
export function connectionStatus(
  status: Pick<
    OpcServerStatus,
    'opcServerID' | 'name' | 'serverType' | 'endpointUrl' | 'connected' | 'vendorInfo' | 'lastUpdateTime' | 'statusInfo' | 'valuesReceived'
  >,
  cache: TagCache,
  tagNames: ReadonlyMap<string, string>,
): OpcServerStatus {
  return {
    ...status,
    productVersion: null,
    startTime: null,
    serverState: status.connected ? 'Running' : 'CommunicationFault',
    tagCount: tagNames.size,
    badTagCount: badTagCount(cache, tagNames.keys()),
  };
}

/** Where the values of one configured server's tags come from. */
export interface TagSource {
  readonly opcServerID: number;
  /** The tags to deliver (name → tagValue as configured). */
  setTags(tags: ReadonlyMap<string, string>): void;
  /** What is wrong with a tag beyond its quality (a data type other than configured), if the source can tell. */
  tagProblem?(tagName: string): string | null;
  status(): OpcServerStatus;
  stop(): Promise<void>;
}

/**
 * A server of type API pushes its values over HTTP (`POST /api/tags/values`); they enter the same cache as OPC UA
 * values, so scripts and stops treat them alike. Silence counts as a lost connection: with no post for
 * API_STALE_AFTER_MS every tag of the server goes bad ("BadNoCommunication") and its lines are seen as
 * disconnected, as for an OPC UA server that cannot be reached. A pushing client therefore re-sends its values
 * (changed or not) at least every API_HEARTBEAT_MS.
 */
export const API_HEARTBEAT_MS = 5_000;
export const API_STALE_AFTER_MS = 15_000;

export interface PushedValue {
  tagName: string;
  value: TagValue;
  /** When the value changed at the source (already made plausible), epoch ms. */
  time: number;
  good: boolean;
}

export class ApiServerSource implements TagSource {
  private desired = new Map<string, string>();
  private lastPost: number | null = null;
  private posts = 0;
  private valuesReceived = 0;
  private readonly startedAt: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly opcServerID: number,
    private name: string,
    private readonly cache: TagCache,
    private readonly now: () => number,
  ) {
    this.startedAt = now();
    this.timer = setInterval(() => this.checkLiveness(), 1_000);
    this.timer.unref();
  }

  rename(name: string): void {
    this.name = name;
  }

  setTags(tags: ReadonlyMap<string, string>): void {
    this.desired = new Map(tags);
    const now = this.now();
    for (const tagName of this.desired.keys()) if (!this.cache.has(tagName)) this.cache.setBad(tagName, WAITING_STATUS, now);
  }

  /** The configured tag a pushed name refers to: its tag name, or else its tagValue (the sender's own item name). */
  tagNamed(name: string): string | null {
    if (this.desired.has(name)) return name;
    for (const [tagName, tagValue] of this.desired) if (tagValue === name) return tagName;
    return null;
  }

  write(values: readonly PushedValue[]): void {
    this.lastPost = this.now();
    this.posts += 1;
    this.valuesReceived += values.length;
    for (const { tagName, value, time, good } of values) {
      this.cache.set(tagName, { value, good, status: good ? 'Good' : 'Bad', time });
    }
  }

  private checkLiveness(): void {
    const now = this.now();
    const lastHeard = this.lastPost ?? this.startedAt;
    if (now - lastHeard <= API_STALE_AFTER_MS) return;
    const since = lastHeard + API_STALE_AFTER_MS;
    for (const tagName of this.desired.keys()) this.cache.setBad(tagName, 'BadNoCommunication', since);
  }

  status(): OpcServerStatus {
    const now = this.now();
    const connected = this.lastPost !== null && now - this.lastPost <= API_STALE_AFTER_MS;
    return {
      opcServerID: this.opcServerID,
      name: this.name,
      serverType: 'API',
      endpointUrl: 'POST /api/tags/values',
      connected,
      vendorInfo: 'HTTP push',
      productVersion: null,
      startTime: null,
      lastUpdateTime: this.lastPost,
      serverState: connected ? 'Running' : 'CommunicationFault',
      statusInfo:
        this.lastPost === null
          ? 'No values posted yet'
          : connected
            ? `${this.posts} posts received`
            : `No post for more than ${API_STALE_AFTER_MS / 1000} s`,
      tagCount: this.desired.size,
      badTagCount: badTagCount(this.cache, this.desired.keys()),
      valuesReceived: this.valuesReceived,
    };
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
  }
}

/**
 * OPC DA is classic COM/DCOM, Windows only; the edge speaks OPC UA. A DA server in the configuration (the API
 * refuses new ones, older data may hold some) is shown as unsupported with what to do, and its tags as bad with
 * "BadNotSupported", instead of silently never delivering a value.
 */
export const DA_NOT_SUPPORTED =
  'OPC DA (classic COM) is not read directly: run an OPC UA gateway for the DA server (a DA-to-UA wrapper) and register the gateway as a server of type UA.';

export class UnsupportedServerSource implements TagSource {
  private desired = new Map<string, string>();

  constructor(
    readonly opcServerID: number,
    private readonly name: string,
    private readonly hostName: string,
    private readonly cache: TagCache,
    private readonly now: () => number,
  ) {}

  setTags(tags: ReadonlyMap<string, string>): void {
    this.desired = new Map(tags);
    for (const tagName of this.desired.keys()) this.cache.setBad(tagName, 'BadNotSupported', this.now());
  }

  status(): OpcServerStatus {
    return {
      opcServerID: this.opcServerID,
      name: this.name,
      serverType: 'DA',
      endpointUrl: this.hostName,
      connected: false,
      vendorInfo: null,
      productVersion: null,
      startTime: null,
      lastUpdateTime: null,
      serverState: 'NotSupported',
      statusInfo: DA_NOT_SUPPORTED,
      tagCount: this.desired.size,
      badTagCount: this.desired.size,
      valuesReceived: 0,
    };
  }

  async stop(): Promise<void> {}
}
