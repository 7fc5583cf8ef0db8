// The whole schema drizzle-kit migrates: better-auth's generated tables plus the application's own.
export * from "./auth-schema";
export * from "./app-schema";
