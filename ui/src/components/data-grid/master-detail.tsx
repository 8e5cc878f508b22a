import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { DataGrid, type DataGridProps } from './data-grid';
import type { GridRow } from './grid-types';

export interface MasterDetailProps {
  /** The master grid (its selection drives the details). */
  master: Omit<DataGridProps, 'onSelect'>;
  /** The master's key column, whose value the detail grids filter on. */
  keyField: string;
  /** Shown until a master row is selected. */
  prompt: string;
  /** The heading above the details of the selected row. */
  heading: (row: GridRow) => string;
  /** The detail grids of the selected row. */
  children: (key: number, row: GridRow) => ReactNode;
}

/** A grid whose selected row's details (other grids) are shown below it: groups and their schedules, equipment and its reasons. */
export function MasterDetail({ master, keyField, prompt, heading, children }: MasterDetailProps) {
  const [selected, setSelected] = useState<GridRow | null>(null);
  const key = typeof selected?.[keyField] === 'number' ? (selected[keyField] as number) : null;
  return (
    <Stack gap="6">
      <DataGrid {...master} onSelect={setSelected} />
      {key === null || !selected ? (
        <Text color="fg.muted">{prompt}</Text>
      ) : (
        <Box key={key}>
          <Heading size="sm" mb="3">
            {heading(selected)}
          </Heading>
          <Stack gap="6">{children(key, selected)}</Stack>
        </Box>
      )}
    </Stack>
  );
}
