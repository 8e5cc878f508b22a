import { Socket } from 'node:net';
import type { Logger } from 'pino';
import {
  type CounterState,
  CounterUnwrapper,
  decodeRegisters,
  type ModbusAddress,
  type ModbusArea,
  modbusWidth,
  parseModbusAddress,
  parseModbusEndpoint,
} from '../domain/source-addresses';
import type { ServerDefinition } from './acquisition.repository';
import { ModbusTcpClient, ModbusTimeoutError, type ReadRequest, type ReadResult, SERVER_BUSY } from './modbus-tcp-client';
import { type TagCache, WAITING_STATUS } from './tag-cache';
import { connectionStatus, type TagSource } from './tag-sources';
import type { OpcServerStatus } from './ua-server-connection';

/**
 * One Modbus TCP server (a PLC, a counter, a gateway), polled: every `pollingMs` each tag's registers are read, in as
 * few requests as the addresses allow (see batchesOf), sent together (modbus-tcp-client.ts, MAX_IN_FLIGHT), decoded
 * by the tag's address (domain/source-addresses.ts) and stored in the tag cache with the time they were read (Modbus
 * carries no timestamps). Around it, the tag cache is kept honest as for OPC UA:
 * - while the server cannot be reached (refused, closed, a request unanswered for REQUEST_TIMEOUT_MS) every tag of it
 *   is bad, so its lines get their reason-4 gap, and the connection is tried again every RECONNECT_MS;
 * - an address the server refuses (Modbus exception: illegal data address or value) makes only that tag bad: a
 *   request refused for a batch is retried tag by tag, the refused tags are left out of the batches and tried again
 *   every RETRY_REFUSED_MS (a PLC program may be loaded later);
 * - a counter tag (`:counter`) is unwrapped at 65,536 or 2^32 (CounterUnwrapper), so its count stays absolute, and
 *   its unwrapper's state is kept in `counters` (the database) through restarts: at once when a wrap changes it, the
 *   last raw reading once it has moved by 1/COUNTER_SAVE_FRACTION of the range since the one stored, else every
 *   COUNTER_SAVE_MS (a wrap made while the edge was down is told from that reading: how far the stored one lags adds
 *   to what the counter made meanwhile, which must stay under a quarter of the range).
 */

/** Modbus allows 125 registers (or 2,000 coils) in one read. */
const MAX_REGISTERS_PER_READ = 125;
const MAX_BITS_PER_READ = 2_000;
/** Addresses this far apart or closer are read in one request (reading the few unused between is cheaper than a request). */
const MAX_REGISTER_GAP = 16;
const MAX_BIT_GAP = 128;
export const DEFAULT_POLLING_MS = 1_000;
const REQUEST_TIMEOUT_MS = 3_000;
const RECONNECT_MS = 1_000;
const MAX_RECONNECT_MS = 5_000;
const RETRY_REFUSED_MS = 30_000;
/** A counter's raw reading is stored at least this often while it moves (one transaction for all of them)… */
const COUNTER_SAVE_MS = 60_000;
/** …and at once when it has moved by this fraction of its range (1,024 units of a 16-bit counter) since the one stored. */
const COUNTER_SAVE_FRACTION = 64;

/**
 * Requests sent before the first is answered (modbus-tcp-client.ts): a poll of 40 requests is then a few writes and
 * reads instead of 40 round trips. A server that answers exception 6 (busy) to them, or answers some and leaves the
 * others unanswered, is read one request at a time from then on.
 */
const MAX_IN_FLIGHT = 16;

/** Modbus exception codes that say the address (or the count read there) is not one the server serves. */
const ADDRESS_EXCEPTIONS = new Set([2, 3]);

interface ModbusTag {
  tagName: string;
  tagValue: string;
  address: ModbusAddress;
  unwrapper: CounterUnwrapper | null;
  /** A counter's key in the store: the register it reads (endpoint, unit id, address). */
  source: string;
  /** Whether the counter's state of a previous run has been looked up (it is before its first reading). */
  restored: boolean;
  /** The state last written to the store. */
  saved: { lastRaw: number | null; wrapOffset: number };
  /** Its slot in the tag cache (-1 until first stored), for the unchanged readings' fast path. */
  slot?: number;
}

/** Where counters' unwrapping state is kept through restarts (the database: acquisition.repository.ts). */
export interface CounterStore {
  load(sources: readonly string[]): Promise<Map<string, CounterState>>;
  save(states: readonly ({ source: string } & CounterState)[]): Promise<void>;
}

function counterRange(address: ModbusAddress): number {
  return address.type === 'uint16' ? 0x1_0000 : 0x1_0000_0000;
}

