import { Box, Heading, Spinner, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useWindowWidth } from '../../components/use-window-width';
import { useAvailable, useEnabledModules } from '../../lib/enabled-modules';
import { lazyDefault } from '../../lib/lazy-component';
import { useSessionUser } from '../../lib/session';
import { configurationPages, visibleConfigurationPages } from './configuration-pages';

/** Each tab's code loads when the tab is first opened. */
const tabComponents = new Map(configurationPages.map((page) => [page.id, lazyDefault(page.load)]));

/** Vertical tabs from this window width up (SPEC.md section 2: "vertical tabs when width is above 799"). */
export const VERTICAL_TABS_FROM = 800;

/** /configuracion: the tabs the user's role may see; the open tab is kept in ?tab= so a reload stays on it. */
export default function ConfigurationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('configuration.title'));
  const user = useSessionUser();
  const width = useWindowWidth();
  const [params, setParams] = useSearchParams();
  const modules = useEnabledModules();
  const available = useAvailable();
  const requested = params.get('tab');
  // The tab the address asks for (a reload, a link): its code (and AG Grid's with it) fetched now, not once the
  // enabled modules are known and the tab is drawn (preload fetches once).
  tabComponents.get(requested ?? '')?.preload();
  if (modules.isPending) return <Spinner />;
  const tabs = visibleConfigurationPages(configurationPages, user?.roleID, available);
  if (tabs.length === 0) return <Text>{t('configuration.noTabs')}</Text>;
  const current = tabs.find(({ page }) => page.id === requested)?.page.id ?? tabs[0]!.page.id;
  const vertical = width >= VERTICAL_TABS_FROM;

  return (
    <Box>
      <Heading size="lg" mb="3">
        {t('configuration.title')}
      </Heading>
      <Tabs.Root
        value={current}
        onValueChange={(details) => setParams({ tab: details.value }, { replace: true })}
        orientation={vertical ? 'vertical' : 'horizontal'}
        variant="line"
        lazyMount
        unmountOnExit
        data-testid="configuration-tabs"
        data-orientation={vertical ? 'vertical' : 'horizontal'}
      >
        <Tabs.List minW={vertical ? '56' : undefined} overflowX={vertical ? undefined : 'auto'}>
          {tabs.map(({ page }) => (
            <Tabs.Trigger key={page.id} value={page.id} data-testid={`tab-${page.id}`} justifyContent="flex-start">
              {t(page.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ page, canWrite }) => {
          const Tab = tabComponents.get(page.id)!;
          return (
            <Tabs.Content key={page.id} value={page.id} flex="1" minW="0" ps={vertical ? '4' : '0'} data-testid={`tab-content-${page.id}`}>
              <Tab canWrite={canWrite} roleID={user?.roleID ?? 0} fallback={<PageSpinner />} />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </Box>
  );
}
