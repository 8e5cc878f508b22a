import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A scrolling table of many small rows (diagnostics lists of hundreds of rows, refreshed every few seconds): plain
 * table elements styled once here, since a styled component per cell made each refresh take seconds on a busy
 * terminal. `children` are the body rows (<tr>); a cell of class `end` is right-aligned, `nowrap` does not wrap, `mono`
 * is monospace. `groups` (optional) is a header row above the columns' naming runs of them (label, how many columns).
 */
export function CompactTable({
  columns,
  groups,
  children,
  maxH = '360px',
  testId,
}: {
  columns: readonly { label: string; end?: boolean }[];
  groups?: readonly { label: string; span: number }[];
  children: ReactNode;
  maxH?: string;
  testId?: string;
}) {
  return (
    <Box maxH={maxH} overflowY="auto" borderWidth="1px" borderRadius="md">
      <Box
        as="table"
        w="full"
        fontSize="sm"
        css={{
          borderCollapse: 'collapse',
          // The header (one row or two) stays in view as the body scrolls.
          '& thead': { position: 'sticky', top: 0, zIndex: 1 },
          '& th': { bg: 'bg.muted', textAlign: 'start', fontWeight: 'medium', px: '2', py: '1.5' },
          '& th.group': { textAlign: 'center', borderBottomWidth: '1px', borderColor: 'border' },
          '& td': { px: '2', py: '1', borderTopWidth: '1px', borderColor: 'border', verticalAlign: 'top' },
          '& .end': { textAlign: 'end' },
          '& .nowrap': { whiteSpace: 'nowrap' },
          '& .mono': { fontFamily: 'mono', fontSize: 'xs' },
        }}
        data-testid={testId}
      >
        <thead>
          {groups && (
            <tr>
              {groups.map((group, index) => (
                <th key={index} colSpan={group.span} className={group.label ? 'group' : undefined} scope="colgroup">
                  {group.label}
                </th>
              ))}
            </tr>
          )}
          <tr>
            {columns.map((column, index) => (
              <th key={index} className={column.end ? 'end' : undefined}>
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