/** One read request: an area, its first address and count, and the tags it serves. */
export interface Batch {
  area: ModbusArea;
  start: number;
  count: number;
  tags: ModbusTag[];
  /** The words (or bits) of its last answer, every tag of it stored from them: a tag whose words are the same again is unchanged. */
  last?: ArrayLike<number>;
}

/**
 * The requests that read `tags`: per area, by address, a tag joins the request before it when the request stays
 * within Modbus's limit and the gap between them is small.
 */
export function batchesOf(tags: readonly ModbusTag[]): Batch[] {
  const batches: Batch[] = [];
  const byArea = new Map<ModbusArea, ModbusTag[]>();
  for (const tag of tags) {
    const areaTags = byArea.get(tag.address.area);
    if (areaTags) areaTags.push(tag);
    else byArea.set(tag.address.area, [tag]);
  }
  for (const [area, areaTags] of byArea) {
    const bits = area === 'coil' || area === 'di';
    const max = bits ? MAX_BITS_PER_READ : MAX_REGISTERS_PER_READ;
    const gap = bits ? MAX_BIT_GAP : MAX_REGISTER_GAP;
    areaTags.sort((a, b) => a.address.address - b.address.address);
    let current: Batch | null = null;
    for (const tag of areaTags) {
      const end = tag.address.address + modbusWidth(tag.address);
      if (current && tag.address.address <= current.start + current.count + gap && end - current.start <= max) {
        current.count = Math.max(current.count, end - current.start);
        current.tags.push(tag);
      } else {
        current = { area, start: tag.address.address, count: end - tag.address.address, tags: [tag] };
        batches.push(current);
      }
    }
  }
  return batches;
}

/** A request for one tag alone. */
function single(tag: ModbusTag): Batch {
  return { area: tag.address.area, start: tag.address.address, count: modbusWidth(tag.address), tags: [tag] };
}

function sameWords(before: ArrayLike<number>, now: ArrayLike<number>, offset: number, width: number): boolean {
  for (let i = offset; i < offset + width; i += 1) if (before[i] !== now[i]) return false;
  return true;
}

const EXCEPTION_TEXT: Record<number, string> = { 2: 'illegal data address', 3: 'illegal data value' };

type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'stopped';

export interface ModbusConnectionDeps {
  cache: TagCache;
  logger: Logger;
  now: () => number;
  /** Keeps counters' wraps through restarts; without it they are kept in memory only. */
  counters?: CounterStore;
}

export class ModbusConnection implements TagSource {
  readonly opcServerID: number;
  private readonly endpoint: { host: string; port: number } | null;
  private readonly unitId: number;
  private readonly pollingMs: number;
  private desired = new Map<string, string>();
  private tags = new Map<string, ModbusTag>();
  /** The counter tags (a few of the thousands polled): the only ones restored and saved. */
  private counterTags: ModbusTag[] = [];
  /** Whether some counter tag has not been restored yet (looked at every poll; the tags are scanned only then). */
  private restorePending = false;
  /** Tags whose address the server refused: tagName → what it said. */
  private readonly refused = new Map<string, string>();
  private batches: Batch[] = [];
  private batchesStale = true;
  private socket: Socket | null = null;
  private client: ModbusTcpClient | null = null;
  /** Requests sent together (MAX_IN_FLIGHT, or 1 for a server that does not take them so). */
  private maxInFlight = MAX_IN_FLIGHT;
  private state: ConnectionState = 'connecting';
  private statusInfo = 'Connecting';
  private everConnected = false;
  private unreachableLogged = false;
  private reconnectDelay = RECONNECT_MS;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> = Promise.resolve();
  private lastActivity: number | null = null;
  private lastRefusedRetry = 0;
  private valuesReceived = 0;
  private requests = 0;
  private lastCounterSave = 0;

  constructor(
    readonly server: ServerDefinition,
    private readonly deps: ModbusConnectionDeps,
  ) {
    this.opcServerID = server.opcServerID;
    this.endpoint = parseModbusEndpoint(server.hostName);
    this.unitId = server.unitId ?? 1;
    this.pollingMs = server.pollingMs ?? DEFAULT_POLLING_MS;
  }

  start(): void {
    if (!this.endpoint) {
      this.state = 'disconnected';
      this.statusInfo = `Not a Modbus TCP endpoint: ${this.server.hostName} (host:port)`;
      return;
    }
    this.connect();
  }

