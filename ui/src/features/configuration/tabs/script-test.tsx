import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useExecuteScript } from '../api/execute-script';

/** The 'test' button of a line script: the server evaluates it on the current tag values and says what it gives. */
export function ScriptTest({ script, kind, testId }: { script: string; kind: 'boolean' | 'number'; testId: string }) {
  const { t } = useTranslation();
  const execute = useExecuteScript();
  const failed = execute.isError || execute.data?.error === true;
  const message = execute.isError ? errorMessage(execute.error, t('common.unknownError')) : execute.data?.message;
  return (
    <HStack gap="3" mt="1" align="start">
      <Button
        size="xs"
        variant="outline"
        loading={execute.isPending}
        onClick={() => execute.mutate({ script, kind })}
        data-testid={`${testId}-test`}
      >
        {t('resources.testScript')}
      </Button>
      {message !== undefined && (
        <Text
          fontSize="sm"
          fontFamily="mono"
          color={failed ? 'fg.error' : 'fg.success'}
          whiteSpace="pre-wrap"
          data-testid={`${testId}-result`}
        >
          {failed ? t('resources.scriptError', { message }) : t('resources.scriptResult', { message })}
        </Text>
      )}
    </HStack>
  );
}
