import type { ButtonHTMLAttributes } from 'react';
import styles from './row-button.module.css';

export interface RowButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Chakra's outline button in gray, or its solid one in red (an action waiting: 'Reconocer'). */
  variant?: 'outline' | 'solid';
  size?: 'xs' | 'sm';
}

/**
 * A button drawn on every row of a list, looking as Chakra's Button does at that size and variant, with static classes
 * (row-button.module.css says why).
 */
export function RowButton({ variant = 'outline', size = 'xs', className, ...props }: RowButtonProps) {
  const classes = [styles.button, styles[variant], size === 'sm' && styles.sm, className].filter(Boolean).join(' ');
  return <button type="button" className={classes} {...props} />;
}
