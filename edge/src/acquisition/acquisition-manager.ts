import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { toPlantIso } from '../domain/time-zone';
import {
  type AcquisitionConfig,
  acquisitionConfigVersion,
  loadAcquisitionConfig,
  loadCounterStates,
  saveCounterStates,
} from './acquisition.repository';
import { DiagnosticsLog } from './diagnostics-log';
import type { OpcPki } from './opc-pki';
import type * as OpcUaParts from './opcua-parts';
import { LineEvaluator, type LineSampleSink } from '../modules/engine';
import { ModbusConnection } from './modbus-connection';
import { MqttConnection } from './mqtt-connection';
import { TagCache, WAITING_STATUS } from './tag-cache';
import { ApiServerSource, type TagSource, UnsupportedServerSource } from './tag-sources';
import type { OpcServerStatus, UaServerConnection } from './ua-server-connection';

type OpcUa = { parts: typeof OpcUaParts; pki: OpcPki };

/**
 * The live side of the edge: one tag source per configured server (an OPC UA connection, an HTTP-pushed API
 * server, or an unsupported DA server that says so), one tag cache, one line evaluator feeding the OEE engine.
 *
 * Configuration changes (servers, tags, line scripts, the calculation period) take effect without a restart. The
 * configuration is loaded and compared with what runs:
 * - at once (debounced) when a module that writes it emits `configurationChanged` on the Plant after its write;
 * - and when the database's configuration version has moved, looked at every CONFIG_POLL_MS: triggers move it at
 *   every write to what the acquisition reads, so a change made any other way (another tool on the database, a
 *   module that does not emit) is picked up within seconds. Looking is one single-row read; loading is a few
 *   SELECTs (5,000 tags: several ms in a busy edge), done only then. Nothing restarts unless it changed.
 * A server is only reconnected when its type or endpoint changes; tag changes are applied on the live session.
 */

export const CONFIG_POLL_MS = 5_000;
const RELOAD_DEBOUNCE_MS = 100;

export interface AcquisitionDeps {
  db: Database;
  sink: LineSampleSink;
  logger: Logger;
  now: () => number;
  /** Folder of the OPC UA client's certificates (created on first use). */
  pkiDir: string;
}

export interface ConfiguredTag {
  tagName: string;
  tagType: string;
  tagValue: string;
  opcServerID: number;
}

/** SPEC.md "OPC tag status" of one configured tag, as the acquisition sees it now. */
export interface TagStatus {
  tagName: string;
  /** The tag's node (its tagValue as configured). */
  url: string;
  goodQuality: boolean;
  /** The last value (kept when the quality went bad). */
  data: boolean | number | string | null;
  /** The status code name ("Good", "BadNodeIdUnknown", …). */
  status: string;
  /** When the value changed at its source (epoch ms), null before the first reading. */
  sourceTime: number | null;
  /** What is wrong beyond the quality: the server sends another data type than configured. */
  problem: string | null;
}

/** A tag status as the API writes it: the source time in the plant's ISO 8601 form. */
export function tagStatusForApi(status: TagStatus, timeZone: string) {
  return { ...status, sourceTime: status.sourceTime === null ? null : toPlantIso(status.sourceTime, timeZone) };
}

interface RunningSource {
  source: TagSource;
  /** What, when changed, needs a new source (type, endpoint, enabled). */
  identity: string;
}

