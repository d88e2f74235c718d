// `npm start`: builds once when there is no build, then serves the browser app and the API on PORT.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Settings may come from a .env file; variables already in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env');

const built = existsSync('dist/web/index.html') && existsSync('dist/api/server/main.js');
if (!built) {
  console.log('No build found: building the browser app and the server first…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/api/server/main.js');
