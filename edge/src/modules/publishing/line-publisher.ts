import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { liveLineFigures } from '../line-overview/line-overview.service';
import { lineSectors, lineStateSignatures, publishingSettings } from './publishing.repository';

/**
 * The edge publishing its lines to the plant's MQTT broker (issue 30), for SCADA, historians and the plant's own
 * dashboards to subscribe to instead of polling the REST API. Configured in the General parameters; off unless
 * mqttPublishEnabled and a broker URL are set. Topics, ISA-95 style, each retained (a subscriber gets the current
 * value at once):
 *   <prefix>/<plant>/edge/status                    'online' (birth, at each connection) / 'offline' (the last will,
 *                                                   published by the broker when the edge dies or loses the
 *                                                   connection; and by the edge itself when it stops cleanly)
 *   <prefix>/<plant>/<sector>/<line>/beacon         green | red | amber | white
 *   …/running                                       true | false | null
 *   …/stop                                          the open stop as JSON ({stopID, startDate, durationMinutes,
 *                                                   reasonID, reason, recognized}) or null
 *   …/stop/reason                                   the open stop's reason ('' while none)
 *   …/shift/{oee,utilization,throughput,acceptance} the current shift's indicators, ratios 0..1 (null: undefined)
 *   …/shift/{units,discards}                        the shift's units made and discarded
 *   …/order/{order,oee,utilization,throughput,acceptance,units,discards}  the Ready order's (null: no order)
 *   …/state                                         all the above in one JSON document, with the time published
 * prefix: mqttPublishPrefix (blank: 'oee'); plant: plantName (blank: 'plant'); sector and line: their names (the
 * line's description), with '/', '+', '#' made '_'. A line is published at once when its state changes (running, the
 * open stop or its reason, a maintenance call: looked at every CHECK_MS) and every line at least every
 * oeeCalculationRefresh seconds, and all of them again at each (re)connection (a broker without persistence forgot
 * them). The settings are read once at the start and again when told they may have changed (`settingsChanged`: the
 * Plant's `configurationChanged`, which the General parameters emit after a write), never by the periodic check, which
 * runs only while publishing is on.
 */

const CHECK_MS = 1_000;

type Settings = NonNullable<Awaited<ReturnType<typeof publishingSettings>>>;
type Figures = Awaited<ReturnType<typeof liveLineFigures>>[number];

