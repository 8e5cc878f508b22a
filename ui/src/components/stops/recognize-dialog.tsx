import { Box, Button, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { minutesLabel } from '../../lib/indicator-format';
import { formatPlantDateTime } from '../../lib/plant-time';
import { ROOT_REASON_ID, useAllStopReasons } from '../../lib/stop-reasons';
import { notify } from '../feedback/toaster';
import { ActionDialog, SignedForm } from '../signature/signed-form';
import { useRecognizeStops } from './api/recognize-stops';
import { reasonChoices, reasonPathText } from './reason-choices';
import type { Stop } from './stop';

/**
 * Recognition (SPEC.md section 4): Selecting — a category leads deeper, a reason leads to Signing, Back steps back —
 * then Signing (username, password, observation). Success closes the dialog and refreshes what shows stops. The
 * same dialog modifies a recognized stop ('Modificar').
 */
export function RecognizeDialog({ stops, lineID, onClose }: { stops: readonly Stop[]; lineID: number; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = useAllStopReasons();
  const recognize = useRecognizeStops();
  const [trail, setTrail] = useState<number[]>([ROOT_REASON_ID]);
  const [chosen, setChosen] = useState<number | null>(null);
  const modifying = stops.every((stop) => stop.recognized);
  const title = t(modifying ? 'stopActions.modifyTitle' : 'stopActions.recognizeTitle');
  const subject =
    stops.length === 1
      ? t('stopActions.stopOf', { start: formatPlantDateTime(stops[0]!.startDate), minutes: minutesLabel(stops[0]!.duration) })
      : t('stopActions.stopsCount', { n: stops.length });

  const selecting = () => {
    if (reasons.isPending) return <Spinner />;
    if (reasons.isError) return <Text color="fg.error">{errorMessage(reasons.error, t('common.unknownError'))}</Text>;
    const parentID = trail[trail.length - 1]!;
    const choices = reasonChoices(reasons.data, parentID, lineID);
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
              onClick={() => (reason.isCategory ? setTrail([...trail, reason.reasonID]) : setChosen(reason.reasonID))}
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
  };

  return (
    <ActionDialog title={title} onClose={onClose} testId="recognize-dialog">
      <Text color="fg.muted" mb="3">
        {subject}
      </Text>
      {chosen === null || !reasons.data ? (
        selecting()
      ) : (
        <SignedForm
          testId="recognize-signing"
          observation={stops.length === 1 ? stops[0]!.observation : null}
          submitLabel={t(modifying ? 'stopActions.modify' : 'stopActions.recognize')}
          secondary={{ label: t('common.back'), onClick: () => setChosen(null) }}
          onSubmit={async (signature) => {
            await recognize.mutateAsync({ stopIDs: stops.map((stop) => stop.stopID), reasonID: chosen, ...signature });
            notify.success(t('stopActions.recognized'));
            onClose();
          }}
        >
          <Text data-testid="recognize-chosen">
            {t('stopActions.reason')}: <strong>{reasonPathText(reasons.data, chosen)}</strong>
          </Text>
        </SignedForm>
      )}
    </ActionDialog>
  );
}
