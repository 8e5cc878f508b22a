import { describe, expect, it } from 'vitest';
import { resolveTagNodeId } from './node-ids';

const NAMESPACES = ['http://opcfoundation.org/UA/', 'urn:plc:server', 'urn:oee-edge:simulator'];

describe('resolving a tag value to the node id of a request', () => {
  it('keeps ns=<index> and namespace-0 ids as written', () => {
    expect(resolveTagNodeId('ns=2;s=Line1.Running', NAMESPACES)).toEqual({ ok: true, nodeId: 'ns=2;s=Line1.Running' });
    expect(resolveTagNodeId('i=2256', NAMESPACES)).toEqual({ ok: true, nodeId: 'i=2256' });
  });

  it('turns nsu=<uri> into the index the server publishes for that URI now', () => {
    expect(resolveTagNodeId('nsu=urn:oee-edge:simulator;s=Line1.Units', NAMESPACES)).toEqual({ ok: true, nodeId: 'ns=2;s=Line1.Units' });
    const renumbered = ['http://opcfoundation.org/UA/', 'urn:oee-edge:simulator'];
    expect(resolveTagNodeId('nsu=urn:oee-edge:simulator;s=Line1.Units', renumbered)).toEqual({ ok: true, nodeId: 'ns=1;s=Line1.Units' });
  });

  it('decodes a percent-escaped URI (a ";" inside a URI is written %3B)', () => {
    expect(resolveTagNodeId('nsu=urn:a%3Bb;i=7', ['x', 'urn:a;b'])).toEqual({ ok: true, nodeId: 'ns=1;i=7' });
  });

  it('is BadNodeIdUnknown when the server does not publish the namespace', () => {
    expect(resolveTagNodeId('nsu=urn:other;s=X', NAMESPACES)).toEqual({ ok: false, status: 'BadNodeIdUnknown' });
  });

  it('is BadNodeIdInvalid for text that is not a node id', () => {
    for (const text of ['Line1.Running', 'ns=x;s=A', 'nsu=urn:%E0%A4%A;s=A', '']) {
      expect(resolveTagNodeId(text, NAMESPACES)).toEqual({ ok: false, status: 'BadNodeIdInvalid' });
    }
  });
});
