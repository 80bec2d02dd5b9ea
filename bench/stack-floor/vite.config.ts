// Builds the stack's floor app (main.tsx) on its own, with the console's Vite and React plugin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ root: import.meta.dirname, plugins: [react()] });
