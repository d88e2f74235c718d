// `npm run dev`: the API (restarting on change) and Vite's dev server (hot reload, proxying /api), together.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

// Settings may come from a .env file; variables already in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env');

const apiPort = process.env.API_PORT ?? '3001';
// Checkout and portal pages send the browser back to PUBLIC_URL: in development that is Vite's server.
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:5173';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', WEB_DIR: '', PUBLIC_URL: publicUrl },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
