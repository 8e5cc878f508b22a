import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ownCertificateSchema, serverCertificatesSchema } from '../../../../../edge/src/modules/opc/opc.schemas';
import { apiRequest } from '../../../lib/api-client';

export type OwnCertificate = z.infer<typeof ownCertificateSchema>;
export type ServerCertificate = z.infer<typeof serverCertificatesSchema>[number];

/** GET /api/opcservers/certificate: the edge's OPC UA application certificate. */
export function useOwnCertificate() {
  return useQuery({ queryKey: ['opcCertificates', 'own'], queryFn: () => apiRequest<OwnCertificate>('/api/opcservers/certificate') });
}

/** GET /api/opcservers/certificates: the servers' certificates met, refreshed while the tab is open (new ones appear). */
export function useServerCertificates() {
  return useQuery({
    queryKey: ['opcCertificates', 'servers'],
    queryFn: () => apiRequest<ServerCertificate[]>('/api/opcservers/certificates'),
    refetchInterval: 5_000,
  });
}

/** POST /api/opcservers/certificates/trust or /reject. */
export function useSetCertificateTrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ thumbprint, trust }: { thumbprint: string; trust: boolean }) =>
      apiRequest<ServerCertificate[]>(`/api/opcservers/certificates/${trust ? 'trust' : 'reject'}`, {
        method: 'POST',
        json: { thumbprint },
      }),
    onSuccess: (list) => queryClient.setQueryData(['opcCertificates', 'servers'], list),
  });
}
