// The SQLite database's files: readable and writable by the server's user only.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';

let dir: string;
let database: Database | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'monthbook-db-files-'));
});
afterEach(async () => {
  await database?.close();
  database = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Opens, migrates and writes, so SQLite has made its -wal and -shm files. */
async function openAndWrite(path: string): Promise<Database> {
  const opened = openDatabase({ kind: 'sqlite', path });
  await migrate(opened);
  await opened.db
    .insertInto('users')
    .values({
      username: 'mode-check',
      username_key: 'mode-check',
      password_hash: 'x',
      date_joined: new Date().toISOString(),
    })
    .execute();
  return opened;
}

it('creates the database, -wal and -shm files 0600, and its folder 0700', async () => {
  const path = join(dir, 'nested', 'monthbook.sqlite');

  database = await openAndWrite(path);

  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    expect(existsSync(file)).toBe(true);
    expect(modeOf(file)).toBe(0o600);
  }
  expect(modeOf(join(dir, 'nested'))).toBe(0o700);
});

it('tightens the files an older version left readable by everyone', async () => {
  const path = join(dir, 'monthbook.sqlite');
  database = await openAndWrite(path);
  await database.close();
  database = undefined;
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(`${path}${suffix}`)) writeFileSync(`${path}${suffix}`, '');
    chmodSync(`${path}${suffix}`, 0o644);
  }

  database = openDatabase({ kind: 'sqlite', path });
  await database.ping();

  for (const suffix of ['', '-wal', '-shm']) expect(modeOf(`${path}${suffix}`)).toBe(0o600);
});
