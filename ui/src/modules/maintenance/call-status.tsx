import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const PALETTE = { 0: 'red', 1: 'orange', 2: 'green', 4: 'gray' } as const;

/** SPEC.md section 3's maintenance statuses: Waiting, Started, Finished, NoMtto. */
export function CallStatus({ status }: { status: 0 | 1 | 2 | 4 }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[status]} data-testid="call-status">
      {t(`maintenanceManager.status${status}`)}
    </Badge>
  );
}