export class AcquisitionManager {
  readonly cache = new TagCache();
  readonly diagnostics = new DiagnosticsLog();
  readonly evaluator: LineEvaluator;
  private readonly sources = new Map<number, RunningSource>();
  private tags = new Map<string, ConfiguredTag>();
  /** Where each tag's value comes from (server type, endpoint, node id): see `tagOrigin`. */
  private origins = new Map<string, string>();
  private appliedTags = '';
  private appliedLines = '';
  private appliedRefresh = 0;
  /** The configuration version of the last load (null before it). */
  private loadedVersion: number | null = null;
  /** node-opcua's side, with the client's certificates (`<dataDir>/pki`): loaded when first needed (opcua-parts.ts). */
  private opcua: Promise<OpcUa> | null = null;
  private opcuaLoaded: OpcUa | null = null;
  private reloading: Promise<void> = Promise.resolve();
  private reloadTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: AcquisitionDeps) {
    this.evaluator = new LineEvaluator(this.cache, deps.sink, { logger: deps.logger, now: deps.now, diagnostics: this.diagnostics });
  }

  async start(): Promise<void> {
    await this.reload();
    this.pollTimer = setInterval(() => void this.reloadIfMoved(), CONFIG_POLL_MS);
    this.pollTimer.unref();
  }

  /** Asks for the configuration to be compared again soon (several requests in a row make one reload). */
  requestReload(delayMs = RELOAD_DEBOUNCE_MS): void {
    if (this.stopped || this.reloadTimer) return;
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      void this.reload();
    }, delayMs);
    this.reloadTimer.unref();
  }

  /** Loads the configuration and applies the differences; reloads run one at a time. */
  reload(): Promise<void> {
    return this.serially(async () => {
      // Read before loading: a change committed while loading moves it again, and the next look reloads.
      const version = await acquisitionConfigVersion(this.deps.db);
      const config = await loadAcquisitionConfig(this.deps.db);
      if (config.servers.some((server) => server.enabled && server.serverType === 'UA')) await this.loadOpcUa();
      this.apply(config);
      this.loadedVersion = version;
    });
  }

  private reloadIfMoved(): Promise<void> {
    return this.serially(async () => {
      if ((await acquisitionConfigVersion(this.deps.db)) !== this.loadedVersion) this.requestReload(0);
    });
  }

  private serially(work: () => Promise<void>): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      if (this.stopped) return;
      try {
        await work();
      } catch (error) {
        if (!this.stopped) this.deps.logger.error({ err: error }, 'Loading the acquisition configuration failed');
      }
    });
    return this.reloading;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reloadTimer) clearTimeout(this.reloadTimer);
    if (this.pollTimer) clearInterval(this.pollTimer);
    await this.reloading;
    await this.evaluator.stop();
    await Promise.all([...this.sources.values()].map(({ source }) => source.stop()));
    this.sources.clear();
    // A load still under way when the edge stops is waited for, so its certificate manager is disposed too.
    await (await this.opcua?.catch(() => null))?.pki.dispose();
  }

  /**
   * The client's certificates (`<dataDir>/pki`): its own, created the first time it is asked for (by the OPC servers
   * tab, so that IT can trust it before any server is configured, or by the first secured connection), and the
   * servers' it trusts or not.
   */
  async pki(): Promise<OpcPki> {
    return (await this.loadOpcUa()).pki;
  }

  private loadOpcUa(): Promise<OpcUa> {
    this.opcua ??= import('./opcua-parts').then(async (parts) => {
      parts.routeOpcuaLogs(this.deps.logger);
      const pki = new parts.OpcPki(this.deps.pkiDir);
      // Before any client exists: node-opcua's client would otherwise make a certificate of its own in the same place.
      await pki
        .initialize()
        .catch((error: unknown) => this.deps.logger.error({ err: error }, 'The OPC UA client certificate cannot be created'));
      this.opcuaLoaded = { parts, pki };
      return this.opcuaLoaded;
    });
    return this.opcua;
  }

  /** The OPC UA connections among the sources. */
  private uaConnections(): UaServerConnection[] {
    const connection = this.opcuaLoaded?.parts.UaServerConnection;
    return connection ? [...this.sources.values()].flatMap(({ source }) => (source instanceof connection ? [source] : [])) : [];
  }

  /** After a server certificate is trusted: servers waiting on one try again now, not at their next retry. */
  retryUntrusted(): void {
    for (const connection of this.uaConnections()) connection.retryIfUntrusted();
  }

  serverStatuses(): OpcServerStatus[] {
    return [...this.sources.values()].map(({ source }) => source.status()).sort((a, b) => a.opcServerID - b.opcServerID);
  }

  tag(tagName: string): ConfiguredTag | undefined {
    return this.tags.get(tagName);
  }

  tagNames(): ReadonlySet<string> {
    return new Set(this.tags.keys());
  }

  /** What is wrong with a tag beyond its quality (a data type other than configured), or null. */
  tagProblem(tagName: string): string | null {
    const tag = this.tags.get(tagName);
    return (tag && this.sources.get(tag.opcServerID)?.source.tagProblem?.(tagName)) ?? null;
  }

  /** The quality and value of a tag (a name not configured reads as not connected). */
  tagStatus(tagName: string): TagStatus {
    const reading = this.cache.reading(tagName);
    const value = reading?.value ?? null;
    return {
      tagName,
      url: this.tags.get(tagName)?.tagValue ?? '',
      goodQuality: reading?.good ?? false,
      data: typeof value === 'bigint' ? Number(value) : value,
      status: reading?.status ?? 'BadNotConnected',
      sourceTime: reading?.time ?? null,
      problem: this.tagProblem(tagName),
    };
  }

  /** The configured tags of a server, by name. */
  tagsOfServer(opcServerID: number): string[] {
    return [...this.tags.values()]
      .filter((tag) => tag.opcServerID === opcServerID)
      .map((tag) => tag.tagName)
      .sort((a, b) => a.localeCompare(b));
  }

  /** The HTTP-pushed source of an API server, if that server is configured, enabled and of type API. */
  apiSource(opcServerID: number): ApiServerSource | null {
    const source = this.sources.get(opcServerID)?.source;
    return source instanceof ApiServerSource ? source : null;
  }

  apiSources(): ApiServerSource[] {
    return [...this.sources.values()].map(({ source }) => source).filter((source) => source instanceof ApiServerSource);
  }

  private apply(config: AcquisitionConfig): void {
    const tagsByServer = new Map<number, Map<string, string>>();
    const tags = new Map<string, ConfiguredTag>();
    const origins = new Map<string, string>();
    const servers = new Map(config.servers.map((server) => [server.opcServerID, server]));
    for (const tag of config.tags) {
      tags.set(tag.tagName, tag);
      origins.set(tag.tagName, tagOrigin(tag, servers.get(tag.opcServerID)));
      const serverTags = tagsByServer.get(tag.opcServerID) ?? new Map<string, string>();
      serverTags.set(tag.tagName, tag.tagValue);
      tagsByServer.set(tag.opcServerID, serverTags);
    }
    const tagsSignature = JSON.stringify(config.tags);
    const serversChanged = this.applyServers(config, tagsByServer, tagsSignature !== this.appliedTags);
    this.tags = tags;
    for (const tagName of [...this.cache.tagNames()]) if (!tags.has(tagName)) this.cache.delete(tagName);
    const now = this.deps.now();
    // A tag that reads another node (or server) now: its value so far was another node's, never to be compared with
    // the new one. It waits for its first reading from the new node.
    for (const [tagName, origin] of origins) {
      const previous = this.origins.get(tagName);
      if (previous !== undefined && previous !== origin) this.cache.clear(tagName, WAITING_STATUS, now);
    }
    this.origins = origins;
    // Tags of a server that is disabled or missing: bad, so the lines reading them are not taken as running.
    for (const tag of config.tags) if (!this.sources.has(tag.opcServerID)) this.cache.setBad(tag.tagName, 'BadOutOfService', now);

    const linesSignature = JSON.stringify(config.lines);
    if (linesSignature !== this.appliedLines || tagsSignature !== this.appliedTags || serversChanged) {
      this.evaluator.setLines(config.lines, new Set(tags.keys()), (tagName) => origins.get(tagName));
      this.appliedLines = linesSignature;
      // The tags the scripts read now (the evaluator's watch) decide each OPC UA tag's subscription.
      for (const connection of this.uaConnections()) connection.scriptTagsChanged();
    }
    if (config.refreshSeconds !== this.appliedRefresh) {
      this.evaluator.setRefresh(config.refreshSeconds);
      this.appliedRefresh = config.refreshSeconds;
    }
    if (serversChanged || tagsSignature !== this.appliedTags) {
      this.deps.logger.info(
        { servers: this.sources.size, tags: tags.size, lines: config.lines.length },
        'Acquisition configuration applied',
      );
    }
    this.appliedTags = tagsSignature;
  }

  /** Starts, replaces and stops sources to match the servers; returns whether any changed. */
  private applyServers(config: AcquisitionConfig, tagsByServer: Map<number, Map<string, string>>, tagsChanged: boolean): boolean {
    let changed = false;
    const wanted = new Set<number>();
    for (const server of config.servers) {
      if (!server.enabled) continue;
      wanted.add(server.opcServerID);
      // A change of security or credentials is a new session: the connection is replaced.
      const identity = JSON.stringify([
        server.serverType,
        server.hostName,
        server.securityMode,
        server.securityPolicy,
        server.userName,
        server.password,
        server.unitId,
        server.pollingMs,
        server.clientId,
        server.caCertificate,
      ]);
      const running = this.sources.get(server.opcServerID);
      const fresh = !running || running.identity !== identity;
      let source = running?.source;
      if (fresh) {
        if (running) void running.source.stop();
        source = this.createSource(server);
        this.sources.set(server.opcServerID, { source, identity });
        changed = true;
      } else if (source instanceof ApiServerSource) {
        source.rename(server.name);
      }
      if (fresh || tagsChanged) source?.setTags(tagsByServer.get(server.opcServerID) ?? new Map());
    }
    for (const [opcServerID, running] of this.sources) {
      if (wanted.has(opcServerID)) continue;
      void running.source.stop();
      this.sources.delete(opcServerID);
      changed = true;
    }
    return changed;
  }

  private createSource(server: AcquisitionConfig['servers'][number]): TagSource {
    const { logger, now } = this.deps;
    switch (server.serverType) {
      case 'UA': {
        // Loaded by reload() before it applies a configuration with a UA server.
        const { parts, pki } = this.opcuaLoaded!;
        const connection = new parts.UaServerConnection(server, {
          cache: this.cache,
          logger,
          now,
          pki,
          tagType: (tagName) => this.tags.get(tagName)?.tagType,
          readByLine: (tagName) => this.cache.isWatched(tagName),
        });
        connection.start();
        return connection;
      }
      case 'API':
        return new ApiServerSource(server.opcServerID, server.name, this.cache, now);
      case 'Modbus':
      case 'MQTT': {
        const { db } = this.deps;
        const counters = {
          load: (sources: readonly string[]) => loadCounterStates(db, sources),
          save: (states: Parameters<typeof saveCounterStates>[1]) => saveCounterStates(db, states, now()),
        };
        const connection =
          server.serverType === 'Modbus'
            ? new ModbusConnection(server, { cache: this.cache, logger, now, counters })
            : new MqttConnection(server, { cache: this.cache, logger, now });
        connection.start();
        return connection;
      }
      default:
        logger.warn({ server: server.name }, 'OPC DA servers are not read directly; configure an OPC UA gateway as a UA server');
        return new UnsupportedServerSource(server.opcServerID, server.name, server.hostName, this.cache, now);
    }
  }
}

/** Where a tag's value comes from: a value from another origin is another quantity (another node, PLC, server). */
function tagOrigin(tag: ConfiguredTag, server: AcquisitionConfig['servers'][number] | undefined): string {
  return JSON.stringify([tag.opcServerID, server?.serverType ?? null, server?.hostName ?? null, tag.tagValue]);
}
