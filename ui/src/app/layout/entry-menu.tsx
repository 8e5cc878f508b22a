import { Button, Menu, Portal } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MenuEntry } from '../navigation';

/** The items of one menu's entries: links to pages, or actions. */
export function EntryItems({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  // An action (the report download) runs as a mutation, like every other call that changes or fetches on demand.
  const action = useMutation({ mutationFn: (run: () => Promise<void>) => run() });
  return entries.map((entry) =>
    entry.kind === 'link' ? (
      <Menu.Item key={entry.key} value={entry.key} asChild>
        <Link to={entry.to}>{t(entry.label)}</Link>
      </Menu.Item>
    ) : (
      <Menu.Item key={entry.key} value={entry.key} disabled={action.isPending} onSelect={() => action.mutate(entry.run)}>
        {t(entry.label)}
      </Menu.Item>
    ),
  );
}

/** A navigation-bar menu: a trigger button and its items. */
export function NavMenu({ label, testId, children }: { label: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} size="sm" data-testid={testId}>
          {label} ▾
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="70vh" overflowY="auto" minW="48">
            {children}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
