import { Box, Button, Heading, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { LinePicker } from '../../components/line-picker/line-picker';
import { MessagePage } from '../../components/message-page';
import { NotAllowedPage } from '../../components/not-allowed-page';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError, errorMessage } from '../../lib/api-client';
import { CONFIGURATION_ROLES, hasRole } from '../../lib/roles';
import { useSessionUser } from '../../lib/session';
import { useTerminal } from '../../lib/terminal';
import { useLine } from './api/get-line';
import { LineDashboard } from './line-dashboard';
import { lineSelection } from './line-selection';

/**
 * A plant with no line yet: the order to set it up in (docs/first-plant.md in the product's repository, which the
 * README points to), and for those who configure, the way to Configuración.
 */
function FirstPlantSteps({ roleID }: { roleID: number }) {
  const { t } = useTranslation();
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" maxW="3xl" data-testid="first-plant-steps">
      <Text fontWeight="semibold" mb="2">
        {t('dashboard.firstPlant.title')}
      </Text>
      <Text mb="2">{t('dashboard.firstPlant.steps')}</Text>
      <Text color="fg.muted" fontSize="sm" mb={hasRole(roleID, CONFIGURATION_ROLES) ? '3' : '0'}>
        {t('dashboard.firstPlant.guide')}
      </Text>
      {hasRole(roleID, CONFIGURATION_ROLES) && (
        <Button asChild size="sm" colorPalette="teal">
          <Link to="/configuracion">{t('dashboard.firstPlant.configure')}</Link>
        </Button>
      )}
    </Box>
  );
}

function NoAccessPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('dashboard.noAccess')} testId="no-line-access" />;
}

/** The line's page: its dashboard once the line is known; the no-access page for a line that does not exist. */
function LineView({ lineID }: { lineID: number }) {
  const { t } = useTranslation();
  const line = useLine(lineID);
  if (line.isPending) return <Spinner />;
  if (line.isError) {
    if (line.error instanceof ApiError && (line.error.status === 404 || line.error.status === 403)) return <NoAccessPage />;
    return <Text color="fg.error">{errorMessage(line.error, t('common.unknownError'))}</Text>;
  }
  return <LineDashboard key={lineID} line={line.data} />;
}

/** / (SPEC.md section 2): the dashboard of ?line=, or of the terminal's line, or the line picker. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const user = useSessionUser();
  const terminal = useTerminal();
  const selection = lineSelection(params.get('line'), user?.roleID ?? 0, terminal?.lineID ?? null);
  useDocumentTitle(selection.kind === 'line' ? t('dashboard.titleLine', { n: selection.lineID }) : t('dashboard.titleIndicators'));

  switch (selection.kind) {
    case 'notAllowed':
      return <NotAllowedPage />;
    case 'noAccess':
      return <NoAccessPage />;
    case 'noTerminal':
      return <MessagePage title={t('dashboard.noTerminalTitle')} text={t('dashboard.noTerminalText')} testId="terminal-not-configured" />;
    case 'picker':
      return (
        <Box data-testid="line-picker-page">
          <Heading size="lg" mb="1">
            {t('dashboard.pickLine')}
          </Heading>
          <Text color="fg.muted" mb="4">
            {t('dashboard.pickLineIntro')}
          </Text>
          <LinePicker
            onPick={(line) => setParams({ line: String(line.lineID) })}
            whenEmpty={<FirstPlantSteps roleID={user?.roleID ?? 0} />}
          />
        </Box>
      );
    case 'line':
      return <LineView lineID={selection.lineID} />;
  }
}
