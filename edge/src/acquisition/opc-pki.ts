import { X509Certificate } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getHostname, makeApplicationUrn, OPCUACertificateManager } from 'node-opcua';

/**
 * The OPC UA client's PKI folder (`<dataDir>/pki`, node-opcua's layout): the edge's own application certificate,
 * created once, and the servers' certificates it has met, trusted (`trusted/certs`) or not (`rejected`). Unknown server
 * certificates are not accepted by themselves: a secured connection to a server whose certificate is not trusted
 * fails, the certificate lands in `rejected`, and an administrator trusts it (or not) in the OPC servers tab.
 * Connections with security mode None exchange no certificates and do not depend on any of this.
 */

export const CLIENT_APPLICATION_NAME = 'OEE edge';

export interface CertificateInfo {
  /** SHA-1 of the DER, upper-case hex without separators (how OPC UA tools show a thumbprint). */
  thumbprint: string;
  subject: string;
  validFrom: string;
  validTo: string;
}

export interface ServerCertificate extends CertificateInfo {
  status: 'trusted' | 'rejected';
}

export class OpcPki {
  readonly manager: OPCUACertificateManager;
  /** The URI in the edge's certificate, which the client also presents: servers check they are the same. */
  readonly applicationUri = makeApplicationUrn(getHostname(), CLIENT_APPLICATION_NAME);
  private ready: Promise<void> | null = null;

  constructor(readonly rootFolder: string) {
    this.manager = new OPCUACertificateManager({ rootFolder, automaticallyAcceptUnknownCertificate: false });
  }

  get certificateFile(): string {
    return join(this.manager.rootDir, 'own', 'certs', 'client_certificate.pem');
  }

  /** Creates the folders and, the first time, the edge's self-signed application certificate (10 years). */
  initialize(): Promise<void> {
    this.ready ??= (async () => {
      await this.manager.initialize();
      const existing = await readFile(this.certificateFile).catch(() => null);
      if (existing && existing.length > 0) return;
      const hostname = getHostname();
      await this.manager.createSelfSignedCertificate({
        applicationUri: this.applicationUri,
        dns: [hostname],
        outputFile: this.certificateFile,
        subject: `/CN=${CLIENT_APPLICATION_NAME}@${hostname}`,
        startDate: new Date(),
        validity: 365 * 10,
      });
    })();
    return this.ready;
  }

  /** The edge's own certificate: what the plant's IT trusts on their servers. */
  async ownCertificate(): Promise<CertificateInfo & { pem: string; der: Buffer }> {
    await this.initialize();
    const certificate = new X509Certificate(await readFile(this.certificateFile));
    return { ...describe(certificate), pem: certificate.toString(), der: certificate.raw };
  }

  /** Every server certificate met, trusted or not, newest validity first. */
  async serverCertificates(): Promise<ServerCertificate[]> {
    await this.initialize();
    const [trusted, rejected] = await Promise.all([this.certificatesIn(this.manager.trustedFolder), this.certificatesIn(this.manager.rejectedFolder)]);
    return [
      ...trusted.map(({ certificate }) => ({ ...describe(certificate), status: 'trusted' as const })),
      ...rejected.map(({ certificate }) => ({ ...describe(certificate), status: 'rejected' as const })),
    ].sort((a, b) => a.subject.localeCompare(b.subject) || a.thumbprint.localeCompare(b.thumbprint));
  }

  /** Moves a met certificate to trusted or rejected; false when no certificate has that thumbprint. */
  async setTrust(thumbprint: string, status: ServerCertificate['status']): Promise<boolean> {
    await this.initialize();
    const wanted = thumbprint.replace(/[\s:]/g, '').toUpperCase();
    const all = [...(await this.certificatesIn(this.manager.trustedFolder)), ...(await this.certificatesIn(this.manager.rejectedFolder))];
    const found = all.find(({ certificate }) => thumbprintOf(certificate) === wanted);
    if (!found) return false;
    if (status === 'trusted') await this.manager.trustCertificate(found.certificate.raw);
    else await this.manager.rejectCertificate(found.certificate.raw);
    return true;
  }

  /**
   * node-opcua's client disposes its certificate manager itself when it disconnects, without waiting for it: a second
   * dispose meanwhile fails ('Already disposing'), so one already under way (state Disposing, 3, or Disposed, 4) is
   * left to finish.
   */
  async dispose(): Promise<void> {
    if (this.manager.state >= 3) return;
    await this.manager.dispose();
  }

  private async certificatesIn(folder: string): Promise<{ certificate: X509Certificate }[]> {
    const names = await readdir(folder).catch(() => [] as string[]);
    const found: { certificate: X509Certificate }[] = [];
    for (const name of names) {
      if (!/\.(pem|der)$/i.test(name)) continue;
      try {
        found.push({ certificate: new X509Certificate(await readFile(join(folder, name))) });
      } catch {
        // Not a certificate (a file someone put there): not listed.
      }
    }
    return found;
  }
}

function thumbprintOf(certificate: X509Certificate): string {
  return certificate.fingerprint.replace(/:/g, '').toUpperCase();
}

function describe(certificate: X509Certificate): CertificateInfo {
  return {
    thumbprint: thumbprintOf(certificate),
    subject: certificate.subject.replace(/\n/g, ', '),
    validFrom: new Date(certificate.validFrom).toISOString(),
    validTo: new Date(certificate.validTo).toISOString(),
  };
}
