import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // In development the reference API runs beside Vite; the built app is served by the API itself.
    proxy: { '/api': 'http://localhost:3000', '/openapi.json': 'http://localhost:3000' },
  },
});
