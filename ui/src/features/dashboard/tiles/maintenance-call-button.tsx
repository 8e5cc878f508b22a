import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnabledModules } from '../../../lib/enabled-modules';
import { hasRole } from '../../../lib/roles';
import { MAINTENANCE_CALL_ROLES } from '../../../../../edge/src/domain/roles';
import { lazyDefault } from '../../../lib/lazy-component';

// The maintenance manager's dialog, in the module's own chunk: loaded when the button is first pressed.
const CallDialog = lazyDefault(() => import('../../../modules/maintenance/call-dialog'));

/**
 * 'Llamar a mantenimiento' on the current-stop tile: for operators and supervisors, while the maintenance manager runs
 * on the line and no call of the line is open (an open call shows as the three rings and the amber beacon).
 */
export function MaintenanceCallButton({
  lineID,
  roleID,
  callOpen,
}: {
  lineID: number;
  roleID: number | null | undefined;
  callOpen: boolean;
}) {
  const { t } = useTranslation();
  const modules = useEnabledModules();
  const [open, setOpen] = useState(false);
  const offered = !callOpen && hasRole(roleID, MAINTENANCE_CALL_ROLES) && Boolean(modules.data?.maintenanceManager.includes(lineID));
  return (
    <>
      {offered && (
        // On a half-width tile (a phone) the label wraps instead of running out of the tile.
        <Button
          size="sm"
          colorPalette="orange"
          variant="outline"
          maxW="full"
          h="auto"
          minH="8"
          py="1"
          whiteSpace="normal"
          onClick={() => setOpen(true)}
          data-testid="call-maintenance"
        >
          {t('maintenanceManager.call')}
        </Button>
      )}
      {open && <CallDialog lineID={lineID} onClose={() => setOpen(false)} />}
    </>
  );
}
