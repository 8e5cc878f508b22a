import { createContext, useCallback, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LazyMenu, type MenuParts } from '../../components/lazy-menu/lazy-menu';
import type { MenuAction, MenuDialogProps } from '../../modules/manifest';
import type { MenuEntry } from '../navigation';
import { preloadRoute } from '../preload';
import styles from './nav-menu.module.css';

type OpenDialog = (load: MenuAction['dialog']) => void;

const MenuDialogContext = createContext<OpenDialog>(() => undefined);

/**
 * Holds the dialog a menu entry opened (the OEE report) outside the menus, so it stays open once its menu closes.
 * Only one is open at a time.
 */
export function MenuDialogHost({ children }: { children: ReactNode }) {
  const [Dialog, setDialog] = useState<ComponentType<MenuDialogProps> | null>(null);
  const open = useCallback<OpenDialog>((load) => {
    void load().then((module) => setDialog(() => module.default));
  }, []);
  return (
    <MenuDialogContext value={open}>
      {children}
      {Dialog && <Dialog onClose={() => setDialog(null)} />}
    </MenuDialogContext>
  );
}

/** The items of one menu's entries: links to pages, or dialogs. */
export function EntryItems({ entries, menu: Menu }: { entries: readonly MenuEntry[]; menu: MenuParts }) {
  const { t } = useTranslation();
  const openDialog = useContext(MenuDialogContext);
  return entries.map((entry) =>
    entry.kind === 'link' ? (
      <Menu.Item key={entry.key} value={entry.key} asChild>
        <Link to={entry.to} onPointerEnter={() => preloadRoute(entry.to)} onFocus={() => preloadRoute(entry.to)}>
          {t(entry.label)}
        </Link>
      </Menu.Item>
    ) : (
      <Menu.Item key={entry.key} value={entry.key} onSelect={() => openDialog(entry.dialog)}>
        {t(entry.label)}
      </Menu.Item>
    ),
  );
}

/**
 * A navigation-bar menu: a plain button with a static class, and its items drawn with the menu parts they are handed.
 * The Chakra menu behind it (one for each of the bar's up to 8 menus on every page) is mounted, and its code fetched,
 * on first use (LazyMenu).
 */
export function NavMenu({ label, testId, items }: { label: ReactNode; testId: string; items: (menu: MenuParts) => ReactNode }) {
  return (
    <LazyMenu
      minW="48"
      maxH="70vh"
      items={items}
      trigger={(props) => (
        <button type="button" className={styles.trigger} data-testid={testId} {...props}>
          {label} ▾
        </button>
      )}
    />
  );
}
