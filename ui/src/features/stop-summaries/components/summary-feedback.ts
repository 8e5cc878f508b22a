import { useEffect } from 'react';
import { notify } from '../../../components/feedback/toaster';
import { i18n } from '../../../lib/i18n';

/** SPEC.md section 8: a failed summary fetch shows 'Ha ocurrido un error, por favor vuelva a intentarlo' (5 s), once per failure. */
export function useFetchFailureToast(failedAt: number): void {
  useEffect(() => {
    if (failedAt > 0) notify.error(i18n.t('stopSummary.fetchError'));
  }, [failedAt]);
}
