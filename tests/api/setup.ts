// Server test setup: when CI promises PostgreSQL, refuse to fall back silently to SQLite.
if (
  process.env.CI === 'true' &&
  process.env.REQUIRE_POSTGRES === 'true' &&
  !process.env.TEST_DATABASE_URL
) {
  throw new Error('REQUIRE_POSTGRES is set but TEST_DATABASE_URL is empty');
}
