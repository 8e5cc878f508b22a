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

  /** The manager's own dispose: only `dispose()` below calls it. */
  private readonly disposeManager: () => Promise<void>;
  /** The manager's own move to rejected: an administrator's decision, or the manager's for a certificate it does not know. */
  private readonly rejectByManager: (der: Buffer | Buffer[]) => Promise<void>;
  /** Trust decisions and the manager's rejections, one after the other: none reads a status another is changing. */
  private decisions: Promise<void> = Promise.resolve();

  constructor(readonly rootFolder: string) {
    this.manager = new OPCUACertificateManager({ rootFolder, automaticallyAcceptUnknownCertificate: false });
    // The edge owns the manager for as long as it runs. A node-opcua client counts one use of the manager it is given
    // but disposes it on every disconnect, and a connection that fails is disconnected before each retry: a server
    // whose certificate is not trusted yet would soon dispose the manager under every other connection (and under
    // the trust decisions of the OPC servers tab). Their disposes do nothing; the edge's stop disposes it once.
    this.disposeManager = this.manager.dispose.bind(this.manager);
    this.manager.dispose = async () => undefined;
    // A connection whose check found the certificate untrusted has the manager reject it, and that check may have begun
    // before an administrator trusted it: the rejection would move the certificate back and undo the administrator's
    // decision. The manager's own rejections leave a trusted certificate where it is.
    this.rejectByManager = this.manager.rejectCertificate.bind(this.manager);
    this.manager.rejectCertificate = (der: Buffer | Buffer[]) =>
      this.decide(async () => {
        // A chain (an array, or its certificates' DER one after the other): the server's own certificate comes first.
        const thumbprint = thumbprintOf(new X509Certificate(Array.isArray(der) ? der[0]! : der));
        if ((await this.serverCertificate(thumbprint))?.status !== 'trusted') await this.rejectByManager(der);
      });
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
    const [trusted, rejected] = await Promise.all([
      this.certificatesIn(this.manager.trustedFolder),
      this.certificatesIn(this.manager.rejectedFolder),
    ]);
    return [
      ...trusted.map(({ certificate }) => ({ ...describe(certificate), status: 'trusted' as const })),
      ...rejected.map(({ certificate }) => ({ ...describe(certificate), status: 'rejected' as const })),
    ].sort((a, b) => a.subject.localeCompare(b.subject) || a.thumbprint.localeCompare(b.thumbprint));
  }

  /** A server certificate met, by its thumbprint (separators and letter case do not matter); null when none has it. */
  async serverCertificate(thumbprint: string): Promise<(ServerCertificate & { der: Buffer }) | null> {
    await this.initialize();
    const wanted = thumbprint.replace(/[\s:]/g, '').toUpperCase();
    for (const status of ['trusted', 'rejected'] as const) {
      const folder = status === 'trusted' ? this.manager.trustedFolder : this.manager.rejectedFolder;
      const found = (await this.certificatesIn(folder)).find(({ certificate }) => thumbprintOf(certificate) === wanted);
      if (found) return { ...describe(found.certificate), status, der: found.certificate.raw };
    }
    return null;
  }

  /** Moves a met certificate (its DER) to trusted or rejected. */
  async setTrust(der: Buffer, status: ServerCertificate['status']): Promise<void> {
    await this.initialize();
    await this.decide(() => (status === 'trusted' ? this.manager.trustCertificate(der) : this.rejectByManager(der)));
  }

  dispose(): Promise<void> {
    return this.disposeManager();
  }

  private decide(decision: () => Promise<void>): Promise<void> {
    const done = this.decisions.then(decision);
    this.decisions = done.catch(() => undefined);
    return done;
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
