import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  // The platform's tables, and each entity's own table beside its feature (ADR 045).
  schema: ["./app/.server/platform/db/schema.ts", "./app/features/*/table.server.ts"],
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_URL ?? "file:./data/app.db", authToken: process.env.DATABASE_AUTH_TOKEN },
});
