import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { lazyComponent } from '../../lib/lazy-component';
import { notify } from '../feedback/toaster';
import { useSetOrderValidation } from './api/set-order-validation';
import styles from './row-controls.module.css';

export interface ValidationSwitchProps {
  /** The order it validates; null: no order (the switch is disabled). */
  order: string | null;
  op: string;
  validated: boolean;
  /** Whether this user may switch it now (SPEC.md section 6: supervisor and operator; not while loading). */
  enabled: boolean;
  /** The success toasts' wording: 'op' on the dashboard ('Op validada con éxito'), 'order' on the grids ('Orden validada con éxito'). */
  wording: 'op' | 'order';
  /** Prefix of the test ids: `${testId}-switch`, `-label`, `-dialog`, `-form`. */
  testId?: string;
}

// The signing dialog's code is fetched when a switch is first used: a grid draws a switch per row, and most visits
// switch none.
const ValidationDialog = lazyComponent(() => import('./validation-dialog').then((module) => module.ValidationDialog));

const TOASTS = {
  op: { validated: 'orderValidation.opValidated', unvalidated: 'orderValidation.opUnvalidated' },
  order: { validated: 'orderValidation.orderValidated', unvalidated: 'orderValidation.orderUnvalidated' },
} as const;

/**
 * An order's SI/NO validation switch (SPEC.md sections 4, 6, 8): switching it asks for a signature; the change is
 * made only once the server accepts it. A refusal is a 5 s toast with the server's message (and stays in the signing
 * form's error box).
 */
export function ValidationSwitch({ order, op, validated, enabled, wording, testId = 'validation' }: ValidationSwitchProps) {
  const { t } = useTranslation();
  const setValidation = useSetOrderValidation();
  const [asked, setAsked] = useState<boolean | null>(null);
  const close = () => setAsked(null);
  const disabled = !enabled || order === null || setValidation.isPending;
  return (
    <>
      {/* A switch drawn from plain elements with static classes, without a state machine or style props of its own: it
          shows the stored state, and a grid draws one per row. Switching asks for the signature; the state changes
          once the server accepts it. */}
      <button
        type="button"
        role="switch"
        className={styles.switch}
        aria-checked={validated}
        aria-label={t('orderValidation.label', { op })}
        disabled={disabled}
        onClick={() => setAsked(!validated)}
        data-testid={`${testId}-switch`}
      >
        <span className={styles.track}>
          <span className={styles.thumb} />
        </span>
        <span className={styles.label} data-testid={`${testId}-label`}>
          {validated ? t('orderValidation.yes') : t('orderValidation.no')}
        </span>
      </button>
      {asked !== null && order !== null && (
        <ValidationDialog
          title={t(asked ? 'orderValidation.validateTitle' : 'orderValidation.unvalidateTitle', { op })}
          submitLabel={t(asked ? 'orderValidation.validate' : 'orderValidation.unvalidate')}
          testId={testId}
          onClose={close}
          onSubmit={async (signature) => {
            try {
              await setValidation.mutateAsync({ order, validation: asked, ...signature });
            } catch (error) {
              notify.error(errorMessage(error, t('common.unknownError')));
              throw error;
            }
            notify.success(t(asked ? TOASTS[wording].validated : TOASTS[wording].unvalidated));
            close();
          }}
        />
      )}
    </>
  );
}
