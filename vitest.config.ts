import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/db/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Vitest's default leaves one core idle (cores - 1): on a 2-core machine that is one file at a time,
    // while much of a database suite's time is spent waiting on PostgreSQL or a child process.
    maxWorkers: os.availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: { APP_ENV: "test" },
  },
});
