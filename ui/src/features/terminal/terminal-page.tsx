import { Alert, Box, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { notify } from '../../components/feedback/toaster';
import { LinePicker } from '../../components/line-picker/line-picker';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useTerminal } from '../../lib/terminal';
import { useConfigureTerminal, useDeleteTerminal } from './api/configure-terminal';
import { useCallerIp } from './api/get-caller-ip';
import { formatPlantDateTime } from '../../lib/plant-time';

/**
 * /terminal: this browser as the terminal of one line (SPEC.md section 2). Configured: a card 'Line {id}' with the
 * date and user that configured it and 'Eliminar'; otherwise a line picker and 'Configurar'. The server matches
 * terminals by the caller's IP address: the field starts with the address the server sees this browser with (blank
 * when that lookup fails), and the administrator may change it.
 */
export default function TerminalPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('terminal.title'));
  const stored = useTerminal();
  const configure = useConfigureTerminal();
  const remove = useDeleteTerminal();
  const [lineID, setLineID] = useState<number | null>(null);
  const callerIp = useCallerIp();
  // null until the administrator types: until then the field shows the caller's address.
  const [typedIp, setIpAddress] = useState<string | null>(null);
  const ipAddress = typedIp ?? callerIp.data ?? '';
  const fieldErrors = configure.error instanceof ApiError ? configure.error.fields : {};

  if (stored) {
    return (
      <Card.Root maxW="md" data-testid="terminal-card">
        <Card.Header>
          <Card.Title>{t('terminal.card', { id: stored.lineID })}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack gap="1">
            {stored.updateDate && <Text>{t('terminal.configuredAt', { date: formatPlantDateTime(stored.updateDate) })}</Text>}
            {stored.updatedBy && <Text>{t('terminal.configuredBy', { user: stored.updatedBy })}</Text>}
            {stored.ipAddress && <Text color="fg.muted">{t('terminal.ipAddress', { ip: stored.ipAddress })}</Text>}
          </Stack>
        </Card.Body>
        <Card.Footer gap="2" flexWrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to="/tablero">{t('terminal.openScoreboard')}</RouterLink>
          </Button>
          <Button
            colorPalette="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(stored, {
                onSuccess: () => notify.success(t('terminal.removed')),
                onError: (error) => notify.error(errorMessage(error, t('common.unknownError'))),
              })
            }
          >
            {t('terminal.remove')}
          </Button>
        </Card.Footer>
      </Card.Root>
    );
  }

  return (
    <Stack gap="4" maxW="5xl">
      <Box>
        <Heading size="lg">{t('terminal.title')}</Heading>
        <Text color="fg.muted">{t('terminal.intro')}</Text>
      </Box>
      <LinePicker selected={lineID} onPick={(line) => setLineID(line.lineID)} />
      <Field.Root invalid={!!fieldErrors.ipAddress} maxW="sm">
        <Field.Label>{t('fields.ipAddress')}</Field.Label>
        <Input name="ipAddress" value={ipAddress} onChange={(event) => setIpAddress(event.target.value)} />
        <Field.HelperText>{t('terminal.ipHint')}</Field.HelperText>
        <Field.ErrorText>{fieldErrors.ipAddress}</Field.ErrorText>
      </Field.Root>
      {configure.isError && !fieldErrors.ipAddress && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(configure.error, t('common.unknownError'))}</Alert.Title>
        </Alert.Root>
      )}
      <Button
        alignSelf="start"
        colorPalette="teal"
        disabled={lineID === null}
        loading={configure.isPending}
        onClick={() =>
          lineID !== null &&
          configure.mutate({ lineID, ipAddress: ipAddress.trim() }, { onSuccess: () => notify.success(t('terminal.configured')) })
        }
      >
        {t('terminal.configure')}
      </Button>
    </Stack>
  );
}
