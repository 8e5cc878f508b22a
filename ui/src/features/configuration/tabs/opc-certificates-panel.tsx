import { Badge, Box, Button, Code, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { type OwnCertificate, useOwnCertificate, useServerCertificates, useSetCertificateTrust } from '../api/opc-certificates';

/** Saves a text or bytes as a file in the browser. */
function saveFile(name: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The DER bytes of a PEM certificate (its base64 body). */
function derOf(certificate: OwnCertificate): Uint8Array<ArrayBuffer> {
  const base64 = certificate.pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The OPC UA certificates (issue 15): the edge's own, for the plant's IT to trust on their servers, and the servers'
 * the edge has met, which the administrator trusts or rejects. A secured server connects once its certificate is trusted.
 */
export function OpcCertificatesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const own = useOwnCertificate();
  const servers = useServerCertificates();
  const setTrust = useSetCertificateTrust();
  return (
    <Stack gap="4" mt="6" data-testid="opc-certificates">
      <Heading size="md">{t('opcSecurity.certificates')}</Heading>
      <Box borderWidth="1px" borderRadius="md" p="3">
        <Text fontWeight="semibold">{t('opcSecurity.ownCertificate')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('opcSecurity.ownCertificateHelp')}
        </Text>
        {own.data && (
          <Stack gap="1" mt="2" fontSize="sm">
            <Text>
              {t('opcSecurity.thumbprint')}: <Code data-testid="opc-own-thumbprint">{own.data.thumbprint}</Code>
            </Text>
            <Text>
              {t('opcSecurity.subject')}: {own.data.subject}
            </Text>
            <Text>
              {t('opcSecurity.validTo')}: {day(own.data.validTo)}
            </Text>
            <HStack mt="2">
              <Button size="sm" variant="outline" onClick={() => saveFile('oee-edge.pem', own.data.pem, 'application/x-pem-file')}>
                {t('opcSecurity.downloadPem')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => saveFile('oee-edge.der', derOf(own.data), 'application/pkix-cert')}>
                {t('opcSecurity.downloadDer')}
              </Button>
            </HStack>
          </Stack>
        )}
        {own.isError && <Text color="fg.error">{errorMessage(own.error, t('opcSecurity.loadFailed'))}</Text>}
      </Box>
      <Box borderWidth="1px" borderRadius="md" p="3">
        <Text fontWeight="semibold">{t('opcSecurity.serverCertificates')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('opcSecurity.serverCertificatesHelp')}
        </Text>
        {servers.data && servers.data.length === 0 && <Text mt="2">{t('opcSecurity.noServerCertificates')}</Text>}
        {servers.data && servers.data.length > 0 && (
          <Table.Root size="sm" mt="2" data-testid="opc-server-certificates">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('opcSecurity.subject')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('opcSecurity.thumbprint')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('opcSecurity.validTo')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('opcSecurity.status')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {servers.data.map((certificate) => (
                <Table.Row key={certificate.thumbprint}>
                  <Table.Cell>{certificate.subject}</Table.Cell>
                  <Table.Cell>
                    <Code>{certificate.thumbprint}</Code>
                  </Table.Cell>
                  <Table.Cell>{day(certificate.validTo)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={certificate.status === 'trusted' ? 'green' : 'red'}>
                      {t(`opcSecurity.${certificate.status}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {canWrite && (
                      <Button
                        size="xs"
                        variant="outline"
                        loading={setTrust.isPending && setTrust.variables.thumbprint === certificate.thumbprint}
                        onClick={() => setTrust.mutate({ thumbprint: certificate.thumbprint, trust: certificate.status !== 'trusted' })}
                      >
                        {certificate.status === 'trusted' ? t('opcSecurity.reject') : t('opcSecurity.trust')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        {setTrust.isError && <Text color="fg.error">{errorMessage(setTrust.error, t('opcSecurity.trustFailed'))}</Text>}
      </Box>
    </Stack>
  );
}
