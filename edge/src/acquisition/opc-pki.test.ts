import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpcPki } from './opc-pki';

/**
 * The trust decisions against node-opcua's own rejections. A connection checks the server's certificate and, finding
 * it untrusted, has the certificate manager reject it; when an administrator trusts the certificate between that check
 * and that rejection (a connection attempt under way while 'Confiar' is pressed), the rejection must not move the
 * certificate back. On a loaded machine this happened in CI: the servers never connected after the trust.
 */

const folder = mkdtempSync(join(tmpdir(), 'oee-pki-'));
let pki: OpcPki;
/** A server's certificate, made by another PKI as a server would make its own. */
let serverDer: Buffer;
let thumbprint: string;

beforeAll(async () => {
  const server = new OpcPki(join(folder, 'server'));
  await server.initialize();
  serverDer = new X509Certificate(readFileSync(server.certificateFile)).raw;
  thumbprint = new X509Certificate(serverDer).fingerprint.replace(/:/g, '');
  await server.dispose();
  pki = new OpcPki(join(folder, 'client'));
  await pki.initialize();
}, 60_000);

afterAll(async () => {
  await pki?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

const statusOf = async () => (await pki.serverCertificate(thumbprint))?.status ?? 'unknown';

describe('OPC UA certificate trust', () => {
  it('the manager rejects a certificate it meets for the first time; a trusted one stays trusted through a late rejection', async () => {
    expect(await statusOf()).toBe('unknown');
    await pki.manager.rejectCertificate(serverDer);
    expect(await statusOf()).toBe('rejected');

    // A connection checked the certificate and found it untrusted; the administrator trusts it; then that connection's
    // rejection arrives.
    await pki.setTrust(serverDer, 'trusted');
    await pki.manager.rejectCertificate(serverDer);
    expect(await statusOf()).toBe('trusted');
    // The same with the server's certificate at the head of a chain, as an array or its DER one after the other.
    await pki.manager.rejectCertificate([serverDer]);
    await pki.manager.rejectCertificate(Buffer.concat([serverDer, serverDer]));
    expect(await statusOf()).toBe('trusted');
    expect(await pki.manager.isCertificateTrusted(serverDer)).toBe('Good');
  });

  it("an administrator's rejection still moves a trusted certificate to rejected", async () => {
    await pki.setTrust(serverDer, 'trusted');
    await pki.setTrust(serverDer, 'rejected');
    expect(await statusOf()).toBe('rejected');
    expect(await pki.manager.isCertificateTrusted(serverDer)).toBe('BadCertificateUntrusted');
  });
});
