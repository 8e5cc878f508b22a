import { Box, Button, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { ROOT_REASON_ID, useAllStopReasons } from '../../lib/stop-reasons';
import { reasonChoices, reasonPathText } from './reason-choices';

/**
 * Picking a reason from the stop-reason tree as recognition does (SPEC.md section 4, Selecting): a category leads
 * deeper, a reason is chosen, Back steps back. Offers only what every one of `lineIDs` may use. Used by the
 * recognition dialog and by the manual stops manager's form.
 */
export function ReasonPicker({ lineIDs, onChoose }: { lineIDs: readonly number[]; onChoose: (reasonID: number) => void }) {
  const { t } = useTranslation();
  const reasons = useAllStopReasons();
  const [trail, setTrail] = useState<number[]>([ROOT_REASON_ID]);
  if (reasons.isPending) return <Spinner />;
  if (reasons.isError) return <Text color="fg.error">{errorMessage(reasons.error, t('common.unknownError'))}</Text>;
  const parentID = trail[trail.length - 1]!;
  const choices = reasonChoices(reasons.data, parentID, lineIDs);
  return (
    <Stack gap="3" data-testid="recognize-selecting">
      {parentID !== ROOT_REASON_ID && (
        <Text fontWeight="semibold" data-testid="recognize-category">
          {reasonPathText(reasons.data, parentID)}
        </Text>
      )}
      {choices.length === 0 && <Text color="fg.muted">{t('stopActions.noReasons')}</Text>}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        {choices.map((reason) => (
          <Button
            key={reason.reasonID}
            variant={reason.isCategory ? 'subtle' : 'outline'}
            justifyContent="start"
            borderStartWidth="6px"
            borderStartColor={reason.color ?? 'gray.300'}
            data-testid={`reason-${reason.reasonID}`}
            onClick={() => (reason.isCategory ? setTrail([...trail, reason.reasonID]) : onChoose(reason.reasonID))}
          >
            {reason.reason}
            {reason.isCategory ? ' ›' : ''}
          </Button>
        ))}
      </SimpleGrid>
      <Box>
        <Button variant="outline" disabled={trail.length === 1} onClick={() => setTrail(trail.slice(0, -1))} data-testid="recognize-back">
          {t('common.back')}
        </Button>
      </Box>
    </Stack>
  );
}
