import { notify } from '../../../components/feedback/toaster';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { i18n } from '../../../lib/i18n';

export const OEE_REPORT_PATH = '/api/reports/completeoaereport';

/**
 * 'Reporte OEE' (SPEC.md sections 7, 8): GET the xlsx, saved only on 200; a failure toast for 5 s otherwise.
 * The file name is fixed (SPEC.md section 9: export file names fixed per grid).
 */
export async function downloadOeeReport(): Promise<void> {
  try {
    const file = await apiRequest<Blob>(OEE_REPORT_PATH, { blob: true });
    saveBlob(file, 'ReporteOEE.xlsx');
    notify.success(i18n.t('reports.generated'));
  } catch {
    notify.error(i18n.t('reports.failed'));
  }
}
