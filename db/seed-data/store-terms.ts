/**
 * The demo stores' cashback terms (demo data): what their networks pay, and the terms members
 * read on a store's page: exclusions, the usual confirmation time and, for some, a cap. The rates in
 * stores.ts are the member's (what the pages have always shown); the network pays the commission
 * whose 90% is that rate (app/cashback/fee.ts: Cashwise keeps the 10% success fee).
 */
import { commissionForCashback } from "../../app/wallet/fee";
import type { SeedStore, StoreCategory } from "./stores";

type Texts = { en: string; nl: string; fr: string; es: string; de: string };

/** The network's commission rate (basis points) whose member share is the seeded rate. */
export function seedNetworkRateBps(store: Pick<SeedStore, "cashbackRateBps">): number {
  return commissionForCashback(store.cashbackRateBps);
}

/** Days the stores of a category usually take to confirm a purchase (returns, stays, subscriptions). */
const CONFIRMATION_DAYS: Record<StoreCategory, number> = {
  fashion: 45,
  electronics: 40,
  travel: 90,
  home: 45,
  beauty: 30,
  sports: 40,
  food: 30,
  books: 30,
  software: 60,
  marketplace: 60,
};

/** The most commission a store of the category pays on one order (cents); none where absent. */
const CAP_CENTS: Partial<Record<StoreCategory, number>> = {
  electronics: 5_000,
  travel: 20_000,
  marketplace: 2_500,
};

const GENERAL: Texts = {
  en: "No cashback on gift cards, on orders paid with vouchers or discount codes not listed on Cashwise, or on orders that are returned or cancelled.",
  nl: "Geen cashback op cadeaubonnen, op bestellingen betaald met vouchers of kortingscodes die niet op Cashwise staan, of op bestellingen die worden geretourneerd of geannuleerd.",
  fr: "Pas de cashback sur les cartes cadeaux, sur les commandes payées avec des bons ou codes promo non listés sur Cashwise, ni sur les commandes retournées ou annulées.",
  es: "Sin cashback en tarjetas regalo, en pedidos pagados con vales o códigos de descuento que no figuran en Cashwise, ni en pedidos devueltos o cancelados.",
  de: "Kein Cashback auf Geschenkkarten, auf Bestellungen mit Gutscheinen oder Rabattcodes, die nicht auf Cashwise stehen, und auf zurückgeschickte oder stornierte Bestellungen.",
};

const BY_CATEGORY: Partial<Record<StoreCategory, Texts>> = {
  travel: {
    en: "Cashback is confirmed after your stay or trip; taxes and booking fees earn none.",
    nl: "Cashback wordt bevestigd na je verblijf of reis; over belastingen en boekingskosten krijg je geen cashback.",
    fr: "Le cashback est confirmé après votre séjour ou voyage ; les taxes et frais de réservation n'en donnent pas.",
    es: "El cashback se confirma después de tu estancia o viaje; los impuestos y gastos de reserva no generan cashback.",
    de: "Cashback wird nach Ihrem Aufenthalt oder Ihrer Reise bestätigt; Steuern und Buchungsgebühren bringen keines.",
  },
  electronics: {
    en: "Phone contracts and extended warranties earn no cashback.",
    nl: "Telefoonabonnementen en verlengde garanties leveren geen cashback op.",
    fr: "Les forfaits téléphoniques et les extensions de garantie ne donnent pas de cashback.",
    es: "Los contratos de telefonía y las garantías ampliadas no generan cashback.",
    de: "Handyverträge und Garantieverlängerungen bringen kein Cashback.",
  },
  marketplace: {
    en: "Only items sold by the store itself earn cashback, not those of other sellers on its marketplace.",
    nl: "Alleen artikelen die de winkel zelf verkoopt leveren cashback op, niet die van andere verkopers op het platform.",
    fr: "Seuls les articles vendus par la boutique elle-même donnent du cashback, pas ceux d'autres vendeurs de sa place de marché.",
    es: "Solo los artículos que vende la propia tienda generan cashback, no los de otros vendedores de su marketplace.",
    de: "Nur Artikel, die der Shop selbst verkauft, bringen Cashback, nicht die anderer Verkäufer auf seinem Marktplatz.",
  },
  software: {
    en: "Only the first payment of a new subscription earns cashback; renewals and upgrades do not.",
    nl: "Alleen de eerste betaling van een nieuw abonnement levert cashback op; verlengingen en upgrades niet.",
    fr: "Seul le premier paiement d'un nouvel abonnement donne du cashback ; les renouvellements et mises à niveau non.",
    es: "Solo el primer pago de una suscripción nueva genera cashback; las renovaciones y mejoras no.",
    de: "Nur die erste Zahlung eines neuen Abonnements bringt Cashback, Verlängerungen und Upgrades nicht.",
  },
};

/** A seeded store's terms columns: exclusions (locale → text), confirmation days, cap. */
export function seedStoreTerms(store: Pick<SeedStore, "category">): { terms: Texts; confirmationDays: number; capCents: number | null } {
  const extra = BY_CATEGORY[store.category];
  const terms = Object.fromEntries(
    (Object.keys(GENERAL) as Array<keyof Texts>).map((locale) => [locale, extra ? `${GENERAL[locale]} ${extra[locale]}` : GENERAL[locale]]),
  ) as Texts;
  return { terms, confirmationDays: CONFIRMATION_DAYS[store.category], capCents: CAP_CENTS[store.category] ?? null };
}
