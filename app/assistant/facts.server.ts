/**
 * The assistant's facts about the asking user: owns finding which of the user's own figures a
 * question is about (keyword lists in the five languages, never SQL from the question's text),
 * which of the user's client accounts it is about (the one it names, else the one the page is
 * scoped to, else the only one; with several and none named the answer asks which) and reading
 * the figures through the domain modules' typed queries: balances and pending cashback (wallet),
 * how much can be withdrawn, the latest withdrawals, the plan or trial, and the ad metrics of that
 * client account (the last 7 days of imported data against the 7 before, per campaign; the
 * campaign that spent most without a conversion in its latest data; the latest audit).
 * Every read is keyed by the user's id only. Nothing here writes.
 */
import { listClientAccounts, type ClientAccount } from "~/ads/accounts.server";
import { latestAudit } from "~/ads/audit/audit.server";
import { adsDashboard, type CampaignRow } from "~/ads/dashboard.server";
import { previousRange, type DayRange } from "~/ads/dashboard-query";
import { addDays } from "~/utils/dates";
import type { DbOrTx } from "~/db/db.server";
import type { WithdrawalState } from "~/db/schema";
import { getSubscription, getTrial, type SubscriptionView, type TrialView } from "~/plans/subscriptions.server";
import { dashboardFigures, getBalances, type Balances } from "~/wallet/balances.server";

