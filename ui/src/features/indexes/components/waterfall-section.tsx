import { Box, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { WaterfallQuery } from '../../../components/losses/api/get-waterfall';
import { WaterfallPanel } from '../../../components/losses/waterfall-panel';

/** Where the time of the selected shift or order went (issue 29), below its grid. */
export function WaterfallSection({ query, caption, testId }: { query: WaterfallQuery; caption: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" padding="3" data-testid={testId}>
      <Heading size="sm">
        {t('losses.title')} · {caption}
      </Heading>
      <Box height="320px">
        <WaterfallPanel query={query} testId={`${testId}-panel`} />
      </Box>
    </Stack>
  );
}
