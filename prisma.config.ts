import { defineConfig } from "prisma/config";

// Migrations are applied by server/migrate.ts (see README); the CLI is used for `generate` only.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
