import { requireAcquisition } from '../../acquisition';
import { ROLE } from '../../domain/roles';
import type { Api } from '../../http/api';
import type { Plant } from '../../plant';
import { setServerCertificateTrust } from './opc-certificates.service';
import { certificateActionSchema, certificateDownloadQuerySchema, ownCertificateSchema, serverCertificatesSchema } from './opc.schemas';

const ADMIN = [ROLE.ADMINISTRATOR];
const TAG = 'opcservers';

/**
 * The OPC UA client's certificates (issue 15), in the OPC servers tab: the edge's own application certificate for the
 * plant's IT to trust on their servers, and the servers' certificates the edge has met, which an administrator trusts
 * or rejects (each decision keeps an audit row). Trusting one makes the servers waiting on it connect again at once.
 */
export function registerOpcCertificateRoutes(api: Api, plant: Plant): void {
  api.route(
    {
      method: 'get',
      path: '/api/opcservers/certificate',
      access: ADMIN,
      tag: TAG,
      summary: "The edge's OPC UA application certificate: thumbprint, subject, validity, application URI and PEM.",
      response: ownCertificateSchema,
    },
    async () => {
      const pki = await requireAcquisition(plant).pki();
      const { der: _der, ...certificate } = await pki.ownCertificate();
      return { ...certificate, applicationUri: pki.applicationUri };
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/opcservers/certificate/download',
      access: ADMIN,
      tag: TAG,
      summary: "The edge's OPC UA application certificate as a file (format=pem or der).",
      query: certificateDownloadQuerySchema,
      response: 'file',
    },
    async ({ ctx, query }) => {
      const certificate = await (await requireAcquisition(plant).pki()).ownCertificate();
      const der = query.format === 'der';
      ctx.res
        .set({
          'Content-Type': der ? 'application/pkix-cert' : 'application/x-pem-file',
          'Content-Disposition': `attachment; filename="oee-edge.${der ? 'der' : 'pem'}"`,
        })
        .send(der ? certificate.der : certificate.pem);
    },
  );
  api.route(
    {
      method: 'get',
      path: '/api/opcservers/certificates',
      access: ADMIN,
      tag: TAG,
      summary: "The OPC UA servers' certificates the edge has met: trusted or rejected (not yet trusted).",
      response: serverCertificatesSchema,
    },
    async () => (await requireAcquisition(plant).pki()).serverCertificates(),
  );
  for (const status of ['trusted', 'rejected'] as const) {
    const verb = status === 'trusted' ? 'trust' : 'reject';
    api.route(
      {
        method: 'post',
        path: `/api/opcservers/certificates/${verb}`,
        access: ADMIN,
        tag: TAG,
        summary: `Marks a server certificate met by the edge as ${status} (thumbprint).`,
        body: certificateActionSchema,
        response: serverCertificatesSchema,
      },
      async ({ ctx, body }) => {
        const acquisition = requireAcquisition(plant);
        const pki = await acquisition.pki();
        await setServerCertificateTrust(ctx.db, pki, { thumbprint: body.thumbprint, status, userID: ctx.user.userID, now: ctx.now });
        plant.logger.info({ user: ctx.user.userID, thumbprint: body.thumbprint }, `OPC UA server certificate ${status}`);
        if (status === 'trusted') acquisition.retryUntrusted();
        return pki.serverCertificates();
      },
    );
  }
}
