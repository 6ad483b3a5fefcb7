import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev/mailbox': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    // The benchmark reads which chunks the home page loads from the manifest.
    manifest: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
});
