import { createToaster } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { lazyDefault } from '../../lib/lazy-component';

/**
 * The app's toasts (SPEC.md section 9: success 1.5 s, error 5 s). `notify` is callable from anywhere, including
 * mutation callbacks outside components.
 */
// Bottom end: toasts never cover the toolbars and menus at the top of a screen.
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

export const TOAST_MS = { success: 1500, info: 3000, warning: 1500, error: 5000 } as const;

type ToastType = keyof typeof TOAST_MS;

function show(type: ToastType, title: string, description?: string, duration: number = TOAST_MS[type]): void {
  toaster.create({ type, title, description, duration, closable: true });
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  info: (title: string, description?: string) => show('info', title, description),
  warning: (title: string, description?: string) => show('warning', title, description),
  error: (title: string, description?: string) => show('error', title, description),
};

/** Once a toast was made the region stays mounted: its toasts leave with their own exit, not with the region. */
let toastMade = false;
const anyToastYet = () => toastMade || toaster.getCount() > 0;
const subscribeToFirstToast = (changed: () => void) =>
  toaster.subscribe(() => {
    toastMade = true;
    changed();
  });

// The region's code (Chakra's toast group and its recipes) loads with the first toast, not with every page.
const ToastRegion = lazyDefault(() => import('./toast-region'));

/**
 * The toast region, mounted once the first toast is made (it then reads the toasts already in the store): until then
 * a page load pays neither for the toast group's code and machine nor for its measuring of the region.
 */
export function Toaster() {
  const needed = useSyncExternalStore(subscribeToFirstToast, anyToastYet);
  if (!needed) return null;
  return <ToastRegion />;
}
