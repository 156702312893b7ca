/**
 * The assistant's facts about the asking user: owns finding which of the user's own figures a
 * question is about (keyword lists in the five languages, never SQL from the question's text) and
 * reading them through the domain modules' typed queries: balances and pending cashback (wallet),
 * the latest withdrawals, the plan or trial, and the ad metrics of the user's first client account
 * (the last 7 days of imported data against the 7 before, per campaign, and the latest audit).
 * Every read is keyed by the user's id only. Nothing here writes.
 */
import { listClientAccounts } from "~/ads/accounts.server";
import { latestAudit } from "~/ads/audit/audit.server";
import { adsDashboard, type CampaignRow } from "~/ads/dashboard.server";
import { addDays, previousRange, type DayRange } from "~/ads/dashboard-query";
import type { DbOrTx } from "~/db/db.server";
import type { WithdrawalState } from "~/db/schema";
import { getSubscription, getTrial, type SubscriptionView, type TrialView } from "~/plans/subscriptions.server";
import { dashboardFigures, getBalances, type Balances } from "~/wallet/balances.server";

export const TOPICS = ["balance", "cashback", "withdrawals", "plan", "cpa", "spend", "conversions", "audit"] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * What a question must contain (lower case, accents removed) to be about a topic, in English,
 * Dutch, French, Spanish and German. A keyword matches at the start of a word.
 */
const KEYWORDS: Record<Topic, string[]> = {
  balance: [
    "balance",
    "how much money",
    "available",
    "saldo",
    "tegoed",
    "beschikbaar",
    "hoeveel geld",
    "solde",
    "disponible",
    "combien d'argent",
    "cuanto dinero",
    "guthaben",
    "kontostand",
    "verfugbar",
    "wie viel geld",
  ],
  cashback: ["cashback", "cash back", "pending", "afwachting", "openstaand", "en attente", "pendiente", "ausstehend"],
  withdrawals: [
    "withdraw",
    "payout",
    "pay out",
    "opname",
    "opnemen",
    "opgenomen",
    "uitbetal",
    "retrait",
    "retirer",
    "virement",
    "retiro",
    "retirar",
    "auszahl",
    "abhebung",
    "abheben",
  ],
  plan: [
    "plan",
    "subscription",
    "trial",
    "abonnement",
    "proefperiode",
    "proefabonnement",
    "tarif",
    "forfait",
    "periode d'essai",
    "suscripcion",
    "prueba",
    "tarifa",
    "testphase",
    "testzeitraum",
  ],
  cpa: [
    "cost per conversion",
    "cost-per-conversion",
    "cost per acquisition",
    "cpa",
    "kosten per conversie",
    "kosten per acquisitie",
    "cout par conversion",
    "cout par acquisition",
    "coste por conversion",
    "costo por conversion",
    "coste por adquisicion",
    "kosten pro conversion",
    "kosten pro konversion",
    "kosten pro akquisition",
  ],
  spend: [
    "spend",
    "spent",
    "ad cost",
    "uitgaven",
    "uitgegeven",
    "advertentiekosten",
    "depense",
    "gasto",
    "gastado",
    "ausgaben",
    "ausgegeben",
    "werbekosten",
  ],
  conversions: ["conversion", "conversie", "konversion", "conversiones", "campaign", "campagne", "campana", "kampagne"],
  audit: ["audit", "grade", "score", "beoordeling", "cijfer", "auditoria", "calificacion", "bewertung"],
};

