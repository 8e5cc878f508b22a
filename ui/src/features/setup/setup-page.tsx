// The pages' Spanish texts, before any page is drawn (lib/page-messages.ts).
import '../../lib/page-messages';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Clipboard,
  Code,
  Field,
  Flex,
  HStack,
  Heading,
  IconButton,
  Input,
  NativeSelect,
  Separator,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import type { MessageKey } from '../../lib/i18n';
import { useConfigureSetup } from './api/configure-setup';
import { useSetupInformation } from './api/get-setup-information';
import { setupOutcome } from './setup-outcome';

const STEPS: readonly { id: 'select' | 'config' | 'finish'; label: MessageKey }[] = [
  { id: 'select', label: 'setup.stepSelect' },
  { id: 'config', label: 'setup.stepConfig' },
  { id: 'finish', label: 'setup.stepFinish' },
];
type Step = (typeof STEPS)[number]['id'];

function StepHeader({ current }: { current: Step }) {
  const { t } = useTranslation();
  const index = STEPS.findIndex((step) => step.id === current);
  return (
    <HStack gap="2" separator={<Separator flex="1" />} data-testid="setup-steps">
      {STEPS.map((step, i) => (
        <HStack key={step.id} gap="2">
          <Badge colorPalette={i <= index ? 'teal' : 'gray'} variant={i === index ? 'solid' : 'subtle'} borderRadius="full" px="2">
            {i + 1}
          </Badge>
          <Text fontWeight={i === index ? 'semibold' : 'normal'}>{t(step.label)}</Text>
        </HStack>
      ))}
    </HStack>
  );
}

/**
 * /setup, the first-run wizard (SPEC.md section 4): select a provider, then the connection string (its default
 * shown), then the temporary password of `admin`, shown once with a copy button.
 */
