/**
 * What a tag of a Modbus TCP or MQTT server reads, written in its tagValue as the NodeId is for an OPC UA server (one
 * text the tags grid shows and edits, checked by the API and parsed again by the acquisition).
 *
 * Modbus: `<area>:<address>[.<bit>][:<type>][:<word order>][:counter][*<scale>]`
 *   area        coil | di (discrete input) | hr (holding register) | ir (input register)
 *   address     the protocol's zero-based address, 0..65535
 *   .bit        bit 0..15 of a register (hr, ir): a boolean
 *   type        bool (coil, di: the only one) | int16 | uint16 (the default of registers) | int32 | uint32 | float32
 *   word order  of the 32-bit types: ABCD (high word first, the default), CDAB (words swapped), BADC (bytes swapped
 *               in each word), DCBA (little-endian)
 *   counter     an unsigned counter that wraps (at 65,536 or 2^32): read as an absolute count that keeps growing
 *   *scale      the value is multiplied by it (*0.1)
 *   e.g. `hr:100:uint32:CDAB:counter`, `coil:5`, `hr:7.3`, `ir:20:int16*0.1`.
 *
 * MQTT: `<topic>` (the payload is the value: a number, true/false, else text), `<topic>|<json path>[|<time path>]`
 * (a field of a JSON payload, `$.value` or `$.machine.state[0]`, with the time the source stamped from another field:
 * epoch ms or ISO 8601), or a Sparkplug B metric, `spBv1.0/<group>/<edge node>[/<device>]|<metric name>`.
 */

