import { Field, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeInput, TimeInput } from '../date-input/date-input';
import { minutesLabel } from '../../lib/indicator-format';
import { formatPlantDateTime } from '../../lib/plant-time';
import { notify } from '../feedback/toaster';
import { ActionDialog, SignedForm } from '../signature/signed-form';
import { useSplitStop } from './api/split-stop';
import { checkSplit, openingCut, splitChanges, splitLimits } from './split-limits';
import type { Stop } from './stop';

/** One end of the cut: a time (or date and time) to the second; `fixed` explains why it cannot be changed. */
function CutField(props: {
  name: string;
  label: string;
  type: 'time' | 'datetime-local';
  min: string;
  max: string;
  value: string;
  onChange: (value: string) => void;
  fixed?: string;
}) {
  return (
    <Field.Root disabled={props.fixed !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      {props.type === 'time' ? (
        <TimeInput name={props.name} value={props.value} onChange={props.onChange} />
      ) : (
        <DateTimeInput name={props.name} min={props.min} max={props.max} value={props.value} onChange={props.onChange} />
      )}
      {props.fixed && <Field.HelperText>{props.fixed}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * Split (SPEC.md sections 4, 5): a new start and/or end within the stop; a stop in progress keeps its end; with a
 * maintenance call the cuts stay within start + declaring time; times only when everything falls on one day. An
 * invalid start or end is a 1.5 s warning ('Fecha de inicio no es válida' / 'Fecha de fin no es válida').
 */
export function SplitDialog({ stop, onClose }: { stop: Stop; onClose: () => void }) {
  const { t } = useTranslation();
  const split = useSplitStop();
  const [limits] = useState(() => splitLimits(stop, Date.now()));
  const [newStart, setNewStart] = useState(() => openingCut(limits).newStart);
  const [newEnd, setNewEnd] = useState(() => openingCut(limits).newEnd);
  const day = limits.start.slice(0, 10);
  // One day: the inputs edit the time and the date stays the stop's.
  const shown = (value: string) => (limits.sameDay ? value.slice(11) : value);
  const fromInput = (value: string) => (limits.sameDay ? `${day}T${value}` : value);
  const bounds = {
    type: limits.sameDay ? ('time' as const) : ('datetime-local' as const),
    min: shown(limits.minStart),
    max: shown(limits.maxEnd),
  };

  const check = () => {
    const warning = checkSplit(limits, newStart, newEnd);
    if (!warning) return null;
    const message = t(warning === 'invalidStart' ? 'stopActions.invalidStart' : 'stopActions.invalidEnd');
    notify.warning(message);
    return message;
  };

  return (
    <ActionDialog title={t('stopActions.splitTitle')} onClose={onClose} testId="split-dialog">
      <SignedForm
        testId="split-form"
        submitLabel={t('stopActions.split')}
        secondary={{ label: t('common.cancel'), onClick: onClose }}
        check={check}
        onSubmit={async (signature) => {
          await split.mutateAsync({ stop, ...splitChanges(limits, newStart, newEnd), ...signature });
          notify.success(t('stopActions.splitDone'));
          onClose();
        }}
      >
        <Text color="fg.muted">
          {t('stopActions.stopOf', { start: formatPlantDateTime(stop.startDate), minutes: minutesLabel(stop.duration) })}
        </Text>
        <SimpleGrid columns={2} gap="3">
          <CutField
            {...bounds}
            name="newStart"
            label={t('stopActions.newStart')}
            value={shown(newStart)}
            onChange={(value) => setNewStart(fromInput(value))}
          />
          <CutField
            {...bounds}
            name="newEnd"
            label={t('stopActions.newEnd')}
            value={shown(newEnd)}
            onChange={(value) => setNewEnd(fromInput(value))}
            fixed={limits.open ? t('stopActions.openEndFixed') : undefined}
          />
        </SimpleGrid>
      </SignedForm>
    </ActionDialog>
  );
}
