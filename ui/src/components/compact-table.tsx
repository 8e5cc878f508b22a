import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A scrolling table of many small rows (diagnostics lists of hundreds of rows, refreshed every few seconds): plain
 * table elements styled once here, since a styled component per cell made each refresh take seconds on a busy
 * terminal. `children` are the body rows (<tr>); a cell of class `end` is right-aligned, `nowrap` does not wrap, `mono`
 * is monospace.
 */
export function CompactTable({ columns, children, maxH = '360px', testId }: { columns: readonly { label: string; end?: boolean }[]; children: ReactNode; maxH?: string; testId?: string }) {
  return (
    <Box maxH={maxH} overflowY="auto" borderWidth="1px" borderRadius="md">
      <Box
        as="table"
        w="full"
        fontSize="sm"
        css={{
          borderCollapse: 'collapse',
          '& th': { position: 'sticky', top: 0, bg: 'bg.muted', textAlign: 'start', fontWeight: 'medium', px: '2', py: '1.5', zIndex: 1 },
          '& td': { px: '2', py: '1', borderTopWidth: '1px', borderColor: 'border', verticalAlign: 'top' },
          '& .end': { textAlign: 'end' },
          '& .nowrap': { whiteSpace: 'nowrap' },
          '& .mono': { fontFamily: 'mono', fontSize: 'xs' },
        }}
        data-testid={testId}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={column.end ? 'end' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Box>
    </Box>
  );
}