const normalize = (text: string) => text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(/[’`]/g, "'").replace(/\s+/g, " ");

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATTERNS = Object.fromEntries(
  TOPICS.map((topic) => [
    topic,
    new RegExp(`(^|[^\\p{L}\\p{N}])(${KEYWORDS[topic].map((word) => escape(normalize(word))).join("|")})`, "u"),
  ]),
) as Record<Topic, RegExp>;

/** The topics of the user's own data a question is about, in TOPICS order. */
export function detectTopics(question: string): Topic[] {
  const text = normalize(question);
  const topics = TOPICS.filter((topic) => PATTERNS[topic].test(text));
  // "Cost per conversion" is about the cost per conversion, not conversions and spend besides.
  return topics.includes("cpa") ? topics.filter((topic) => topic !== "conversions" && topic !== "spend") : topics;
}

export const AD_TOPICS: readonly Topic[] = ["cpa", "spend", "conversions", "audit"];

export interface WithdrawalFact {
  amountCents: number;
  currency: string;
  state: WithdrawalState;
  createdAt: string;
}

export interface CampaignMove {
  platform: string;
  campaign: string;
  spendNowCents: number;
  spendBeforeCents: number;
  conversionsNow: number;
  conversionsBefore: number;
  cpaNowCents: number | null;
  cpaBeforeCents: number | null;
  /** Extra spend the campaign's conversions did not cover at last week's cost per conversion. */
  pushCents: number;
}

export interface AdFacts {
  clientName: string;
  currency: string;
  week: DayRange;
  previousWeek: DayRange;
  hasPrevious: boolean;
  spendCents: { now: number | null; before: number | null };
  conversions: { now: number | null; before: number | null };
  cpaCents: { now: number | null; before: number | null };
  /** The campaigns that pushed the cost per conversion up most, worst first (at most 3). */
  movers: CampaignMove[];
}

export interface AuditFact {
  clientName: string;
  grade: string;
  score: number;
  createdAt: string;
  failingChecks: number;
}

export interface Facts {
  balances?: Balances;
  cashback?: { pendingCents: number; lifetimeCents: number; thisMonthCents: number };
  withdrawals?: WithdrawalFact[];
  plan?: { subscription: SubscriptionView | null; trial: TrialView | null };
  /** null: no client account or no imported ad data. */
  ads?: AdFacts | null;
  /** null: no audit yet. */
  audit?: AuditFact | null;
}

/** The user's latest withdrawals, newest first. */
export async function latestWithdrawals(db: DbOrTx, userId: string, limit = 3): Promise<WithdrawalFact[]> {
  const rows = await db
    .selectFrom("withdrawals")
    .select(["amountCents", "currency", "state", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("createdAt", "desc")
    .orderBy("transactionId", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

const byCampaign = (rows: CampaignRow[]) => {
  const map = new Map<string, CampaignRow>();
  for (const row of rows) if (row.campaign !== null) map.set(`${row.platform}\u0000${row.campaign}`, row);
  return map;
};

/**
 * The last 7 days of the client account's imported data (up to its latest imported day, never after
 * today) against the 7 days before, with the campaigns that moved the cost per conversion most.
 */
export async function adWeekFacts(db: DbOrTx, ownerId: string, nowMs = Date.now()): Promise<AdFacts | null> {
  const client = (await listClientAccounts(db, ownerId))[0];
  if (!client) return null;
  const latest = await db
    .selectFrom("adImports")
    .select((eb) => eb.fn.max("periodEnd").as("last"))
    .where("clientAccountId", "=", client.id)
    .where("status", "=", "imported")
    .where("rowCount", ">", 0)
    .executeTakeFirst();
  if (!latest?.last) return null;
  const today = new Date(nowMs).toISOString().slice(0, 10);
  const end = String(latest.last) < today ? String(latest.last) : today;
  const week: DayRange = { from: addDays(end, -6), to: end };
  const previousWeek = previousRange(week);
  const query = { platform: null, campaign: null, sort: "spend" as const, dir: "desc" as const };
  const [current, previous] = await Promise.all([
    adsDashboard(db, ownerId, client.id, { ...query, period: week }),
    adsDashboard(db, ownerId, client.id, { ...query, period: previousWeek }),
  ]);
  const k = current.kpis;
  const cpaBefore = k.cpaCents.previous;
  const before = byCampaign(previous.campaigns);
  const seen = new Set<string>();
  const moves: CampaignMove[] = [];
  const add = (key: string, now: CampaignRow | undefined, then: CampaignRow | undefined) => {
    const row = (now ?? then)!;
    const spendNowCents = now?.spendCents ?? 0;
    const spendBeforeCents = then?.spendCents ?? 0;
    const conversionsNow = now?.conversions ?? 0;
    const conversionsBefore = then?.conversions ?? 0;
    const pushCents = Math.round(spendNowCents - spendBeforeCents - (cpaBefore ?? 0) * (conversionsNow - conversionsBefore));
    moves.push({
      platform: row.platform,
      campaign: row.campaign!,
      spendNowCents,
      spendBeforeCents,
      conversionsNow,
      conversionsBefore,
      cpaNowCents: now?.cpaCents ?? null,
      cpaBeforeCents: then?.cpaCents ?? null,
      pushCents,
    });
    seen.add(key);
  };
  for (const [key, row] of byCampaign(current.campaigns)) add(key, row, before.get(key));
  for (const [key, row] of before) if (!seen.has(key)) add(key, undefined, row);
  return {
    clientName: client.name,
    currency: current.currency,
    week,
    previousWeek,
    hasPrevious: current.hasPrevious,
    spendCents: { now: k.spendCents.value, before: k.spendCents.previous },
    conversions: { now: k.conversions.value, before: k.conversions.previous },
    cpaCents: { now: k.cpaCents.value, before: cpaBefore },
    movers: moves
      .filter((move) => move.pushCents > 0)
      .sort((a, b) => b.pushCents - a.pushCents)
      .slice(0, 3),
  };
}

export async function auditFact(db: DbOrTx, ownerId: string): Promise<AuditFact | null> {
  const client = (await listClientAccounts(db, ownerId))[0];
  if (!client) return null;
  const audit = await latestAudit(db, ownerId, client.id);
  if (!audit) return null;
  return {
    clientName: client.name,
    grade: audit.grade,
    score: audit.score,
    createdAt: audit.createdAt,
    failingChecks: audit.checks.filter((check) => check.status === "graded" && check.grade === "C").length,
  };
}

/** The asking user's figures for the topics (only theirs: every read takes `userId`). */
export async function gatherFacts(db: DbOrTx, userId: string, topics: readonly Topic[], nowMs = Date.now()): Promise<Facts> {
  const facts: Facts = {};
  const wants = (topic: Topic) => topics.includes(topic);
  if (wants("balance")) facts.balances = await getBalances(db, userId);
  if (wants("cashback")) {
    const figures = await dashboardFigures(db, userId, nowMs);
    facts.cashback = {
      pendingCents: figures.pendingCashbackCents,
      lifetimeCents: figures.lifetimeCashbackCents,
      thisMonthCents: figures.cashbackThisMonthCents,
    };
  }
  if (wants("withdrawals")) facts.withdrawals = await latestWithdrawals(db, userId);
  if (wants("plan")) facts.plan = { subscription: await getSubscription(db, userId, nowMs), trial: await getTrial(db, userId, nowMs) };
  if (wants("cpa") || wants("spend") || wants("conversions")) facts.ads = await adWeekFacts(db, userId, nowMs);
  if (wants("audit")) facts.audit = await auditFact(db, userId);
  return facts;
}
