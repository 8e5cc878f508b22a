import type { OpcPki, ServerCertificate } from '../../acquisition';
import { recordAudit } from '../../db/audit';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';

/**
 * An administrator trusts or rejects an OPC UA server's certificate: a change of configuration, so it keeps an audit
 * row (who, when, the certificate and its status before and after) like every change a person makes. The certificate
 * is moved inside the audit's transaction: if the move fails the audit row is rolled back, and if the row cannot be
 * written (a full disk) the certificate is not moved.
 */
export async function setServerCertificateTrust(
  db: Database,
  pki: OpcPki,
  change: { thumbprint: string; status: ServerCertificate['status']; userID: string; now: number },
): Promise<void> {
  const found = await pki.serverCertificate(change.thumbprint);
  if (!found) throw new AppError('notFound', 'opc.certificateUnknown');
  const { der, status, ...certificate } = found;
  await db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      entity: 'opc_certificates',
      key: { thumbprint: certificate.thumbprint },
      action: change.status === 'trusted' ? 'trust' : 'reject',
      userID: change.userID,
      before: { ...certificate, status },
      after: { ...certificate, status: change.status },
      now: change.now,
    });
    await pki.setTrust(der, change.status);
  });
}
