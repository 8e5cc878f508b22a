import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineSelect } from '../../../components/line-picker/line-select';
import { useResourceTree } from '../../../components/line-picker/resource-tree';
import { isRangeValid, NO_INDEX_FILTER, withDaySpan, type AppliedIndexFilter, type IndexFilter } from '../index-filters';
import { ORDER_STATUS_LABELS } from '../order-index-fields';
import { DateInput } from '../../../components/date-input/date-input';

/**
 * The filters above an index grid: line, first and last production day and (orders) status. Each change applies as
 * soon as the days' span is read from the line's calendar (the latest change wins); a first day after the last is
 * said and not applied, so the grid keeps what it showed.
 */
export function IndexFilterBar({
  onApply,
  withStatus = false,
  testId,
}: {
  onApply: (filter: AppliedIndexFilter) => void;
  withStatus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const tree = useResourceTree();
  const lines = (tree.data ?? []).flatMap((sector) => sector.lines);
  const [draft, setDraft] = useState<IndexFilter>(NO_INDEX_FILTER);
  const valid = isRangeValid(draft);
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const change = (next: IndexFilter) => {
    setDraft(next);
    if (!isRangeValid(next)) return;
    const call = ++latest.current;
    void withDaySpan(queryClient, next).then(
      (applied) => call === latest.current && onApply(applied),
      () => undefined,
    );
  };
  const number = (text: string) => (text === '' ? null : Number(text));
  return (
    <Stack gap="1" data-testid={testId}>
      <HStack gap="3" align="end" wrap="wrap">
        <LineSelect
          label={t('indexes.line')}
          name="lineID"
          lines={lines}
          value={draft.lineID}
          onChange={(lineID) => change({ ...draft, lineID })}
          allLabel={t('indexes.allLines')}
        />
        <Field.Root w="auto" invalid={!valid}>
          <Field.Label>{t('indexes.from')}</Field.Label>
          <DateInput size="sm" name="from" value={draft.from} onChange={(from) => change({ ...draft, from })} />
        </Field.Root>
        <Field.Root w="auto" invalid={!valid}>
          <Field.Label>{t('indexes.to')}</Field.Label>
          <DateInput size="sm" name="to" value={draft.to} onChange={(to) => change({ ...draft, to })} />
        </Field.Root>
        {withStatus && (
          <Field.Root w="40">
            <Field.Label>{t('indexes.status')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                name="status"
                value={draft.status ?? ''}
                onChange={(event) => change({ ...draft, status: number(event.target.value) })}
              >
                <option value="">{t('indexes.allStatuses')}</option>
                {ORDER_STATUS_LABELS.map((label, status) => (
                  <option key={status} value={status}>
                    {t(label)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <Button size="sm" variant="ghost" onClick={() => change(NO_INDEX_FILTER)} data-testid={`${testId}-clear`}>
          {t('indexes.clear')}
        </Button>
      </HStack>
      {valid ? (
        <Text fontSize="xs" color="fg.muted">
          {t('indexes.daysHint')}
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.error" data-testid={`${testId}-error`}>
          {t('indexes.rangeInvalid')}
        </Text>
      )}
    </Stack>
  );
}
