import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LazyMenu } from '../../components/lazy-menu/lazy-menu';
import { TILES, type TileId } from './layout/dashboard-layout';

/** Which tiles the dashboard shows (saved per line), and a reset to the default arrangement; a menu mounted on first use. */
export function TilePicker({
  visible,
  onToggle,
  onReset,
}: {
  visible: readonly TileId[];
  onToggle: (tile: TileId, shown: boolean) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LazyMenu
      closeOnSelect={false}
      minW="56"
      trigger={(props) => (
        <Button size="sm" variant="outline" data-testid="tile-picker" {...props}>
          {t('dashboard.tilesMenu')} ▾
        </Button>
      )}
      items={(Menu) => (
        <>
          {TILES.map((tile) => (
            <Menu.CheckboxItem
              key={tile.id}
              value={tile.id}
              checked={visible.includes(tile.id)}
              onCheckedChange={(checked) => onToggle(tile.id, checked)}
              data-testid={`toggle-tile-${tile.id}`}
            >
              {t(tile.label)}
              <Menu.ItemIndicator />
            </Menu.CheckboxItem>
          ))}
          <Menu.Separator />
          <Menu.Item value="reset" onSelect={onReset} data-testid="reset-layout">
            {t('dashboard.resetLayout')}
          </Menu.Item>
        </>
      )}
    />
  );
}