export const TOPICS = [
  "balance",
  "withdrawable",
  "cashback",
  "withdrawals",
  "plan",
  "cpa",
  "waste",
  "spend",
  "conversions",
  "audit",
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * What a question must contain (lower case, accents removed) to be about a topic, in English,
 * Dutch, French, Spanish and German. A keyword matches at the start of a word.
 */
const KEYWORDS: Record<Exclude<Topic, "withdrawable">, string[]> = {
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
  waste: [
    "waste",
    "wasting",
    "without conversion",
    "without any conversion",
    "no conversions",
    "verspil",
    "zonder conversie",
    "geen conversies",
    "gaspill",
    "sans conversion",
    "aucune conversion",
    "desperdici",
    "malgast",
    "sin conversion",
    "ninguna conversion",
    "verschwend",
    "verbrenn",
    "ohne conversion",
    "ohne konversion",
    "keine conversion",
    "keine konversion",
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
const wordsPattern = (words: readonly string[]) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])(${words.map((word) => escape(normalize(word))).join("|")})`, "u");
const PATTERNS = Object.fromEntries(Object.entries(KEYWORDS).map(([topic, words]) => [topic, wordsPattern(words)])) as Record<
  Exclude<Topic, "withdrawable">,
  RegExp
>;

/** "How much / can I …" in the five languages: with a withdrawal word, a question about how much can be withdrawn. */
const HOW_MUCH = wordsPattern([
  "how much",
  "can i",
  "am i able",
  "hoeveel",
  "kan ik",
  "combien",
  "puis-je",
  "je peux",
  "est-ce que je peux",
  "cuanto",
  "puedo",
  "wie viel",
  "wieviel",
  "kann ich",
]);

/** The topics of the user's own data a question is about, in TOPICS order. */
export function detectTopics(question: string): Topic[] {
  const text = normalize(question);
  const found = new Set<Topic>(TOPICS.filter((topic) => topic !== "withdrawable" && PATTERNS[topic].test(text)));
  // "How much can I withdraw?" is about the balance that can be withdrawn, not past withdrawals.
  if (found.has("withdrawals") && HOW_MUCH.test(text)) {
    found.delete("withdrawals");
    found.delete("balance");
    found.add("withdrawable");
  }
  // "Which campaign wastes most money?" is about that campaign, not the balance ("how much money")
  // nor the week's spend and conversions.
  if (found.has("waste")) for (const topic of ["balance", "spend", "conversions"] as const) found.delete(topic);
  // "Cost per conversion" is about the cost per conversion, not conversions and spend besides.
  if (found.has("cpa")) for (const topic of ["spend", "conversions"] as const) found.delete(topic);
  return TOPICS.filter((topic) => found.has(topic));
}

export const AD_TOPICS: readonly Topic[] = ["cpa", "waste", "spend", "conversions", "audit"];

// ---------------------------------------------------------------------------------------------
// Which client account

/** Words too common in account names and questions to tell accounts apart (the default names' too). */
const NAME_STOP_WORDS = new Set(
  (
    "the and for with from my our your ads account client campaign campaigns mijn onze advertenties account klant " +
    "les des mes nos annonces compte los las mis nuestros anuncios cuenta der die das und meine unsere anzeigen konto kunde"
  ).split(" "),
);

const words = (text: string) =>
  normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export type ClientChoice =
  /** The question names it, the page is scoped to it, or it is the only one. */
  | { kind: "named" | "scoped" | "only"; client: ClientAccount }
  /** Several accounts and none named: the answer asks which (these). */
  | { kind: "ask"; accounts: ClientAccount[] };

/**
 * The client account a question is about: the one whose whole name it contains (case and accents
 * aside; the longest such name), else the one sharing the most of its telling words (at least three
 * letters, not a common word, not in another account's name too); else the account the page is
 * scoped to (`scopedId`, when it is one of these); else the only one; else "ask" (with the accounts
 * that tie on a word, or all of them). Null without accounts.
 */
export function resolveClient(accounts: readonly ClientAccount[], question: string, scopedId?: string | null): ClientChoice | null {
  if (!accounts.length) return null;
  const asked = ` ${words(question).join(" ")} `;
  const questionWords = new Set(words(question));
  // A name of common words only ("My ads") is not taken for naming the account in "my ads".
  const whole = accounts
    .filter((account) => {
      const name = words(account.name);
      return name.some((word) => word.length >= 2 && !NAME_STOP_WORDS.has(word)) && asked.includes(` ${name.join(" ")} `);
    })
    .sort((a, b) => words(b.name).join(" ").length - words(a.name).join(" ").length);
  if (whole.length) return { kind: "named", client: whole[0]! };
  const telling = (account: ClientAccount) =>
    [...new Set(words(account.name))].filter(
      (word) =>
        word.length >= 3 &&
        !NAME_STOP_WORDS.has(word) &&
        !accounts.some((other) => other.id !== account.id && words(other.name).includes(word)),
    );
  // A word of the question counts when it is the name's word or its start ("Maple" for "Maple's").
  const scored = accounts
    .map((account) => ({
      account,
      score: telling(account).filter((word) =>
        [...questionWords].some((term) => term === word || (term.length >= 4 && word.startsWith(term))),
      ).length,
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  if (scored.length && (scored.length === 1 || scored[0]!.score > scored[1]!.score)) return { kind: "named", client: scored[0]!.account };
  const scoped = scopedId ? accounts.find((account) => account.id === scopedId) : undefined;
  if (scoped) return { kind: "scoped", client: scoped };
  if (accounts.length === 1) return { kind: "only", client: accounts[0]! };
  return {
    kind: "ask",
    accounts: scored.length ? scored.filter((entry) => entry.score === scored[0]!.score).map((entry) => entry.account) : [...accounts],
  };
}

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
  currency: string | null;
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

export interface WasteFact {
  clientName: string;
  currency: string | null;
  /** The period of the client account's latest data ("all": an "All time" export). */
  period: DayRange | "all";
  /** null: no campaign spent without converting. */
  campaign: { platform: string; name: string; spendCents: number; clicks: number | null; impressions: number | null } | null;
}

export interface Facts {
  /** Several client accounts and the question names none: the names to choose from. */
  whichClient?: string[];
  balances?: Balances;
  cashback?: { pendingCents: number; lifetimeCents: number; thisMonthCents: number };
  withdrawals?: WithdrawalFact[];
  plan?: { subscription: SubscriptionView | null; trial: TrialView | null };
  /** null: no client account or no imported ad data. */
  ads?: AdFacts | null;
  /** null: no audit yet. */
  audit?: AuditFact | null;
  /** null: no client account or no imported ad data. */
  waste?: WasteFact | null;
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
export async function adWeekFacts(db: DbOrTx, ownerId: string, client: ClientAccount, nowMs = Date.now()): Promise<AdFacts | null> {
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

export async function auditFact(db: DbOrTx, ownerId: string, client: ClientAccount): Promise<AuditFact | null> {
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

/**
 * The campaign that spent most without a single conversion in the client account's latest data
 * (the latest import's period, as the dashboard opens on it); `campaign` null when every campaign
 * with spend converted (or the exports report no conversions).
 */
export async function wasteFact(db: DbOrTx, ownerId: string, client: ClientAccount): Promise<WasteFact | null> {
  const dashboard = await adsDashboard(db, ownerId, client.id, {
    period: null,
    platform: null,
    campaign: null,
    sort: "spend",
    dir: "desc",
  });
  if (!dashboard.hasData || !dashboard.rows) return null;
  const wasted = dashboard.campaigns
    .filter((row) => row.campaign !== null && row.conversions === 0 && (row.spendCents ?? 0) > 0)
    .sort((a, b) => (b.spendCents ?? 0) - (a.spendCents ?? 0) || a.campaign!.localeCompare(b.campaign!))[0];
  return {
    clientName: client.name,
    currency: dashboard.currency,
    period: dashboard.period,
    campaign: wasted
      ? {
          platform: wasted.platform,
          name: wasted.campaign!,
          spendCents: wasted.spendCents ?? 0,
          clicks: wasted.clicks,
          impressions: wasted.impressions,
        }
      : null,
  };
}

export interface GatherOptions {
  /** The question's text (which client account it names). */
  question?: string;
  /** The client account the page is scoped to (`?client=`), if any. */
  clientAccountId?: string | null;
  nowMs?: number;
}

/** The asking user's figures for the topics (only theirs: every read takes `userId`). */
export async function gatherFacts(db: DbOrTx, userId: string, topics: readonly Topic[], options: GatherOptions = {}): Promise<Facts> {
  const facts: Facts = {};
  const nowMs = options.nowMs ?? Date.now();
  const wants = (topic: Topic) => topics.includes(topic);
  if (wants("balance") || wants("withdrawable")) facts.balances = await getBalances(db, userId);
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
  if (!topics.some((topic) => AD_TOPICS.includes(topic))) return facts;
  const choice = resolveClient(await listClientAccounts(db, userId), options.question ?? "", options.clientAccountId);
  if (choice?.kind === "ask") {
    facts.whichClient = choice.accounts.map((account) => account.name);
    return facts;
  }
  const client = choice?.client;
  if (wants("cpa") || wants("spend") || wants("conversions")) facts.ads = client ? await adWeekFacts(db, userId, client, nowMs) : null;
  if (wants("waste")) facts.waste = client ? await wasteFact(db, userId, client) : null;
  if (wants("audit")) facts.audit = client ? await auditFact(db, userId, client) : null;
  return facts;
}
