/**
 * The member's cashback activity (the one DataTable: a table on wide screens, cards on small ones),
 * each with its status badge, the expected confirmation date while pending, and for a visit with
 * no reported sale where a missing-cashback claim stands ("Claim missing cashback" while open).
 * Also the list of the member's claims.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/data-table";
import { StoreLogo } from "~/components/stores/store-logo";
import { usePageLocale } from "~/i18n/use-page-locale";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { localePath } from "~/utils/paths";

export interface ActivityRowView {
  key: string;
  clickId: string;
  clickedAt: string;
  store: { name: string; slug: string; logo: string | null };
  status: "tracked" | "pending" | "confirmed" | "declined" | "reversed" | "needs-review";
  conversion: { id: string; saleAmountCents: number; cashbackCents: number; occurredAt: string; confirmsAt: string | null } | null;
  claim: { window: "tooEarly" | "open" | "tooLate"; opensAt: string; closesAt: string; submitted: number } | null;
}

export interface ClaimRowView {
  id: string;
  storeName: string;
  orderId: string;
  orderDate: string;
  amountCents: number;
  status: "open" | "approved" | "rejected";
  reason: string | null;
  createdAt: string;
}

const STATUS_CLASS: Record<ActivityRowView["status"], string> = {
  tracked: "bg-slate-100 text-slate-800",
  pending: "bg-yellow-100 text-yellow-900",
  confirmed: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
  reversed: "bg-red-100 text-red-900",
  "needs-review": "bg-sky-100 text-sky-900",
};

const STATUS_KEY: Record<ActivityRowView["status"], string> = {
  tracked: "statuses.tracked",
  pending: "statuses.pending",
  confirmed: "statuses.confirmed",
  declined: "statuses.declined",
  reversed: "statuses.reversed",
  "needs-review": "statuses.needsReview",
};

const CLAIM_CLASS: Record<ClaimRowView["status"], string> = {
  open: "bg-yellow-100 text-yellow-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
};

function Badge({ className, children }: { className: string; children: React.ReactNode }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: ActivityRowView["status"] }) {
  const { t } = useTranslation("cashback");
  return (
    <Badge className={STATUS_CLASS[status]}>
      <span data-testid="status-badge">{t(STATUS_KEY[status])}</span>
    </Badge>
  );
}

/** Under the status: when a pending sale should confirm, or where a claim stands. */
function RowNote({ row }: { row: ActivityRowView }) {
  const { t } = useTranslation("cashback");
  const locale = usePageLocale();
  if (row.conversion?.confirmsAt) {
    return (
      <p className="mt-1 text-xs text-slate-600" data-testid="expected-confirmation">
        {t("list.expected", { date: formatDate(row.conversion.confirmsAt, locale) })}
      </p>
    );
  }
  if (!row.claim) return null;
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-600">
      {row.claim.submitted > 0 ? <p data-testid="claims-sent">{t("list.claimsSent", { count: row.claim.submitted })}</p> : null}
      {row.claim.window === "open" ? (
        <Link
          to={localePath(locale, `/cashback/claim/${encodeURIComponent(row.clickId)}`)}
          className="inline-block font-semibold text-brand-700 hover:underline"
          data-testid="claim-link"
        >
          {t("list.claimLink")}
        </Link>
      ) : row.claim.window === "tooEarly" ? (
        <p>{t("list.claimOpens", { date: formatDate(row.claim.opensAt, locale) })}</p>
      ) : (
        <p>{t("list.claimClosed", { date: formatDate(row.claim.closesAt, locale) })}</p>
      )}
    </div>
  );
}

function Amount({ row, kind }: { row: ActivityRowView; kind: "sale" | "cashback" }) {
  const locale = usePageLocale();
  if (!row.conversion) return <span className="text-slate-600">—</span>;
  const cents = kind === "sale" ? row.conversion.saleAmountCents : row.conversion.cashbackCents;
  const lost = kind === "cashback" && row.status === "declined";
  return (
    <span className={`tabular-nums ${lost ? "text-slate-600 line-through" : kind === "cashback" ? "font-semibold text-slate-900" : ""}`}>
      {formatMoney(cents, locale)}
    </span>
  );
}

export function ActivityList({ items }: { items: ActivityRowView[] }) {
  const { t } = useTranslation("cashback");
  const locale = usePageLocale();
  return (
    <DataTable
      testId="activity-table"
      caption={t("list.caption")}
      rows={items}
      rowKey={(row) => row.key}
      rowProps={(row) => ({ "data-testid": "activity-row", "data-click-id": row.clickId })}
      columns={[
        {
          key: "store",
          header: t("columns.store"),
          primary: true,
          cell: (row) => (
            <div className="flex items-center gap-3">
              <StoreLogo name={row.store.name} logo={row.store.logo} size="h-8 w-8" />
              <Link to={localePath(locale, `/webshops/${row.store.slug}`)} className="font-medium text-slate-900 hover:underline">
                {row.store.name}
              </Link>
            </div>
          ),
        },
        {
          key: "visited",
          header: t("columns.visited"),
          className: "text-slate-600",
          cell: (row) => <time dateTime={row.clickedAt}>{formatDate(row.clickedAt, locale)}</time>,
        },
        {
          key: "sale",
          header: t("columns.sale"),
          headerClassName: "text-right",
          className: "md:text-right",
          cell: (row) => <Amount row={row} kind="sale" />,
        },
        {
          key: "cashback",
          header: t("columns.cashback"),
          headerClassName: "text-right",
          className: "md:text-right",
          cell: (row) => <Amount row={row} kind="cashback" />,
        },
        {
          key: "status",
          header: t("columns.status"),
          cell: (row) => (
            <div>
              <StatusBadge status={row.status} />
              <RowNote row={row} />
            </div>
          ),
        },
      ]}
    />
  );
}

export function ClaimList({ claims }: { claims: ClaimRowView[] }) {
  const { t } = useTranslation("cashback");
  const locale = usePageLocale();
  if (claims.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600" data-testid="claims-empty">
        {t("claims.empty")}
      </p>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" data-testid="claims-list">
      {claims.map((claim) => (
        <li key={claim.id} className="rounded-2xl border border-slate-200 bg-surface p-4" data-testid="claim">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-semibold text-slate-900">{claim.storeName}</p>
            <Badge className={CLAIM_CLASS[claim.status]}>{t(`claims.statuses.${claim.status}`)}</Badge>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t("claims.orderId")}</dt>
              <dd className="break-all font-medium">{claim.orderId}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t("claims.orderDate")}</dt>
              <dd>{formatDate(`${claim.orderDate}T12:00:00.000Z`, locale)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t("claims.amount")}</dt>
              <dd className="tabular-nums">{formatMoney(claim.amountCents, locale)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">{t("claims.sent")}</dt>
              <dd>{formatDate(claim.createdAt, locale)}</dd>
            </div>
          </dl>
          {claim.status === "rejected" && claim.reason ? (
            <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="claim-reason">
              <span className="font-semibold">{t("claims.reason")}</span> {claim.reason}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
