import { Box, Flex, HStack, Spacer, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useResourceTree } from '../../components/line-picker/resource-tree';
import { useLogout } from '../../features/auth/api/logout';
import { useAvailable } from '../../lib/enabled-modules';
import { LANGUAGES, changeLanguage, currentLanguage, type MessageKey } from '../../lib/i18n';
import { LINE_ROLES, hasRole } from '../../lib/roles';
import type { SessionUser } from '../../lib/session';
import type { MenuId } from '../../modules/manifest';
import { menuEntries } from '../navigation';
import { menuActions, pages } from '../pages';
import { EntryItems, MenuDialogHost, NavMenu } from './entry-menu';

/** The menus drawn between the OEE menu and the right-hand side, in this order, when they have entries. */
const LISTED_MENUS: readonly { id: MenuId; label: MessageKey }[] = [
  { id: 'stops', label: 'nav.stops' },
  { id: 'indexes', label: 'nav.indexes' },
  { id: 'summary', label: 'nav.summary' },
  { id: 'modules', label: 'nav.menu' },
  { id: 'reports', label: 'nav.reports' },
];

/** OEE menu: sectors, then their lines, each opening the line's dashboard. */
function OeeMenu() {
  const { t } = useTranslation();
  const tree = useResourceTree();
  const sectors = (tree.data ?? []).filter((sector) => sector.lines.length > 0);
  return (
    <NavMenu
      label={t('nav.oee')}
      testId="menu-oee"
      items={(Menu) => (
        <>
          {sectors.length === 0 && (
            <Menu.Item value="none" disabled>
              {t('nav.noLines')}
            </Menu.Item>
          )}
          {sectors.map((sector) => (
            <Menu.ItemGroup key={sector.sectorID}>
              <Menu.ItemGroupLabel>{sector.sectorName}</Menu.ItemGroupLabel>
              {sector.lines.map((line) => (
                <Menu.Item key={line.lineID} value={`line-${line.lineID}`} asChild>
                  <Link to={`/?line=${line.lineID}`}>{t('dashboard.lineHeading', { n: line.lineID, description: line.description })}</Link>
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
          ))}
        </>
      )}
    />
  );
}

function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  return (
    <Box>
      <NavMenu
        label={`${t('nav.language')}: ${t(`languageCodes.${language}`)}`}
        testId="menu-language"
        items={(Menu) => (
          <Menu.RadioItemGroup
            value={i18n.language}
            onValueChange={(details) => void changeLanguage(details.value as (typeof LANGUAGES)[number])}
          >
            {LANGUAGES.map((code) => (
              <Menu.RadioItem key={code} value={code} data-testid={`language-${code}`}>
                {t(`languages.${code}`)}
                <Menu.ItemIndicator />
              </Menu.RadioItem>
            ))}
          </Menu.RadioItemGroup>
        )}
      />
    </Box>
  );
}

function UserMenu({ user, entries }: { user: SessionUser; entries: Parameters<typeof EntryItems>[0]['entries'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.userID;
  return (
    <NavMenu
      label={fullName}
      testId="menu-user"
      items={(Menu) => (
        <>
          <EntryItems entries={entries} menu={Menu} />
          {entries.length > 0 && <Menu.Separator />}
          <Menu.Item
            value="logout"
            data-testid="logout"
            onSelect={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
          >
            {t('nav.logout')}
          </Menu.Item>
        </>
      )}
    />
  );
}

/** The navigation bar of every page behind the login; each menu shows only what the user's role may open. */
export function NavBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const available = useAvailable();
  const menus = menuEntries(pages, menuActions, user.roleID, available);
  return (
    <MenuDialogHost>
      <Flex as="nav" bg="teal.700" color="white" px="4" py="2" align="center" gap="2" wrap="wrap" data-testid="nav-bar">
        <Text asChild fontWeight="bold" mr="3">
          <Link to="/">{t('app.name')}</Link>
        </Text>
        <HStack gap="1" wrap="wrap">
          {hasRole(user.roleID, LINE_ROLES) && <OeeMenu />}
          {LISTED_MENUS.map(({ id, label }) => {
            const entries = menus[id];
            return entries?.length ? (
              <NavMenu key={id} label={t(label)} testId={`menu-${id}`} items={(Menu) => <EntryItems entries={entries} menu={Menu} />} />
            ) : null;
          })}
        </HStack>
        <Spacer />
        <HStack gap="1">
          <LanguageMenu />
          <UserMenu user={user} entries={menus.user ?? []} />
        </HStack>
      </Flex>
    </MenuDialogHost>
  );
}
