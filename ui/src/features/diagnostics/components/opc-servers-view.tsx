import { Badge, Box, DataList, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable } from '../../../components/compact-table';
import { formatPlantDateTime } from '../../../lib/plant-time';
import { useOpcServers, type OpcServerStatus } from '../api/get-opc-servers';
import { badTagsFirst, tagValueText } from '../diagnostics-views';
import { ViewPanel } from './view-panel';

/** At most this many tag rows are drawn per server (a server may have thousands); the search finds the others. */
const SHOWN_TAGS = 200;

function ServerTags({ server }: { server: OpcServerStatus }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const matching = badTagsFirst(server.tags).filter(
    (tag) => !needle || tag.tagName.toLowerCase().includes(needle) || tag.url.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="2">
      <Flex align="center" gap="3" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          {t('diagnostics.tagCount', { count: server.tagCount, bad: server.badTagCount })}
        </Text>
        {server.tags.length > 0 && (
          <Input
            size="xs"
            maxW="xs"
            placeholder={t('diagnostics.searchTags')}
            aria-label={t('diagnostics.searchTags')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Flex>
      {matching.length > 0 && (
        <CompactTable
          maxH="300px"
          testId={`server-${server.opcServerID}-tags`}
          columns={[
            { label: t('diagnostics.tagName') },
            { label: t('diagnostics.url') },
            { label: t('diagnostics.quality') },
            { label: t('diagnostics.value') },
          ]}
        >
          {matching.slice(0, SHOWN_TAGS).map((tag) => (
            <tr key={tag.tagName} data-testid="tag-row">
              <td>{tag.tagName}</td>
              <td className="mono">{tag.url}</td>
              <td>
                <Badge colorPalette={tag.goodQuality ? 'green' : 'red'} title={[tag.status, tag.problem].filter(Boolean).join(' · ')}>
                  {tag.goodQuality ? t('diagnostics.good') : t('diagnostics.bad')}
                </Badge>
              </td>
              <td>{tagValueText(tag.data)}</td>
            </tr>
          ))}
        </CompactTable>
      )}
      {matching.length > SHOWN_TAGS && (
        <Text fontSize="xs" color="fg.muted">
          {t('diagnostics.moreTags', { shown: SHOWN_TAGS, count: matching.length })}
        </Text>
      )}
    </Stack>
  );
}

function ServerCard({ server }: { server: OpcServerStatus }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('diagnostics.state'), server.serverState],
    [t('diagnostics.vendor'), server.vendorInfo ?? '-'],
    [t('diagnostics.version'), server.productVersion ?? '-'],
    [t('diagnostics.startTime'), formatPlantDateTime(server.startTime) || '-'],
    [t('diagnostics.lastUpdateTime'), formatPlantDateTime(server.lastUpdateTime) || '-'],
    [t('diagnostics.statusInfo'), server.statusInfo],
  ];
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid={`server-${server.opcServerID}`} data-state={server.serverState}>
      <Flex align="center" gap="2" mb="2" wrap="wrap">
        <Heading size="sm">{server.name}</Heading>
        <Badge colorPalette={server.connected ? 'green' : 'red'} data-testid={`server-${server.opcServerID}-connection`}>
          {server.connected ? t('diagnostics.connected') : t('diagnostics.disconnected')}
        </Badge>
        <Text fontSize="xs" color="fg.muted" fontFamily="mono">
          {server.serverType} · {server.endpointUrl}
        </Text>
      </Flex>
      <DataList.Root orientation="horizontal" size="sm" mb="3">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <ServerTags server={server} />
    </Box>
  );
}

/** OPC Servers Status: each enabled server's state and each of its tags' quality and value. */
export function OpcServersView() {
  const { t } = useTranslation();
  const servers = useOpcServers();
  return (
    <ViewPanel title={t('diagnostics.views.opcServers')} query={servers} isEmpty={(data) => data.length === 0} testId="view-opcServers">
      {(data) => (
        <Stack gap="3">
          {data.map((server) => (
            <ServerCard key={server.opcServerID} server={server} />
          ))}
        </Stack>
      )}
    </ViewPanel>
  );
}
