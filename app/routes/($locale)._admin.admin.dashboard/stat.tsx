/** One figure on the back office's dashboard: label, value and an optional hint. */
export function Stat({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 bg-surface p-4 sm:p-5" data-testid={`stat-${id}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-2 break-words text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}
