import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The React app: sources in ui/, built into dist/ui (served by the edge with an SPA fallback). The app's own version
 * comes from package.json at build time so the running app can compare it with the server's /meta.json.
 * `npm run dev` serves it with hot reload and proxies the API to the edge (EDGE_URL, default http://127.0.0.1:8080).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as { version: string };
const edgeUrl = process.env.EDGE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  root: `${root}ui`,
  publicDir: false,
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  // React Router's package.json points every import at its development build (warnings, invariant messages, the
  // data router's dev checks); the production build beside it is the same code without them. The build takes that one.
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: `${root}node_modules/react-router/dist/production/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${root}node_modules/react-router/dist/production/dom-export.mjs` },
          ],
        }
      : {},
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': edgeUrl, '/meta.json': edgeUrl },
  },
  build: {
    outDir: `${root}dist/ui`,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The edge's app and the central portal's (portal.html, served by `oee-edge central serve`): two pages, shared chunks.
      input: { index: `${root}ui/index.html`, portal: `${root}ui/portal.html` },
      output: {
        // Libraries in their own long-lived chunks. The grid and chart libraries are only reached through lazily
        // loaded routes, so the login page never downloads them. Chakra UI is left to the bundler's splitting: one
        // chunk of all its components made every page, the login form first, fetch and compile the dialogs, menus,
        // tabs and toasts of every other page (976 kB of JavaScript for the login page; 847 kB split).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
            { name: 'ag-grid', test: /node_modules[\\/](ag-grid-community|ag-grid-react|ag-charts-types)[\\/]/, priority: 20 },
            { name: 'charts', test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/, priority: 20 },
            {
              name: 'data',
              test: /node_modules[\\/](@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
}));
