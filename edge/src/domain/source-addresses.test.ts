import { describe, expect, it } from 'vitest';
import {
  CounterUnwrapper,
  decodeRegisters,
  encodeRegisters,
  formatModbusAddress,
  formatMqttAddress,
  isBrokerUrl,
  mqttAddressParts,
  parseModbusAddress,
  parseModbusEndpoint,
  parseMqttAddress,
  plainPayloadValue,
  readJsonPath,
  WORD_ORDERS,
} from './source-addresses';

describe('Modbus addresses', () => {
  it('reads area, address, bit, type, word order, counter and scale, with the defaults of each area', () => {
    expect(parseModbusAddress('hr:100:uint32:CDAB:counter')).toEqual({
      area: 'hr',
      address: 100,
      bit: null,
      type: 'uint32',
      order: 'CDAB',
      counter: true,
      scale: 1,
    });
    expect(parseModbusAddress('coil:5')).toMatchObject({ area: 'coil', type: 'bool' });
    expect(parseModbusAddress('HR:7.3')).toMatchObject({ area: 'hr', bit: 3, type: 'bool' });
    expect(parseModbusAddress('ir:20:int16*0.1')).toMatchObject({ type: 'int16', scale: 0.1 });
    expect(parseModbusAddress('hr:4')).toMatchObject({ type: 'uint16', order: 'ABCD' });
  });

  it('refuses what a PLC cannot hold', () => {
    for (const text of [
      '',
      'hr',
      'xx:1',
      'hr:65536',
      'hr:65535:uint32',
      'coil:1:uint16',
      'coil:1.2',
      'hr:1.16',
      'hr:1:uint16:CDAB',
      'hr:1:int16:counter',
      'hr:1:float32:counter',
      'coil:1*2',
      'hr:1:uint16:uint16',
      'hr:1*0',
      'hr:1:foo',
    ]) {
      expect(parseModbusAddress(text), text).toBeNull();
    }
  });

  it('decodes every type in every word order as the PLC encoded it', () => {
    for (const order of WORD_ORDERS) {
      for (const value of [0, 1, 65_535, 65_536, 2 ** 32 - 1, 123_456_789]) {
        expect(decodeRegisters(parseModbusAddress(`hr:0:uint32:${order}`)!, encodeRegisters('uint32', order, value))).toBe(value);
      }
      expect(decodeRegisters(parseModbusAddress(`hr:0:int32:${order}`)!, encodeRegisters('uint32', order, -5))).toBe(-5);
      expect(decodeRegisters(parseModbusAddress(`hr:0:float32:${order}`)!, encodeRegisters('float32', order, 12.5))).toBe(12.5);
    }
    // The same two registers read four ways: 0x1234 0x5678.
    const words = [0x1234, 0x5678];
    expect(decodeRegisters(parseModbusAddress('hr:0:uint32:ABCD')!, words)).toBe(0x12345678);
    // Read in place from a batch's words, at the tag's offset.
    expect(decodeRegisters(parseModbusAddress('hr:0:uint32:ABCD')!, [7, 7, ...words], 2)).toBe(0x12345678);
    expect(decodeRegisters(parseModbusAddress('hr:0:uint32:CDAB')!, words)).toBe(0x56781234);
    expect(decodeRegisters(parseModbusAddress('hr:0:uint32:BADC')!, words)).toBe(0x34127856);
    expect(decodeRegisters(parseModbusAddress('hr:0:uint32:DCBA')!, words)).toBe(0x78563412);
    expect(decodeRegisters(parseModbusAddress('hr:0:int16')!, [0xffff])).toBe(-1);
    expect(decodeRegisters(parseModbusAddress('hr:0:int16*0.5')!, [0xfffe])).toBe(-1);
    expect(decodeRegisters(parseModbusAddress('hr:0.15')!, [0x8000])).toBe(true);
    expect(decodeRegisters(parseModbusAddress('hr:0.14')!, [0x8000])).toBe(false);
    expect(decodeRegisters(parseModbusAddress('coil:0')!, [1])).toBe(true);
  });

  it('a counter stays absolute across wraps at 65,536 and 2^32; a step down that is no wrap is a reset', () => {
    const short = new CounterUnwrapper(65_536);
    expect([65_530, 65_535, 3, 10, 65_000, 2].map((raw) => short.next(raw))).toEqual([65_530, 65_535, 65_539, 65_546, 130_536, 131_074]);
    const long = new CounterUnwrapper(2 ** 32);
    expect([2 ** 32 - 5, 4].map((raw) => long.next(raw))).toEqual([2 ** 32 - 5, 2 ** 32 + 4]);
    const reset = new CounterUnwrapper(65_536);
    expect([30_000, 0, 5].map((raw) => reset.next(raw))).toEqual([30_000, 0, 5]);
  });

  it('a counter continued from the state a previous run left counts a wrap made meanwhile once, and none twice', () => {
    const before = new CounterUnwrapper(65_536);
    [65_530, 2].forEach((raw) => before.next(raw));
    expect(before.state()).toEqual({ lastRaw: 2, wrapOffset: 65_536 });
    const after = new CounterUnwrapper(65_536, { lastRaw: 2, wrapOffset: 65_536 });
    expect(after.next(9)).toBe(65_545);
    // Stopped at 65,500: the register wrapped while nothing read it.
    const down = new CounterUnwrapper(65_536, { lastRaw: 65_500, wrapOffset: 0 });
    expect(down.next(20)).toBe(65_556);
  });

  it('endpoints: host:port or modbus://host[:port], port 502 by default', () => {
    expect(parseModbusEndpoint('10.0.0.5:1502')).toEqual({ host: '10.0.0.5', port: 1502 });
    expect(parseModbusEndpoint('modbus://plc-1')).toEqual({ host: 'plc-1', port: 502 });
    expect(parseModbusEndpoint('opc.tcp://plc:4840')).toBeNull();
    expect(parseModbusEndpoint('plc:0')).toBeNull();
  });
});

