import { Box, Button, Fieldset, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { initialFormValues, valuesToSend, type OptionResolver } from '../../../components/data-grid/field-values';
import { FormField } from '../../../components/data-grid/form-field';
import type { FormContext, GridField, GridRow } from '../../../components/data-grid/grid-types';
import { notify } from '../../../components/feedback/toaster';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { MessageKey } from '../../../lib/i18n';
import type { ConfigurationPageProps } from '../../../modules/manifest';
import { useParameters, type Parameters } from '../../../lib/parameters';
import { useUpdateParameters } from '../api/update-parameters';

const requiredNumber = (name: string): GridField => ({ name, label: `parameters.${name}` as MessageKey, kind: 'number', required: true });
const flag = (name: string): GridField => ({ name, label: `parameters.${name}` as MessageKey, kind: 'boolean' });
const text = (name: string, kind: GridField['kind'] = 'text'): GridField => ({ name, label: `parameters.${name}` as MessageKey, kind });

/** The form's sections (SPEC.md section 3, Parameters). The bot token is write-only: empty keeps the stored one. */
const SECTIONS: readonly { title: MessageKey; fields: readonly GridField[] }[] = [
  {
    title: 'parameters.general',
    fields: [
      requiredNumber('microStopTime'),
      requiredNumber('problemResolutionTime'),
      requiredNumber('gridRefreshTime'),
      requiredNumber('oeeCalculationRefresh'),
      requiredNumber('counterPlausibilityFactor'),
    ],
  },
  {
    title: 'parameters.validation',
    fields: [
      flag('enableDomainValidation'),
      text('domain'),
      text('directoryUrl'),
      text('directoryBaseDN'),
      text('directoryBindName'),
      text('directoryCaFile'),
      flag('enableGroupValidation'),
      text('group'),
    ],
  },
  { title: 'parameters.email', fields: [flag('emailEnabled'), text('emailFrom'), text('emailHost'), text('emailPort', 'number')] },
  {
    title: 'parameters.telegram',
    fields: [
      flag('telegramEnabled'),
      text('telegramBotName'),
      { name: 'telegramBotToken', label: 'parameters.telegramBotToken', kind: 'password', writeOnly: true },
      text('telegramNotificationInterval', 'number'),
      flag('telegramBotUseProxy'),
      text('telegramBotProxyHost'),
      text('telegramBotProxyPort', 'number'),
      text('telegramApiBaseUrl'),
    ],
  },
  { title: 'parameters.notifications', fields: [text('plantName'), text('edgePublicUrl')] },
  { title: 'parameters.terminals', fields: [flag('terminalSyncByIP')] },
  { title: 'parameters.modules', fields: [flag('enableMaintenanceManager')] },
  {
    title: 'parameters.retention',
    fields: [requiredNumber('auditRetentionDays'), requiredNumber('diagnosticsRetentionDays'), requiredNumber('outboxRetentionDays')],
  },
  {
    title: 'parameters.mqttPublish',
    fields: [
      flag('mqttPublishEnabled'),
      text('mqttPublishUrl'),
      text('mqttPublishPrefix'),
      text('mqttPublishClientId'),
      text('mqttPublishUserName'),
      { name: 'mqttPublishPassword', label: 'parameters.mqttPublishPassword', kind: 'password', writeOnly: true },
    ],
  },
];
/** Hints under the directory fields: what an empty field means (README, "Directory sign-in"). */
const HINTS: Partial<Record<string, MessageKey>> = {
  telegramBotToken: 'parameters.telegramBotTokenHint',
  mqttPublishPassword: 'parameters.mqttPublishPasswordHint',
  mqttPublishPrefix: 'parameters.mqttPublishPrefixHint',
  domain: 'parameters.domainHint',
  directoryUrl: 'parameters.directoryUrlHint',
  directoryBaseDN: 'parameters.directoryBaseDNHint',
  directoryBindName: 'parameters.directoryBindNameHint',
  directoryCaFile: 'parameters.directoryCaFileHint',
  group: 'parameters.groupHint',
};
const FIELDS = SECTIONS.flatMap((section) => section.fields);
const NO_OPTIONS: OptionResolver = { text: () => undefined, value: (_field, formText) => formText };

function ParametersForm({ stored, canWrite }: { stored: Parameters; canWrite: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateParameters();
  const [values, setValues] = useState<GridRow>(() => initialFormValues(FIELDS, stored));
  const context: FormContext = { mode: 'update', values, record: stored };
  const fieldErrors = update.error instanceof ApiError ? update.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(valuesToSend(FIELDS, values, context, NO_OPTIONS), {
      onSuccess: () => {
        notify.success(t('parameters.updated'));
        setValues((current) => ({ ...current, telegramBotToken: '', mqttPublishPassword: '' }));
      },
      onError: (error) => notify.error(t('parameters.updateFailed'), errorMessage(error, '')),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="parameters-form">
      <Stack gap="6" maxW="4xl">
        {SECTIONS.map((section) => (
          <Fieldset.Root key={section.title} disabled={!canWrite}>
            <Fieldset.Legend fontWeight="semibold">{t(section.title)}</Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
              {section.fields.map((field) => (
                <FormField
                  key={field.name}
                  field={field}
                  value={values[field.name]}
                  onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
                  disabled={!canWrite || update.isPending}
                  error={fieldErrors[field.name]}
                  options={[]}
                  hint={HINTS[field.name] ? t(HINTS[field.name]!) : undefined}
                />
              ))}
            </SimpleGrid>
          </Fieldset.Root>
        ))}
        {canWrite && (
          <Box>
            <Button type="submit" colorPalette="teal" loading={update.isPending} data-testid="parameters-save">
              {t('common.save')}
            </Button>
          </Box>
        )}
      </Stack>
    </form>
  );
}

/** General parameters: one form over GET/PUT /api/parameters. */
export default function ParametersTab({ canWrite }: ConfigurationPageProps) {
  const { t } = useTranslation();
  const parameters = useParameters();
  if (parameters.isPending) return <Spinner />;
  if (parameters.isError) return <Text color="fg.error">{errorMessage(parameters.error, t('common.unknownError'))}</Text>;
  return <ParametersForm key={parameters.dataUpdatedAt} stored={parameters.data} canWrite={canWrite} />;
}
