import { Portal, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react';

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

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type ?? 'info'}`}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
