import { useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';
import { useFirstAlert } from './api/get-first-alert';

// Fetched when a call is first shown: most dashboards never show one.
const MaintenanceAlertDialog = lazyComponent(() => import('./maintenance-alert-dialog').then((module) => module.MaintenanceAlertDialog));

/**
 * 'Alerta!' (SPEC.md sections 2, 4, 9): the line's maintenance call in progress, polled every 30 s, with the warning
 * once maintenance has lasted over 10 minutes. Closed, it stays closed for that call until the warning is new.
 */
export function MaintenanceAlert({ lineID }: { lineID: number }) {
  const alert = useFirstAlert(lineID);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const call = alert.data;
  if (!call) return null;
  const key = `${call.callID}:${call.overLimit}`;
  if (dismissed === key) return null;
  return <MaintenanceAlertDialog lineID={lineID} call={call} onClose={() => setDismissed(key)} />;
}
