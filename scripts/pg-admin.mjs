// Creates or drops a database: node scripts/pg-admin.mjs <admin-url> create|drop <name>.
import pg from 'pg';

const [url, action, name] = process.argv.slice(2);
if (!url || !['create', 'drop'].includes(action ?? '') || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: pg-admin.mjs <admin-url> create|drop <name>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query(
  action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`,
);
await client.end();
console.log(`${action === 'create' ? 'created' : 'dropped'} database ${name}`);
