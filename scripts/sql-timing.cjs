/**
 * Preload for `npm run profile -- --sql`: times every better-sqlite3 statement the server runs and,
 * when the process exits, writes the totals per SQL text to the file SQL_TIMING_FILE names (JSON).
 * Only for profiling: it wraps the driver's prepared statements.
 */
const fs = require("node:fs");
const Database = require("better-sqlite3");

const totals = new Map();
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function timedPrepare(sql) {
  const statement = prepare.call(this, sql);
  for (const method of ["all", "get", "run", "iterate"]) {
    const original = statement[method];
    if (typeof original !== "function") continue;
    statement[method] = function timed(...args) {
      const start = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const entry = totals.get(sql) ?? { calls: 0, ns: 0n };
        entry.calls++;
        entry.ns += process.hrtime.bigint() - start;
        totals.set(sql, entry);
      }
    };
  }
  return statement;
};

process.on("exit", () => {
  const file = process.env.SQL_TIMING_FILE;
  if (!file) return;
  const rows = [...totals].map(([sql, { calls, ns }]) => ({ sql, calls, ms: Number(ns) / 1e6 }));
  fs.writeFileSync(file, JSON.stringify(rows));
});