  setTags(tags: ReadonlyMap<string, string>): void {
    const now = this.deps.now();
    const next = new Map<string, ModbusTag>();
    for (const [tagName, tagValue] of tags) {
      const kept = this.tags.get(tagName);
      if (kept && kept.tagValue === tagValue) {
        next.set(tagName, kept);
        continue;
      }
      this.refused.delete(tagName);
      const address = parseModbusAddress(tagValue);
      if (!address) {
        this.refused.set(tagName, `not a Modbus address: ${tagValue}`);
        this.deps.cache.setBad(tagName, 'BadNodeIdInvalid', now);
        continue;
      }
      next.set(tagName, {
        tagName,
        tagValue,
        address,
        unwrapper: address.counter ? new CounterUnwrapper(counterRange(address)) : null,
        source: `${this.server.hostName}#${this.unitId}|${tagValue}`,
        restored: !address.counter || !this.deps.counters,
        saved: { lastRaw: null, wrapOffset: 0 },
      });
      if (!this.deps.cache.has(tagName))
        this.deps.cache.setBad(tagName, this.state === 'disconnected' ? 'BadNotConnected' : WAITING_STATUS, now);
    }
    for (const tagName of [...this.refused.keys()]) if (!tags.has(tagName)) this.refused.delete(tagName);
    this.desired = new Map(tags);
    this.tags = next;
    this.counterTags = [...next.values()].filter((tag) => tag.unwrapper !== null || !tag.restored);
    this.restorePending = this.counterTags.some((tag) => !tag.restored);
    this.batchesStale = true;
  }

  tagProblem(tagName: string): string | null {
    return this.refused.get(tagName) ?? null;
  }

  status(): OpcServerStatus {
    const connected = this.state === 'connected';
    return connectionStatus(
      {
        opcServerID: this.opcServerID,
        name: this.server.name,
        serverType: 'Modbus',
        endpointUrl: this.endpoint ? `modbus://${this.endpoint.host}:${this.endpoint.port} (unit ${this.unitId})` : this.server.hostName,
        connected,
        vendorInfo: 'Modbus TCP',
        lastUpdateTime: this.lastActivity,
        statusInfo: connected
          ? `Polled every ${this.pollingMs} ms in ${this.batches.length} requests (${this.requests} sent)`
          : this.statusInfo,
        valuesReceived: this.valuesReceived,
      },
      this.deps.cache,
      this.desired,
    );
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    if (this.timer) clearTimeout(this.timer);
    this.socket?.destroy();
    await this.polling;
    await this.saveCounters(true);
  }

  /** Counters read for the first time continue from the state a previous run stored. */
  private async restoreCounters(): Promise<void> {
    if (!this.restorePending) return;
    this.restorePending = false;
    const pending = this.counterTags.filter((tag) => !tag.restored);
    if (pending.length === 0 || !this.deps.counters) return;
    let stored = new Map<string, CounterState>();
    try {
      stored = await this.deps.counters.load(pending.map((tag) => tag.source));
    } catch (error) {
      this.deps.logger.warn({ err: error, server: this.server.name }, "Modbus counters' stored wraps could not be read");
    }
    for (const tag of pending) {
      const state = stored.get(tag.source) ?? null;
      tag.unwrapper = new CounterUnwrapper(counterRange(tag.address), state);
      tag.saved = state ?? { lastRaw: null, wrapOffset: 0 };
      tag.restored = true;
    }
  }

  /** Stores the counters whose offset moved (a wrap or a reset) at once, and the others' raw readings now and then. */
  private async saveCounters(all: boolean): Promise<void> {
    if (!this.deps.counters) return;
    const now = this.deps.now();
    const due = all || now - this.lastCounterSave >= COUNTER_SAVE_MS;
    const changed: ({ source: string } & CounterState)[] = [];
    const tags: ModbusTag[] = [];
    for (const tag of this.counterTags) {
      if (!tag.unwrapper || !tag.restored) continue;
      const state = tag.unwrapper.state();
      if (state.lastRaw === null) continue;
      const savedRaw = tag.saved.lastRaw;
      const range = counterRange(tag.address);
      const farMoved = savedRaw === null || (((state.lastRaw - savedRaw) % range) + range) % range >= range / COUNTER_SAVE_FRACTION;
      if (state.wrapOffset !== tag.saved.wrapOffset || ((due || farMoved) && state.lastRaw !== savedRaw)) {
        changed.push({ source: tag.source, lastRaw: state.lastRaw, wrapOffset: state.wrapOffset });
        tags.push(tag);
      }
    }
    if (due) this.lastCounterSave = now;
    if (changed.length === 0) return;
    try {
      await this.deps.counters.save(changed);
      changed.forEach((state, index) => (tags[index]!.saved = { lastRaw: state.lastRaw, wrapOffset: state.wrapOffset }));
    } catch (error) {
      this.deps.logger.warn({ err: error, server: this.server.name }, "Modbus counters' wraps could not be stored");
    }
  }

