// Runs hot read queries from SQL compiled once, so the query builder's cost is paid once per shape.
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

const compiledSql = new WeakMap<Kysely<DB>, Map<string, string>>();

function sameParameters(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * The first call builds and compiles the query; later calls reuse its SQL with `parameters`,
 * which must be the query's parameters in the order the builder emits them. The first call
 * checks that order, so a mismatch fails loudly in tests instead of binding values wrongly.
 */
export async function runCompiled<Row>(
  db: Kysely<DB>,
  key: string,
  build: () => Compilable<Row>,
  parameters: readonly unknown[],
): Promise<Row[]> {
  let byKey = compiledSql.get(db);
  if (!byKey) {
    byKey = new Map();
    compiledSql.set(db, byKey);
  }
  let sql = byKey.get(key);
  if (sql === undefined) {
    const compiled = build().compile();
    if (!sameParameters(compiled.parameters, parameters)) {
      throw new Error(`runCompiled(${key}): parameters out of order`);
    }
    sql = compiled.sql;
    byKey.set(key, sql);
  }
  const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]));
  return result.rows;
}