describe('MQTT addresses', () => {
  it('plain topics, JSON fields with their time, and Sparkplug B metrics', () => {
    expect(parseMqttAddress('plant/line1/running')).toEqual({ kind: 'plain', topic: 'plant/line1/running' });
    expect(parseMqttAddress("plant/line1|$.state.value[0]|$['time stamp']")).toEqual({
      kind: 'json',
      topic: 'plant/line1',
      path: ['state', 'value', 0],
      timePath: ['time stamp'],
    });
    expect(parseMqttAddress('spBv1.0/Plant/Node1/Line1|Counts/Good')).toEqual({
      kind: 'sparkplug',
      group: 'Plant',
      node: 'Node1',
      device: 'Line1',
      metric: 'Counts/Good',
    });
    expect(parseMqttAddress('spBv1.0/Plant/Node1|Running')).toMatchObject({ device: null, metric: 'Running' });
    for (const text of [
      '',
      'plant/+/running',
      'plant/#',
      'a|value',
      'a|$.x|$.y|$.z',
      'spBv1.0/Plant|m',
      'spBv1.0/Plant/Node1',
      'spBv1.0/P/N/D/E|m',
    ]) {
      expect(parseMqttAddress(text), text).toBeNull();
    }
  });

  it('payload values and JSON paths', () => {
    expect(plainPayloadValue('12.5')).toBe(12.5);
    expect(plainPayloadValue('true')).toBe(true);
    expect(plainPayloadValue('RUN')).toBe('RUN');
    expect(readJsonPath({ a: { b: [4, 5] } }, ['a', 'b', 1])).toBe(5);
    expect(readJsonPath({ a: 1 }, ['a', 'b'])).toBeUndefined();
  });

  it('broker URLs', () => {
    expect(isBrokerUrl('mqtt://broker:1883')).toBe(true);
    expect(isBrokerUrl('mqtts://broker.plant.local')).toBe(true);
    expect(isBrokerUrl('http://broker')).toBe(false);
    expect(isBrokerUrl('broker:1883')).toBe(false);
  });
});

describe('the tag value written back from its parts (the configuration form)', () => {
  it('a Modbus address formatted reads back as the same address, with its defaults left out', () => {
    for (const text of [
      'hr:100:uint32:CDAB:counter',
      'coil:5',
      'hr:7.3',
      'ir:20:int16*0.1',
      'di:0',
      'hr:0',
      'hr:8:float32',
      'ir:4:counter*2',
    ]) {
      const address = parseModbusAddress(text)!;
      expect(formatModbusAddress(address)).toBe(text);
      expect(parseModbusAddress(formatModbusAddress(address))).toEqual(address);
    }
    expect(formatModbusAddress({ area: 'hr', address: 3, bit: null, type: 'int32', order: 'ABCD', counter: false, scale: 1 })).toBe(
      'hr:3:int32',
    );
  });

  it('an MQTT tag value taken apart and put back is the same text, for plain, JSON and Sparkplug B tags', () => {
    for (const text of [
      'plant/line1/state',
      'plant/json|$.machine.value|$.ts',
      'plant/json|$.value',
      'spBv1.0/OEE/Simulator/Line1|Units',
      'spBv1.0/G/N|Node Control/Rebirth',
    ]) {
      expect(formatMqttAddress(mqttAddressParts(text))).toBe(text);
      expect(parseMqttAddress(formatMqttAddress(mqttAddressParts(text)))).not.toBeNull();
    }
    expect(mqttAddressParts('spBv1.0/OEE/Simulator/Line1|Units')).toMatchObject({
      kind: 'sparkplug',
      group: 'OEE',
      node: 'Simulator',
      device: 'Line1',
      metric: 'Units',
    });
    expect(formatMqttAddress({ ...mqttAddressParts('a/b'), kind: 'json' })).toBe('a/b|$');
  });
});
