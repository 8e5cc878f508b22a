import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Chakra's default system with the plant's colours (SPEC.md section 9: OEE green #31aca6, red #ec5453). */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        oee: { green: { value: '#31aca6' }, red: { value: '#ec5453' }, running: { value: '#66D18A' } },
      },
    },
  },
  globalCss: {
    'html, body, #root': { height: '100%' },
    // A grid row that can no longer be changed (a deleted preload order): struck through and greyed.
    '.ag-row.row-locked .ag-cell': { textDecoration: 'line-through', color: 'fg.muted' },
  },
});

export const system = createSystem(defaultConfig, config);
