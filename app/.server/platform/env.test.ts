import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { dataDirectory, EnvError, parseEnv } from "./env";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const noWarning = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

function envErrorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv({ AUTH_SECRET: secret, ...source }, noWarning);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("parseEnv accepted an invalid environment");
}

describe("environment", () => {
  it("starts with sensible defaults", () => {
    const env = parseEnv({ AUTH_SECRET: secret }, noWarning);
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBe("file:./data/app.db");
    expect(env.SIGN_UP_ENABLED).toBe(true);
    expect(env.INVITATIONS_OPEN_SIGN_UP).toBe(false);
    expect(env.SEED).toBe(true);
    expect(env.githubEnabled).toBe(false);
    expect(env.AUTH_SECRET).toBe(secret);
    expect(env.LOG_FORMAT).toBe("text");
    expect(env.WEB_CONCURRENCY).toBe(1);
  });

  it.each([
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["DATABASE_URL", "postgres://db/app"],
    ["DATABASE_URL", "file:"],
    ["DATABASE_URL", "file:?mode=ro"],
    ["AUTH_SECRET", "too-short"],
    ["ENV_COLOR", "red; background: url(x)"],
    ["MAX_REQUESTS_PER_CLIENT", "-1"],
    ["MAX_REQUESTS_PER_CLIENT", "lots"],
    ["REQUEST_TIMEOUT_SECONDS", "0"],
    ["LOG_FORMAT", "xml"],
    ["WEB_CONCURRENCY", "0"],
    ["WEB_CONCURRENCY", "65"],
    ["WEB_CONCURRENCY", "two"],
    ["REPLICA_SYNC_MS", "0"],
    ["REPLICA_SYNC_MS", "60000"],
  ])("refuses a bad %s with a one-line message naming it", (name, value) => {
    const error = envErrorOf({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).not.toMatch(/\n/);
  });

  it.each([
    [{ GITHUB_CLIENT_ID: "client-id" }, "GITHUB_CLIENT_SECRET"],
    [{ GITHUB_CLIENT_SECRET: "client-secret" }, "GITHUB_CLIENT_ID"],
  ])("names the missing half of the GitHub app (%o)", (source, missing) => {
    expect(envErrorOf(source).message).toMatch(new RegExp(`^Invalid environment variable ${missing}:`));
  });

  it.each([
    [{ DATABASE_REPLICA_FILE: "data/replica.db" }, "DATABASE_REPLICA_FILE"],
    [
      { DATABASE_URL: "http://primary:8080", DATABASE_REPLICA_FILE: "data/replica.db", WEB_CONCURRENCY: "2" },
      "WEB_CONCURRENCY",
    ],
  ])("refuses a replica without a server to follow, or shared by processes (%o)", (source, name) => {
    expect(envErrorOf(source).message).toMatch(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it("offers GitHub sign-in when both halves are set", () => {
    const env = parseEnv({ AUTH_SECRET: secret, GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "secret" }, noWarning);
    expect(env.githubEnabled).toBe(true);
  });

  it("generates and keeps a secret beside the database when AUTH_SECRET is unset", () => {
    const directory = mkdtempSync(join(tmpdir(), "groundwork-env-"));
    try {
      const databaseUrl = `file:${join(directory, "nested", "app.db")}`;
      expect(dataDirectory(databaseUrl)).toBe(join(directory, "nested"));
      const warnings: string[] = [];
      const first = parseEnv({ DATABASE_URL: databaseUrl }, (message) => warnings.push(message));
      expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(join(directory, "nested", "auth-secret"), "utf8").trim()).toBe(first.AUTH_SECRET);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("AUTH_SECRET");

      const second = parseEnv({ DATABASE_URL: databaseUrl }, (message) => warnings.push(message));
      expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);
      expect(warnings).toHaveLength(1);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    expect(existsSync(directory)).toBe(false);
  });

  it("keeps a remote database's secret in ./data", () => {
    expect(dataDirectory("libsql://example.turso.io")).toBe("data");
  });

  it("says what a bare file: database URL lacks, in one line", () => {
    expect(envErrorOf({ DATABASE_URL: "file:" }).message).toBe(
      'Invalid environment variable DATABASE_URL: file: needs a path, e.g. file:./data/app.db (got "file:")',
    );
  });

  it("caps requests in flight per client at 8 unless told otherwise, 0 meaning no cap", () => {
    const parse = (value?: string) => parseEnv({ AUTH_SECRET: secret, MAX_REQUESTS_PER_CLIENT: value }, noWarning);
    expect(parse().MAX_REQUESTS_PER_CLIENT).toBe(8);
    expect(parse("").MAX_REQUESTS_PER_CLIENT).toBe(8);
    expect(parse("0").MAX_REQUESTS_PER_CLIENT).toBe(0);
    expect(parse(" 20 ").MAX_REQUESTS_PER_CLIENT).toBe(20);
    expect(parseEnv({ AUTH_SECRET: secret }, noWarning).REQUEST_TIMEOUT_SECONDS).toBe(30);
  });

  it("reads ADMIN_USER_IDS as a trimmed comma list", () => {
    const env = parseEnv({ AUTH_SECRET: secret, ADMIN_USER_IDS: " id-1, id-2 ,,id-3 " }, noWarning);
    expect(env.ADMIN_USER_IDS).toEqual(["id-1", "id-2", "id-3"]);
  });
});
