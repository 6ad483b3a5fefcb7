import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev/mailbox': 'http://localhost:3000' },
  },
  // The renderer carries everything it imports, so that the server loads it from wherever the build is.
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: isSsrBuild ? 'node24' : 'es2022',
    // The server reads which chunks and stylesheets each page needs from the manifest, as does the benchmark.
    manifest: !isSsrBuild,
    sourcemap: false,
    reportCompressedSize: false,
    // The public folder is the browser's: the renderer needs none of it.
    copyPublicDir: !isSsrBuild,
  },
}));