export default function SetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const information = useSetupInformation();
  const configure = useConfigureSetup();
  const [step, setStep] = useState<Step>('select');
  const [provider, setProvider] = useState('');
  const [connectionString, setConnectionString] = useState('');
  const [providerMissing, setProviderMissing] = useState(false);
  // The demo plant (server option demo: true): the new, empty database gets a simulated plant and one user per role.
  const [demo, setDemo] = useState(false);

  useEffect(() => {
    document.title = t('setup.title');
  }, [t]);

  const outcome = setupOutcome(configure.data, configure.error, t('setup.connectFailed'));
  const shownStep: Step = outcome?.kind === 'finished' ? 'finish' : step;

  const body = () => {
    if (information.isPending) return <Spinner />;
    if (information.isError) {
      return (
        <Alert.Root status="error" data-testid="setup-information-failed">
          <Alert.Indicator />
          <Alert.Title>{t('setup.informationFailed')}</Alert.Title>
        </Alert.Root>
      );
    }
    if ((!information.data.setupPending && outcome?.kind !== 'finished') || outcome?.kind === 'alreadyConfigured') {
      return (
        <Stack gap="4">
          <Alert.Root status="info" data-testid="setup-already-configured">
            <Alert.Indicator />
            <Alert.Title>{t('setup.alreadyConfigured')}</Alert.Title>
          </Alert.Root>
          <Button alignSelf="start" onClick={() => navigate('/login')}>
            {t('setup.goToLogin')}
          </Button>
        </Stack>
      );
    }
    if (shownStep === 'select') {
      return (
        <Stack gap="4">
          <Field.Root invalid={providerMissing}>
            <Field.Label>{t('setup.provider')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="provider"
                value={provider}
                onChange={(event) => {
                  setProvider(event.target.value);
                  setProviderMissing(false);
                }}
              >
                <option value="">{t('common.select')}</option>
                {(information.data.dataProviders ?? []).map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.text}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{t('setup.providerRequired')}</Field.ErrorText>
          </Field.Root>
          <Button
            alignSelf="end"
            colorPalette="teal"
            onClick={() => {
              if (!provider) setProviderMissing(true);
              else setStep('config');
            }}
          >
            {t('common.continue')}
          </Button>
        </Stack>
      );
    }
    if (shownStep === 'config') {
      return (
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{t('setup.connectionString')}</Field.Label>
            <Input
              name="connectionString"
              value={connectionString}
              placeholder={information.data.defaultConnectionString ?? ''}
              onChange={(event) => setConnectionString(event.target.value)}
            />
            <Field.HelperText>
              {t('setup.defaultConnectionString', { value: information.data.defaultConnectionString ?? '' })}
            </Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Checkbox.Root checked={demo} onCheckedChange={(details) => setDemo(details.checked === true)} data-testid="setup-demo">
              <Checkbox.HiddenInput name="demo" />
              <Checkbox.Control />
              <Checkbox.Label>{t('setup.demo')}</Checkbox.Label>
            </Checkbox.Root>
            <Field.HelperText>{t('setup.demoHint')}</Field.HelperText>
          </Field.Root>
          {outcome?.kind === 'connectFailed' && (
            <Alert.Root status="warning" data-testid="setup-connect-failed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('setup.connectFailed')}</Alert.Title>
                {outcome.detail && <Alert.Description>{outcome.detail}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}
          {outcome?.kind === 'failed' && (
            <Alert.Root status="error" data-testid="setup-failed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('setup.configurationErrors')}</Alert.Title>
                {outcome.detail && <Alert.Description>{outcome.detail}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}
          <Flex justify="space-between">
            <Button variant="outline" onClick={() => setStep('select')} disabled={configure.isPending}>
              {t('common.back')}
            </Button>
            <Button
              colorPalette="teal"
              loading={configure.isPending}
              loadingText={t('setup.configuring')}
              onClick={() =>
                configure.mutate({ databaseSelected: provider, connectionString: connectionString.trim(), ...(demo ? { demo: true } : {}) })
              }
            >
              {t('setup.configure')}
            </Button>
          </Flex>
        </Stack>
      );
    }
    const password = outcome?.kind === 'finished' ? outcome.password : null;
    return (
      <Stack gap="4" data-testid="setup-finished">
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t('setup.finishTitle')}</Alert.Title>
        </Alert.Root>
        {password ? (
          <Box>
            {demo && (
              <Alert.Root status="info" mb="3" data-testid="setup-demo-users">
                <Alert.Indicator />
                <Alert.Title>{t('setup.demoUsers', { password })}</Alert.Title>
              </Alert.Root>
            )}
            <Text mb="1">{t('setup.adminUser', { user: 'admin' })}</Text>
            <Text fontWeight="semibold" mb="1">
              {t('setup.temporaryPassword')}
            </Text>
            <HStack>
              <Code fontSize="lg" px="3" py="1" data-testid="temporary-password">
                {password}
              </Code>
              <Clipboard.Root value={password}>
                <Clipboard.Trigger asChild>
                  <IconButton variant="outline" size="sm" aria-label={t('common.copy')} title={t('common.copy')}>
                    <Clipboard.Indicator />
                  </IconButton>
                </Clipboard.Trigger>
              </Clipboard.Root>
            </HStack>
            <Text color="fg.muted" mt="2">
              {t('setup.passwordShownOnce')}
            </Text>
          </Box>
        ) : (
          <Text>{t('setup.existingUsers')}</Text>
        )}
        <Button alignSelf="end" colorPalette="teal" onClick={() => navigate('/login')}>
          {t('setup.goToLogin')}
        </Button>
      </Stack>
    );
  };

  return (
    <Flex minH="100vh" align="center" justify="center" bg="bg.subtle" p="4">
      <Card.Root w="full" maxW="xl">
        <Card.Header>
          <Flex justify="space-between" align="center" mb="3">
            <Heading size="lg">{t('setup.title')}</Heading>
            <LanguageSwitch />
          </Flex>
          <StepHeader current={shownStep} />
        </Card.Header>
        <Card.Body>{body()}</Card.Body>
      </Card.Root>
    </Flex>
  );
}