export const MODBUS_AREAS = ['coil', 'di', 'hr', 'ir'] as const;
export type ModbusArea = (typeof MODBUS_AREAS)[number];
export const MODBUS_TYPES = ['bool', 'int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
export type ModbusType = (typeof MODBUS_TYPES)[number];
export const WORD_ORDERS = ['ABCD', 'CDAB', 'BADC', 'DCBA'] as const;
export type WordOrder = (typeof WORD_ORDERS)[number];

export interface ModbusAddress {
  area: ModbusArea;
  address: number;
  /** Bit of a register (its type is then bool), or null. */
  bit: number | null;
  type: ModbusType;
  order: WordOrder;
  counter: boolean;
  scale: number;
}

/** How many 16-bit registers (or bits, for coils and discrete inputs) a tag spans. */
export function modbusWidth(address: ModbusAddress): number {
  return address.type === 'int32' || address.type === 'uint32' || address.type === 'float32' ? 2 : 1;
}

const MODBUS_PATTERN = /^(coil|di|hr|ir):(\d{1,5})(?:\.(\d{1,2}))?((?::[A-Za-z0-9]+)*)(?:\*(-?\d+(?:\.\d+)?(?:e-?\d+)?))?$/i;

/** The Modbus address a tagValue names, or null when it is not one. */
export function parseModbusAddress(text: string): ModbusAddress | null {
  const match = MODBUS_PATTERN.exec(text.trim());
  if (!match) return null;
  const area = match[1]!.toLowerCase() as ModbusArea;
  const address = Number(match[2]);
  const bit = match[3] === undefined ? null : Number(match[3]);
  if (address > 0xffff || (bit !== null && (bit > 15 || area === 'coil' || area === 'di'))) return null;
  const bitArea = area === 'coil' || area === 'di';
  let type: ModbusType | null = null;
  let order: WordOrder | null = null;
  let counter = false;
  for (const part of (match[4] ?? '').split(':').slice(1)) {
    const lower = part.toLowerCase();
    if ((MODBUS_TYPES as readonly string[]).includes(lower) && type === null) type = lower as ModbusType;
    else if ((WORD_ORDERS as readonly string[]).includes(part.toUpperCase()) && order === null) order = part.toUpperCase() as WordOrder;
    else if (lower === 'counter' && !counter) counter = true;
    else return null;
  }
  type ??= bitArea || bit !== null ? 'bool' : 'uint16';
  if ((bitArea || bit !== null) !== (type === 'bool')) return null;
  const wide = type === 'int32' || type === 'uint32' || type === 'float32';
  if (order !== null && !wide) return null;
  if (counter && type !== 'uint16' && type !== 'uint32') return null;
  if (address + (wide ? 1 : 0) > 0xffff) return null;
  const scale = match[5] === undefined ? 1 : Number(match[5]);
  if (!Number.isFinite(scale) || scale === 0 || (scale !== 1 && type === 'bool')) return null;
  return { area, address, bit, type, order: order ?? 'ABCD', counter, scale };
}

/**
 * The value of a tag from the registers read at its address (`words`: 16-bit values, as many as `modbusWidth`). A
 * counter is returned raw here: unwrapping it needs the tag's history (see CounterUnwrapper).
 */
export function decodeRegisters(address: ModbusAddress, words: ArrayLike<number>, offset = 0): number | boolean {
  const first = words[offset] ?? 0;
  if (address.bit !== null) return ((first >> address.bit) & 1) === 1;
  let raw: number;
  switch (address.type) {
    case 'bool':
      return first !== 0;
    case 'int16':
      raw = first >= 0x8000 ? first - 0x10000 : first;
      break;
    case 'uint16':
      raw = first;
      break;
    default: {
      const second = words[offset + 1] ?? 0;
      // The four bytes in the order the PLC sent them (A B C D = word 1 high, low, word 2 high, low), rearranged so
      // they read big-endian. One shared scratch view: nothing allocated per value (this runs for every register read).
      const sources = BYTE_SOURCES[address.order];
      for (let i = 0; i < 4; i += 1) {
        const from = sources[i]!;
        const word = from < 2 ? first : second;
        scratch.setUint8(i, from % 2 === 0 ? word >> 8 : word & 0xff);
      }
      raw = address.type === 'int32' ? scratch.getInt32(0) : address.type === 'uint32' ? scratch.getUint32(0) : scratch.getFloat32(0);
    }
  }
  return address.scale === 1 ? raw : raw * address.scale;
}

const scratch = new DataView(new ArrayBuffer(4));
/** Per word order, which of A B C D each big-endian byte is. */
const BYTE_SOURCES: Record<WordOrder, readonly number[]> = {
  ABCD: [0, 1, 2, 3],
  CDAB: [2, 3, 0, 1],
  BADC: [1, 0, 3, 2],
  DCBA: [3, 2, 1, 0],
};

/** The registers a PLC holds for a value, in the given type and word order (the simulator's side of decodeRegisters). */
export function encodeRegisters(type: Exclude<ModbusType, 'bool'>, order: WordOrder, value: number): number[] {
  if (type === 'int16' || type === 'uint16') return [Math.trunc(value) & 0xffff];
  const buffer = Buffer.alloc(4);
  if (type === 'float32') buffer.writeFloatBE(value, 0);
  else buffer.writeUInt32BE(Math.trunc(value) >>> 0, 0);
  const [a, b, c, d] = [buffer[0]!, buffer[1]!, buffer[2]!, buffer[3]!];
  const bytes = { ABCD: [a, b, c, d], CDAB: [c, d, a, b], BADC: [b, a, d, c], DCBA: [d, c, b, a] }[order];
  return [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!];
}

/**
 * A PLC counter of 16 or 32 bits wraps to 0 after 65,535 or 2^32 - 1. The engine takes a counter that goes down as a
 * reset (it counts only what came after), so a wrap would lose the units that made it. A counter tag is therefore read
 * as an absolute count: a step down that, taken modulo the counter's range, is a step forward of less than a quarter
 * of the range is a wrap, and the range is added; any other step down is a real reset and is passed on as it is.
 */
export class CounterUnwrapper {
  private last: number | null;
  private offset: number;

  /** `from`: the state a previous run left (kept through restarts), so a wrap made meanwhile is still one. */
  constructor(
    private readonly range: number,
    from: CounterState | null = null,
  ) {
    this.last = from?.lastRaw ?? null;
    this.offset = from?.wrapOffset ?? 0;
  }

  /** The last raw reading (null before the first) and the count the wraps add. */
  state(): { lastRaw: number | null; wrapOffset: number } {
    return { lastRaw: this.last, wrapOffset: this.offset };
  }

  next(raw: number): number {
    if (this.last !== null && raw < this.last) {
      const forward = raw + this.range - this.last;
      if (forward < this.range / 4) this.offset += this.range;
      else this.offset = 0;
    }
    this.last = raw;
    return raw + this.offset;
  }
}

export interface CounterState {
  lastRaw: number;
  wrapOffset: number;
}

export type MqttAddress =
  | { kind: 'plain'; topic: string }
  | { kind: 'json'; topic: string; path: JsonPath; timePath: JsonPath | null }
  | { kind: 'sparkplug'; group: string; node: string; device: string | null; metric: string };

/** A JSON path `$.a.b[0]` as its steps. */
export type JsonPath = (string | number)[];

const SPARKPLUG_PREFIX = 'spBv1.0/';

/** A JSON path (`$`, `$.a`, `$.a.b[2]`, `$['a b']`) as its steps, or null. */
export function parseJsonPath(text: string): JsonPath | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('$')) return null;
  const steps: JsonPath = [];
  const step = /\.([A-Za-z_][\w-]*)|\[(\d+)\]|\['([^']*)'\]/y;
  step.lastIndex = 1;
  while (step.lastIndex < trimmed.length) {
    const match = step.exec(trimmed);
    if (!match) return null;
    steps.push(match[1] ?? (match[2] !== undefined ? Number(match[2]) : match[3]!));
  }
  return steps;
}

