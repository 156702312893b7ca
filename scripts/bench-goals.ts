/**
 * The goals of `npm run bench` (issue #17), collected from every part of the run and printed as one
 * table at the end: what was measured, the target, the baseline beside it, and whether it is met.
 * docs/performance.md's goals table is copied from this table (the README shows its headline rows).
 */
export interface GoalRow {
  goal: string;
  target: string;
  measured: string;
  baseline?: string;
  met: boolean | null;
}

const rows: GoalRow[] = [];

export function recordGoal(row: GoalRow) {
  rows.push(row);
}

export function printGoals() {
  if (rows.length === 0) return;
  console.log("\nGoals (issues #17 and #30)\n");
  console.table(
    rows.map((row) => ({
      goal: row.goal,
      target: row.target,
      measured: row.measured,
      baseline: row.baseline ?? "",
      met: row.met === null ? "n/a" : row.met ? "yes" : "NO",
    })),
  );
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
