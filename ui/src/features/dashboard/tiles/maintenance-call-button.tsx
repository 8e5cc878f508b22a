import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnabledModules } from '../../../lib/enabled-modules';
import { hasRole } from '../../../lib/roles';
import { MAINTENANCE_CALL_ROLES } from '../../../modules/maintenance/roles';

// The maintenance manager's dialog, in the module's own chunk: loaded when the button is first pressed.
const CallDialog = lazy(() => import('../../../modules/maintenance/call-dialog'));

/**
 * 'Llamar a mantenimiento' on the current-stop tile: for operators and supervisors, while the maintenance manager runs
 * on the line and no call of the line is open (an open call shows as the three rings and the amber beacon).
 */
export function MaintenanceCallButton({ lineID, roleID, callOpen }: { lineID: number; roleID: number | null | undefined; callOpen: boolean }) {
  const { t } = useTranslation();
  const modules = useEnabledModules();
  const [open, setOpen] = useState(false);
  const offered = !callOpen && hasRole(roleID, MAINTENANCE_CALL_ROLES) && Boolean(modules.data?.maintenanceManager.includes(lineID));
  return (
    <>
      {offered && (
        <Button size="sm" colorPalette="orange" variant="outline" onClick={() => setOpen(true)} data-testid="call-maintenance">
          {t('maintenanceManager.call')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <CallDialog lineID={lineID} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