export function readJsonPath(document: unknown, path: JsonPath): unknown {
  let current = document;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** An MQTT topic a client may subscribe to and receive on (no wildcards: a tag reads one topic). */
function isTopicName(topic: string): boolean {
  return topic.length > 0 && topic.length <= 65_535 && !/[+#\0]/.test(topic);
}

/** The MQTT source a tagValue names, or null when it is not one. */
export function parseMqttAddress(text: string): MqttAddress | null {
  const [topic = '', ...paths] = text.split('|');
  if (topic.startsWith(SPARKPLUG_PREFIX)) {
    const ids = topic.slice(SPARKPLUG_PREFIX.length).split('/');
    const metric = paths.join('|');
    if (ids.length < 2 || ids.length > 3 || ids.some((id) => id === '' || /[+#\0]/.test(id)) || metric === '') return null;
    return { kind: 'sparkplug', group: ids[0]!, node: ids[1]!, device: ids[2] ?? null, metric };
  }
  if (!isTopicName(topic) || paths.length > 2) return null;
  if (paths.length === 0) return { kind: 'plain', topic };
  const path = parseJsonPath(paths[0]!);
  const timePath = paths[1] === undefined ? null : parseJsonPath(paths[1]);
  if (!path || (paths[1] !== undefined && !timePath)) return null;
  return { kind: 'json', topic, path, timePath };
}

/** The value of a plain payload: a number, true/false, else the text. */
export function plainPayloadValue(text: string): number | boolean | string {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/** A JSON field as a tag value: numbers, booleans and strings as they are; anything else is no value (undefined). */
export function jsonFieldValue(value: unknown): number | boolean | string | undefined {
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' ? value : undefined;
}

/** A time field: epoch milliseconds, or ISO 8601 text; null when absent or not a time. */
export function jsonTimeValue(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** A Modbus TCP endpoint, `host:port` or `modbus://host[:port]` (port 502 by default). */
export function parseModbusEndpoint(text: string): { host: string; port: number } | null {
  const match = /^(?:modbus(?:\+tcp)?:\/\/)?(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?\/?$/.exec(text.trim());
  if (!match) return null;
  const port = match[2] === undefined ? 502 : Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

/** An MQTT broker URL the edge can connect to: mqtt://, mqtts://, ws:// or wss://, with a host. */
export function isBrokerUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return ['mqtt:', 'mqtts:', 'ws:', 'wss:'].includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The tagValue of a Modbus address: parseModbusAddress(formatModbusAddress(a)) is `a`; defaults are left out. */
export function formatModbusAddress(address: ModbusAddress): string {
  const bitArea = address.area === 'coil' || address.area === 'di';
  const defaultType = bitArea || address.bit !== null ? 'bool' : 'uint16';
  const wide = address.type === 'int32' || address.type === 'uint32' || address.type === 'float32';
  return [
    `${address.area}:${address.address}`,
    address.bit === null ? '' : `.${address.bit}`,
    address.type === defaultType ? '' : `:${address.type}`,
    wide && address.order !== 'ABCD' ? `:${address.order}` : '',
    address.counter ? ':counter' : '',
    address.scale === 1 ? '' : `*${address.scale}`,
  ].join('');
}

/**
 * An MQTT tagValue taken apart as the configuration form edits it: texts, each possibly incomplete while typed (the
 * form shows parseMqttAddress's verdict on the whole). formatMqttAddress puts them back.
 */
export interface MqttAddressParts {
  kind: MqttAddress['kind'];
  topic: string;
  path: string;
  timePath: string;
  group: string;
  node: string;
  device: string;
  metric: string;
}

export function mqttAddressParts(text: string): MqttAddressParts {
  const [topic = '', ...paths] = text.split('|');
  const parts: MqttAddressParts = { kind: 'plain', topic, path: '', timePath: '', group: '', node: '', device: '', metric: '' };
  if (topic.startsWith(SPARKPLUG_PREFIX)) {
    const [group = '', node = '', device = ''] = topic.slice(SPARKPLUG_PREFIX.length).split('/');
    return { ...parts, kind: 'sparkplug', topic: '', group, node, device, metric: paths.join('|') };
  }
  if (paths.length === 0) return parts;
  return { ...parts, kind: 'json', path: paths[0] ?? '', timePath: paths[1] ?? '' };
}

export function formatMqttAddress(parts: MqttAddressParts): string {
  switch (parts.kind) {
    case 'plain':
      return parts.topic;
    case 'json':
      return [parts.topic, parts.path || '$', ...(parts.timePath ? [parts.timePath] : [])].join('|');
    case 'sparkplug':
      return `${SPARKPLUG_PREFIX}${[parts.group, parts.node, ...(parts.device ? [parts.device] : [])].join('/')}|${parts.metric}`;
  }
}
