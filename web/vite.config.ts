import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { webAliases } from './aliases.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [
    // Regenerates src/route-tree.gen.ts from src/routes/ on build and dev; the file is committed, so the
    // type check and the tests need no build first.
    tanstackRouter({
      target: 'react',
      routesDirectory: fileURLToPath(new URL('./src/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./src/route-tree.gen.ts', import.meta.url)),
      quoteStyle: 'single',
      semicolons: true,
      disableLogging: true,
    }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: webAliases },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // A feature's index.ts only re-exports its public parts (web/README.md): said to have no side
      // effects, it costs a page only the parts the page uses. Otherwise every module it names would be
      // kept for its top-level calls (forwardRef, createContext), and the landing chunk would load the
      // vendor and property list pages through the route loaders' `@/features/entities` import.
      treeshake: {
        moduleSideEffects: [{ test: /\/src\/features\/[^/]+\/index\.ts$/, sideEffects: false }],
      },
      output: {
        // pdf.js's worker ships as .mjs; served as .js it gets a JavaScript type from any static host
        // (the local gateway, S3), which a module worker requires.
        assetFileNames: ({ names }) =>
          names[0]?.endsWith('.mjs') ? 'assets/[name]-[hash].js' : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/config.json': { target: backend, changeOrigin: false },
    },
  },
});
