import pg from "pg";

// A comparable picture of a database's schema: columns (type, nullability, default),
// indexes, constraints and enum types. Prisma's own bookkeeping table is left out.
export type CatalogSnapshot = Record<"columns" | "indexes" | "constraints" | "enums", string[]>;

export async function catalogSnapshot(url: string): Promise<CatalogSnapshot> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const lines = async (sql: string) => (await c.query<{ l: string }>(sql)).rows.map((r) => r.l).sort();
    return {
      columns: await lines(`
        SELECT table_name || '.' || column_name || ' ' || udt_name
          || COALESCE('(' || character_maximum_length || ')', '')
          || COALESCE(' p' || datetime_precision, '')
          || ' ' || is_nullable || ' default=' || COALESCE(column_default, '-') AS l
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`),
      indexes: await lines(
        `SELECT indexdef AS l FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
      ),
      constraints: await lines(`
        SELECT rel.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS l
        FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
        JOIN pg_namespace n ON n.oid = rel.relnamespace
        WHERE n.nspname = 'public' AND rel.relname <> '_prisma_migrations'`),
      enums: await lines(`
        SELECT t.typname || ': ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS l
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`),
    };
  } finally {
    await c.end();
  }
}

/** Every line that one snapshot has and the other lacks, labelled; empty when they agree. */
export function catalogDrift(expected: CatalogSnapshot, actual: CatalogSnapshot): string[] {
  const drift: string[] = [];
  for (const kind of Object.keys(expected) as (keyof CatalogSnapshot)[]) {
    const a = new Set(actual[kind]);
    const e = new Set(expected[kind]);
    for (const l of e) if (!a.has(l)) drift.push(`missing ${kind}: ${l}`);
    for (const l of a) if (!e.has(l)) drift.push(`unexpected ${kind}: ${l}`);
  }
  return drift;
}