  private isStopped(): boolean {
    return this.state === 'stopped';
  }

  private connect(): void {
    if (this.isStopped() || !this.endpoint) return;
    this.state = 'connecting';
    const socket = new Socket();
    this.socket = socket;
    this.client = new ModbusTcpClient(socket, this.unitId, REQUEST_TIMEOUT_MS);
    socket.setNoDelay(true);
    socket.once('connect', () => {
      if (this.socket !== socket || this.isStopped()) return;
      this.state = 'connected';
      this.everConnected = true;
      this.statusInfo = 'Connected';
      this.reconnectDelay = RECONNECT_MS;
      if (this.unreachableLogged) this.deps.logger.info({ server: this.server.name }, 'Modbus server reachable again');
      this.unreachableLogged = false;
      this.schedulePoll(0);
    });
    socket.on('error', (error) => {
      if (this.socket !== socket || this.isStopped()) return;
      this.statusInfo = `Cannot connect to ${this.endpoint!.host}:${this.endpoint!.port}: ${error.message}`;
    });
    socket.once('close', () => {
      if (this.socket === socket) this.connectionLost();
    });
    socket.connect({ host: this.endpoint.host, port: this.endpoint.port });
  }

  /** The socket closed (or was closed for an unanswered request): every tag bad, and a new connection soon. */
  private connectionLost(): void {
    if (this.isStopped()) return;
    const wasConnected = this.state === 'connected';
    this.state = 'disconnected';
    this.socket = null;
    this.client = null;
    if (this.timer) clearTimeout(this.timer);
    if (wasConnected) this.statusInfo = 'Connection lost; reconnecting';
    if (!this.unreachableLogged) {
      this.unreachableLogged = true;
      this.deps.logger.warn(
        { server: this.server.name, endpoint: this.server.hostName },
        wasConnected ? 'Modbus connection lost; reconnecting' : 'Modbus server cannot be reached; retrying',
      );
    }
    const now = this.deps.now();
    const status = this.everConnected ? 'BadConnectionClosed' : 'BadNotConnected';
    for (const tagName of this.tags.keys()) this.deps.cache.setBad(tagName, status, now);
    this.timer = setTimeout(() => this.connect(), this.reconnectDelay);
    this.timer.unref();
    this.reconnectDelay = Math.min(MAX_RECONNECT_MS, this.reconnectDelay * 2);
  }

