import { Box, Card, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { useResourceTree, type TreeLine } from './resource-tree';

/**
 * The plant's lines grouped by sector, each a button (dashboard line selection, /terminal); `whenEmpty` replaces the
 * plain 'no lines' text where a plant with no line yet needs more (the dashboard's first-plant steps).
 */
export function LinePicker({
  onPick,
  selected,
  whenEmpty,
}: {
  onPick: (line: TreeLine) => void;
  selected?: number | null;
  whenEmpty?: ReactNode;
}) {
  const { t } = useTranslation();
  const tree = useResourceTree();
  if (tree.isPending) return <Spinner />;
  if (tree.isError) return <Text color="fg.error">{errorMessage(tree.error, t('common.unknownError'))}</Text>;
  const sectors = tree.data.filter((sector) => sector.lines.length > 0);
  if (sectors.length === 0) return whenEmpty ?? <Text color="fg.muted">{t('nav.noLines')}</Text>;
  return (
    <Stack gap="5">
      {sectors.map((sector) => (
        <Box key={sector.sectorID}>
          <Heading size="sm" mb="2">
            {sector.sectorName}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="3">
            {sector.lines.map((line) => (
              <Card.Root
                key={line.lineID}
                asChild
                size="sm"
                variant={selected === line.lineID ? 'elevated' : 'outline'}
                borderColor={selected === line.lineID ? 'teal.500' : undefined}
                _hover={{ borderColor: 'teal.400' }}
              >
                <button
                  type="button"
                  onClick={() => onPick(line)}
                  aria-pressed={selected === line.lineID}
                  data-testid={`pick-line-${line.lineID}`}
                >
                  <Card.Body textAlign="start">
                    <Card.Title>{t('dashboard.lineHeading', { n: line.lineID, description: line.description })}</Card.Title>
                  </Card.Body>
                </button>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}
