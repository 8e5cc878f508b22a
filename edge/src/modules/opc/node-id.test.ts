import { describe, expect, it } from 'vitest';
import { isUaEndpointUrl, isUaNodeId } from './node-id';

describe('OPC UA NodeId string form', () => {
  it.each([
    'ns=2;s=Line1.Counter',
    'ns=3;i=1001',
    'nsu=urn:plc:line1;s=Running',
    'i=2258',
    's=Tag with spaces',
    'ns=1;g=09087e75-8e5e-499b-954f-f2a9603db28a',
    'ns=1;b=M/RbKBsRVkePCePcx24oRA==',
  ])('accepts %s', (text) => expect(isUaNodeId(text)).toBe(true));

  it.each([
    '',
    'Line1.Counter',
    'ns=2;x=1',
    'ns=2;s=',
    'ns=a;s=x',
    'ns=2;i=abc',
    'ns=2;i=4294967296',
    'ns=70000;i=1',
    'nsu=;s=x',
    'ns=2;',
    'opc.tcp://host:4840',
  ])('refuses %j', (text) => expect(isUaNodeId(text)).toBe(false));
});

describe('OPC UA endpoint URL', () => {
  it.each(['opc.tcp://plc1:4840', 'opc.tcp://192.168.0.10:4840/UA/Server', 'OPC.TCP://host'])('accepts %s', (url) =>
    expect(isUaEndpointUrl(url)).toBe(true),
  );
  it.each(['plc1:4840', 'http://plc1', 'opc.tcp://', 'opc.tcp://host name'])('refuses %j', (url) =>
    expect(isUaEndpointUrl(url)).toBe(false),
  );
});
