import pg from "pg";

/** Every row of every table, one string per row ("Table: {...}"), to search for what must not be there. */
export async function dumpRows(url = process.env.DATABASE_URL!): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const parts: string[] = [];
    for (const { t } of tables.rows) {
      const rows = await c.query(`SELECT * FROM "${t}"`);
      for (const row of rows.rows)
        parts.push(`${t}: ${JSON.stringify(row, (_k, v) => (typeof v === "bigint" ? v.toString() : v))}`);
    }
    return parts;
  } finally {
    await c.end();
  }
}

/** Every row of every table, as one string. */
export async function dumpDatabase(url = process.env.DATABASE_URL!): Promise<string> {
  return (await dumpRows(url)).join("\n");
}