  private schedulePoll(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.polling = this.poll();
    }, delayMs);
    this.timer.unref();
  }

  /** One pass over every tag; the next starts pollingMs after this one started (at once if this one took longer). */
  private async poll(): Promise<void> {
    const startedAt = this.deps.now();
    const client = this.client;
    if (!client || this.state !== 'connected') return;
    try {
      await this.restoreCounters();
      if (startedAt - this.lastRefusedRetry >= RETRY_REFUSED_MS) await this.retryRefused(client);
      if (this.batchesStale) {
        this.batches = batchesOf([...this.tags.values()].filter((tag) => !this.refused.has(tag.tagName)));
        this.batchesStale = false;
      }
      await this.readBatches(client, this.batches);
      if (this.client !== client || this.state !== 'connected') return;
      await this.saveCounters(false);
    } catch (error) {
      if (this.client !== client || this.isStopped()) return;
      if (error instanceof ModbusTimeoutError && error.answered > 0) this.oneAtATime('some requests sent together were not answered');
      // No answer (a timeout) or a broken stream: the connection is not trusted any more.
      this.deps.logger.debug({ err: error, server: this.server.name }, 'Modbus read failed');
      this.statusInfo = `No answer from the server: ${(error as Error).message ?? String(error)}`;
      this.socket?.destroy();
      return;
    }
    if (this.client === client && this.state === 'connected') this.schedulePoll(Math.max(0, startedAt + this.pollingMs - this.deps.now()));
  }

  /** Refused tags are read again, each alone: one the server serves now joins the others' requests. */
  private async retryRefused(client: ModbusTcpClient): Promise<void> {
    this.lastRefusedRetry = this.deps.now();
    const singles = [...this.refused.keys()].flatMap((tagName) => {
      const tag = this.tags.get(tagName);
      return tag ? [single(tag)] : [];
    });
    const results = await this.readAll(client, singles);
    singles.forEach((batch, index) => {
      if (this.apply(batch, results[index]!)) {
        this.refused.delete(batch.tags[0]!.tagName);
        this.batchesStale = true;
      }
    });
  }

  /**
   * Reads the batches into the cache. A batch whose address the server refuses is read again tag by tag (which tag
   * it refuses is not said), the refused tags left out of the batches after.
   */
  private async readBatches(client: ModbusTcpClient, batches: readonly Batch[]): Promise<void> {
    const results = await this.readAll(client, batches);
    const singles: Batch[] = [];
    batches.forEach((batch, index) => {
      const result = results[index]!;
      if (result.exception !== undefined && batch.tags.length > 1 && ADDRESS_EXCEPTIONS.has(result.exception)) {
        singles.push(...batch.tags.map(single));
        this.batchesStale = true;
      } else {
        this.apply(batch, result);
      }
    });
    if (singles.length === 0) return;
    const answers = await this.readAll(client, singles);
    singles.forEach((batch, index) => this.apply(batch, answers[index]!));
  }

  /**
   * The requests' answers, sent together (see MAX_IN_FLIGHT). A server that answers some of them busy (exception 6)
   * is read one request at a time from then on, starting with those.
   */
  private async readAll(client: ModbusTcpClient, requests: readonly ReadRequest[]): Promise<ReadResult[]> {
    const results = await client.readMany(requests, this.maxInFlight);
    this.requests += requests.length;
    const busy = results.flatMap((result, index) => (result.exception === SERVER_BUSY ? [index] : []));
    if (busy.length > 0 && this.maxInFlight > 1) {
      this.oneAtATime('the server answered requests sent together as busy (Modbus exception 6)');
      const again = await client.readMany(
        busy.map((index) => requests[index]!),
        1,
      );
      this.requests += busy.length;
      busy.forEach((index, i) => (results[index] = again[i]!));
    }
    return results;
  }

  private oneAtATime(why: string): void {
    if (this.maxInFlight === 1) return;
    this.maxInFlight = 1;
    this.deps.logger.warn({ server: this.server.name, why }, 'Modbus server read one request at a time from now on');
  }

  /**
   * Stores a batch's answer in the cache; false when the server refused its address (its tag is then refused). Any
   * other exception is thrown: the connection is not trusted any more.
   */
  private apply(batch: Batch, result: ReadResult): boolean {
    if (result.exception !== undefined) {
      if (!ADDRESS_EXCEPTIONS.has(result.exception) || batch.tags.length !== 1)
        throw new Error(`Modbus exception ${result.exception} reading ${batch.area}:${batch.start} (${batch.count})`);
      this.refuse(batch.tags[0]!, result.exception);
      return false;
    }
    const values = result.values;
    const receivedAt = this.deps.now();
    this.lastActivity = receivedAt;
    const { cache } = this.deps;
    // Most registers read the same as a poll ago (set points, idle counters, states): a tag whose words did not move
    // and whose reading is still good only has its time moved (what storing the same value would do), without
    // decoding, unwrapping or a lookup by name. The others are decoded and stored.
    const last = batch.last;
    batch.last = undefined;
    for (const tag of batch.tags) {
      const offset = tag.address.address - batch.start;
      this.valuesReceived += 1;
      if (
        last !== undefined &&
        tag.slot !== undefined &&
        sameWords(last, values, offset, modbusWidth(tag.address)) &&
        cache.touchGood(tag.slot, tag.tagName, receivedAt)
      )
        continue;
      const decoded = decodeRegisters(tag.address, values, offset);
      const value = tag.unwrapper && typeof decoded === 'number' ? tag.unwrapper.next(decoded) : decoded;
      if (tag.slot === undefined || !cache.holds(tag.slot, tag.tagName)) tag.slot = cache.slotOf(tag.tagName);
      cache.store(tag.slot, tag.tagName, value, true, 'Good', null, receivedAt);
    }
    batch.last = values;
    return true;
  }

  private refuse(tag: ModbusTag, code: number): void {
    const problem = `Modbus exception ${code} (${EXCEPTION_TEXT[code] ?? 'refused'}) reading ${tag.tagValue}`;
    if (this.refused.get(tag.tagName) !== problem) {
      this.deps.logger.warn(
        { server: this.server.name, tag: tag.tagName, tagValue: tag.tagValue, code },
        'Modbus address refused by the server',
      );
    }
    if (!this.refused.has(tag.tagName)) this.batchesStale = true;
    this.refused.set(tag.tagName, problem);
    this.deps.cache.setBad(tag.tagName, 'BadNodeIdUnknown', this.deps.now());
  }
}
