import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minutesLabel } from '../../lib/indicator-format';
import { formatPlantDateTime } from '../../lib/plant-time';
import { useAllStopReasons } from '../../lib/stop-reasons';
import { notify } from '../feedback/toaster';
import { ActionDialog, SignedForm } from '../signature/signed-form';
import { useRecognizeStops } from './api/recognize-stops';
import { reasonPathText } from './reason-choices';
import { ReasonPicker } from './reason-picker';
import type { Stop } from './stop';

/**
 * Recognition (SPEC.md section 4): Selecting — a category leads deeper, a reason leads to Signing, Back steps back —
 * then Signing (username, password, observation). Success closes the dialog and refreshes what shows stops. The
 * same dialog modifies a recognized stop ('Modificar'). Stops shown unrecognized are recognized only if they still
 * are: one someone recognized meanwhile refuses the whole call, and its message shows in the form.
 */
export function RecognizeDialog({ stops, lineIDs, onClose }: { stops: readonly Stop[]; lineIDs: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const reasons = useAllStopReasons();
  const recognize = useRecognizeStops();
  const [chosen, setChosen] = useState<number | null>(null);
  const modifying = stops.every((stop) => stop.recognized);
  const title = t(modifying ? 'stopActions.modifyTitle' : 'stopActions.recognizeTitle');
  const subject =
    stops.length === 1
      ? t('stopActions.stopOf', { start: formatPlantDateTime(stops[0]!.startDate), minutes: minutesLabel(stops[0]!.duration) })
      : t('stopActions.stopsCount', { n: stops.length });

  return (
    <ActionDialog title={title} onClose={onClose} testId="recognize-dialog">
      <Text color="fg.muted" mb="3">
        {subject}
      </Text>
      {chosen === null || !reasons.data ? (
        <ReasonPicker lineIDs={lineIDs} onChoose={setChosen} />
      ) : (
        <SignedForm
          testId="recognize-signing"
          observation={stops.length === 1 ? stops[0]!.observation : null}
          submitLabel={t(modifying ? 'stopActions.modify' : 'stopActions.recognize')}
          secondary={{ label: t('common.back'), onClick: () => setChosen(null) }}
          onSubmit={async (signature) => {
            await recognize.mutateAsync({
              stopIDs: stops.map((stop) => stop.stopID),
              reasonID: chosen,
              onlyUnrecognized: !modifying,
              ...signature,
            });
            notify.success(t('stopActions.recognized', { count: stops.length }));
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