/** A topic level from a name: no separators or wildcards, never empty. */
export function topicLevel(name: string | null | undefined, fallback: string): string {
  const level = (name ?? '').trim().replace(/[/+#\0]/g, '_');
  return level === '' ? fallback : level;
}

/** The messages of one line (topic below the line's level → payload). */
export function lineMessages(figures: Figures, publishedAt: string): [string, string][] {
  const { card, inputs } = figures;
  const stop = card.stopData
    ? {
        stopID: card.stopData.stopID,
        startDate: card.stopData.startDate,
        durationMinutes: card.stopData.duration,
        reasonID: card.stopData.reasonID,
        reason: card.stopData.reason ?? null,
        recognized: card.stopData.recognized,
      }
    : null;
  const shift = {
    oee: card.shiftData.oee,
    utilization: card.shiftData.utilization,
    throughput: card.shiftData.throughput,
    acceptance: card.shiftData.acceptance,
    units: inputs.unitsProduced,
    discards: inputs.unitsDiscarded,
  };
  const order = card.orderData
    ? {
        order: card.orderData.order,
        oee: card.orderData.oee,
        utilization: card.orderData.utilization,
        throughput: card.orderData.throughput,
        acceptance: card.orderData.acceptance,
        units: card.orderData.productionQuantity,
        discards: card.orderData.discardQuantity,
      }
    : null;
  const text = (value: unknown) =>
    value === null || value === undefined ? 'null' : typeof value === 'string' ? value : JSON.stringify(value);
  return [
    ['beacon', card.beacon],
    ['running', text(card.running)],
    ['stop', JSON.stringify(stop)],
    ['stop/reason', stop?.reason ?? ''],
    ...Object.entries(shift).map(([name, value]): [string, string] => [`shift/${name}`, text(value)]),
    ...(['order', 'oee', 'utilization', 'throughput', 'acceptance', 'units', 'discards'] as const).map((name): [string, string] => [
      `order/${name}`,
      text(order?.[name] ?? null),
    ]),
    [
      'state',
      JSON.stringify({
        lineID: card.lineID,
        description: card.description,
        beacon: card.beacon,
        running: card.running,
        stop,
        shift,
        order,
        publishedAt,
      }),
    ],
  ];
}

export interface LinePublisherDeps {
  db: Database;
  logger: Logger;
  now: () => number;
  timeZone: string;
}

export class LinePublisher {
  private client: MqttClient | null = null;
  /** The settings the client was made with (JSON), '' when not publishing. */
  private appliedKey = '';
  private settings: Settings | null = null;
  /** Whether the settings must be read (again) at the next pass. */
  private settingsStale = true;
  private signatures = new Map<number, string>();
  private lastFullAt = 0;
  private connected = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Messages published (tests, diagnostics). */
  published = 0;

  constructor(private readonly deps: LinePublisherDeps) {}

  /** Reads the settings; the check every CHECK_MS runs only while publishing is on. */
  start(): void {
    void this.runNow();
  }

  /** The General parameters may have changed: read again at once. */
  settingsChanged(): void {
    this.settingsStale = true;
    void this.runNow();
  }

  /** One pass (after the one in progress): settings when changed, then what changed or is due. */
  runNow(): Promise<void> {
    this.running = this.running
      .then(() => this.pass())
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'MQTT publishing pass failed'));
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.disconnect();
  }

  private statusTopic(settings: Settings): string {
    return `${this.prefixOf(settings)}/edge/status`;
  }

  private prefixOf(settings: Settings): string {
    const prefix = (settings.mqttPublishPrefix ?? '').trim().replace(/^\/+|\/+$/g, '') || 'oee';
    return `${prefix}/${topicLevel(settings.plantName, 'plant')}`;
  }

  private async pass(): Promise<void> {
    if (this.stopped) return;
    if (this.settingsStale) await this.applySettings();
    const wanted = this.settings;
    if (!wanted || !this.connected) return;
    const now = this.deps.now();
    const signatures = await lineStateSignatures(this.deps.db);
    const due = now - this.lastFullAt >= Math.max(1, wanted.oeeCalculationRefresh ?? 10) * 1_000;
    const changed = [...signatures].filter(([lineID, signature]) => this.signatures.get(lineID) !== signature).map(([lineID]) => lineID);
    if (!due && changed.length === 0) return;
    await this.publishLines(wanted, due ? undefined : changed);
    this.signatures = signatures;
    if (due) this.lastFullAt = now;
  }

  /** Reads the settings and (re)connects when the broker or the topics' names changed, disconnects when turned off. */
  private async applySettings(): Promise<void> {
    // Cleared before the read: a change told meanwhile is read at the next pass.
    this.settingsStale = false;
    let settings: Awaited<ReturnType<typeof publishingSettings>>;
    try {
      settings = await publishingSettings(this.deps.db);
    } catch (error) {
      // Read again in a moment (no periodic check may be running to do it).
      this.settingsStale = true;
      if (!this.stopped) setTimeout(() => void this.runNow(), CHECK_MS).unref();
      throw error;
    }
    const wanted = settings?.mqttPublishEnabled === 1 && settings.mqttPublishUrl ? settings : null;
    const key = wanted
      ? JSON.stringify([
          wanted.mqttPublishUrl,
          wanted.mqttPublishClientId,
          wanted.mqttPublishUserName,
          wanted.mqttPublishPassword,
          this.prefixOf(wanted),
        ])
      : '';
    if (key !== this.appliedKey) {
      await this.disconnect();
      this.appliedKey = key;
      if (wanted) this.connect(wanted);
    }
    this.settings = wanted;
    if (wanted && !this.timer && !this.stopped) {
      this.timer = setInterval(() => this.runNow(), CHECK_MS);
      this.timer.unref();
    } else if (!wanted && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private async publishLines(settings: Settings, lineIDs: readonly number[] | undefined): Promise<void> {
    const client = this.client;
    if (!client) return;
    const names = new Map((await lineSectors(this.deps.db)).map((line) => [line.lineID, line]));
    const figures = await liveLineFigures(this.deps.db, lineIDs, { nowMs: this.deps.now(), timeZone: this.deps.timeZone }, 'en');
    const publishedAt = new Date(this.deps.now()).toISOString();
    const prefix = this.prefixOf(settings);
    const sends: Promise<unknown>[] = [];
    for (const line of figures) {
      const name = names.get(line.card.lineID);
      const base = `${prefix}/${topicLevel(name?.sectorName, `sector${line.card.sectorID}`)}/${topicLevel(name?.description, `line${line.card.lineID}`)}`;
      for (const [topic, payload] of lineMessages(line, publishedAt)) {
        sends.push(client.publishAsync(`${base}/${topic}`, payload, { qos: 0, retain: true }));
        this.published += 1;
      }
    }
    await Promise.all(sends);
  }

  private connect(settings: Settings): void {
    const statusTopic = this.statusTopic(settings);
    const options: IClientOptions = {
      clientId: settings.mqttPublishClientId || `oee-edge-publisher-${process.pid}`,
      username: settings.mqttPublishUserName ?? undefined,
      password: settings.mqttPublishUserName ? (settings.mqttPublishPassword ?? undefined) : undefined,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
      keepalive: 10,
      // The broker publishes this when the edge is gone without a word (a crash, a cut cable, a missed keep-alive).
      will: { topic: statusTopic, payload: Buffer.from('offline'), qos: 1, retain: true },
    };
    const client = connect(settings.mqttPublishUrl!, options);
    this.client = client;
    client.on('connect', () => {
      if (this.client !== client) return;
      this.connected = true;
      this.deps.logger.info({ broker: settings.mqttPublishUrl }, 'MQTT publishing connected');
      // The birth, and every line again: a broker restarted without persistence has forgotten the retained values.
      client.publish(statusTopic, 'online', { qos: 1, retain: true });
      this.lastFullAt = 0;
      this.signatures.clear();
      void this.runNow();
    });
    client.on('close', () => {
      if (this.client === client) this.connected = false;
    });
    client.on('error', (error) => this.deps.logger.warn({ err: error, broker: settings.mqttPublishUrl }, 'MQTT publishing: broker error'));
  }

  /** A clean end: the edge says it is offline itself (the broker does not publish the will on a clean disconnect). */
  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (!client) return;
    if (client.connected && this.settings)
      await client.publishAsync(this.statusTopic(this.settings), 'offline', { qos: 1, retain: true }).catch(() => undefined);
    await client.endAsync().catch(() => undefined);
  }
}
