import { Button } from '@chakra-ui/react';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../lib/lazy-component';
import { RowButton, type RowButtonProps } from '../row-button';
import type { Stop } from './stop';
import type { StopSelection } from './stop-selection';

interface StopDialogs {
  recognize(stops: readonly Stop[]): void;
  split(stop: Stop): void;
}

type Open = { kind: 'recognize'; stops: readonly Stop[] } | { kind: 'split'; stop: Stop } | null;

const StopDialogsContext = createContext<StopDialogs | null>(null);

// Fetched when first opened: the screens that host them (the dashboard, the stops list) show their stops first.
const RecognizeDialog = lazyComponent(() => import('./recognize-dialog').then((module) => module.RecognizeDialog));
const SplitDialog = lazyComponent(() => import('./split-dialog').then((module) => module.SplitDialog));

/** Hosts the recognition and split dialogs of a screen, so any tile, bar or grid cell of it can open them. */
export function StopDialogsProvider({ lineID, children }: { lineID: number | null; children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  const dialogs = useMemo<StopDialogs>(
    () => ({ recognize: (stops) => setOpen({ kind: 'recognize', stops }), split: (stop) => setOpen({ kind: 'split', stop }) }),
    [],
  );
  const close = () => setOpen(null);
  return (
    <StopDialogsContext.Provider value={dialogs}>
      {children}
      {open?.kind === 'recognize' && (
        <RecognizeDialog
          stops={open.stops}
          lineIDs={lineID !== null ? [lineID] : [...new Set(open.stops.map((stop) => stop.lineID))]}
          onClose={close}
        />
      )}
      {open?.kind === 'split' && <SplitDialog stop={open.stop} onClose={close} />}
    </StopDialogsContext.Provider>
  );
}

export function useStopDialogs(): StopDialogs {
  const dialogs = useContext(StopDialogsContext);
  if (!dialogs) throw new Error('useStopDialogs needs a StopDialogsProvider');
  return dialogs;
}

/**
 * 'Reconocer' (red) on an unrecognized stop, 'Modificar' on a recognized one (SPEC.md section 4). A row button (static
 * classes): the stop lists draw one or two on every row.
 */
export function RecognizeButton({ stop, size = 'xs' }: { stop: Stop; size?: RowButtonProps['size'] }) {
  const { t } = useTranslation();
  const dialogs = useStopDialogs();
  return (
    <RowButton
      size={size}
      variant={stop.recognized ? 'outline' : 'solid'}
      onClick={() => dialogs.recognize([stop])}
      data-testid={`${stop.recognized ? 'modify' : 'recognize'}-${stop.stopID}`}
    >
      {t(stop.recognized ? 'stopActions.modify' : 'stopActions.recognize')}
    </RowButton>
  );
}

export function SplitButton({ stop, size = 'xs' }: { stop: Stop; size?: RowButtonProps['size'] }) {
  const { t } = useTranslation();
  const dialogs = useStopDialogs();
  return (
    <RowButton size={size} onClick={() => dialogs.split(stop)} data-testid={`split-${stop.stopID}`}>
      {t('stopActions.split')}
    </RowButton>
  );
}

/** Opens recognition for the ticked stops (one reason, one signature) and clears the selection. */
export function RecognizeSelectedButton({
  selection,
  label,
  size = 'xs',
  testId,
}: {
  selection: StopSelection;
  label: string;
  size?: 'xs' | 'sm';
  testId: string;
}) {
  const dialogs = useStopDialogs();
  return (
    <Button
      size={size}
      colorPalette="red"
      disabled={selection.chosen.length === 0}
      onClick={() => {
        dialogs.recognize(selection.chosen);
        selection.clear();
      }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
