/**
 * Ad-export columns: owns the column-name tables, one per format (Google Ads UI reports, Google Ads
 * Editor, Meta Ads Manager, Microsoft Advertising), mapping header titles in en, nl, de, fr and es
 * onto canonical fields, and what type of value each field holds. Titles are compared without
 * case, accents, spaces or punctuation (`Cost / conv.` = `costconv`), so API spellings such as
 * Microsoft's `CampaignName` match `Campaign name`.
 *
 * Provenance: the English Google, Editor and Meta names are from real exports (see
 * /work/shared/research/ad-formats.md); de `Kampagne, Kosten, Klicks, Impressionen, Durchschn. CPC,
 * Kosten/Conv., Währungscode, Tag`, nl `Campagne, Kosten, Klikken, Vertoningen, Gem. CPC,
 * Conversies, Conv.percentage, Kosten/conversie`, fr `Campagne, Coût, Clics, Code de la devise,
 * Jour`, Meta es `Inicio del informe, Fin del informe, Importe gastado, Indicador de resultado`
 * and de `Kampagnenname, Ausgegebener Betrag` are from third-party fixtures. EVERY OTHER
 * non-English name below is UNVERIFIED (the language's usual UI wording, completed by hand), and
 * Microsoft's names are from its documentation (display names and API column names), not files.
 */
import type { BreakdownDimension, ExportLanguage } from "./types";

export type Field =
  | "campaign"
  | "adGroup"
  | "keyword"
  | "matchType"
  | "criterionType"
  // Google Ads Editor: the shared negative keyword list a row belongs to or is applied with.
  | "sharedSet"
  | "searchTerm"
  | "status"
  | "servingStatus"
  | "campaignType"
  | "device"
  | "day"
  | "reportingStarts"
  | "reportingEnds"
  | "currency"
  | "bidStrategyType"
  | "budget"
  | "budgetType"
  | "maxCpc"
  | "networks"
  // Microsoft's `Network` column (`Bing and Yahoo! search`, `Syndicated search partners`, `Audience`).
  | "network"
  | "adGroupType"
  | "adName"
  | "adType"
  | "finalUrl"
  | "path1"
  | "path2"
  | "adStrength"
  | "impressions"
  | "interactions"
  | "interactionRate"
  | "avgCost"
  | "clicks"
  | "clicksAll"
  | "cost"
  | "conversions"
  | "purchases"
  | "conversionValue"
  | "ctr"
  | "avgCpc"
  | "costPerConversion"
  | "conversionRate"
  | "roas"
  | "impressionShare"
  | "lostIsBudget"
  | "lostIsRank"
  | "qualityScore"
  | "expectedCtr"
  | "adRelevance"
  | "landingPageExperience"
  | "results"
  | "resultIndicator"
  | "reach"
  | "frequency"
  | "statusReasons"
  | "adStrengthImprovements"
  | "addedExcluded"
  | "targetCpa"
  | "targetRoas"
  | "targetingMethod"
  | "broadMatchKeywords"
  | "approvalStatus"
  | "campaignStatus"
  | "adGroupStatus"
  | "qualityRanking"
  | "engagementRateRanking"
  | "conversionRateRanking"
  // Meta breakdowns (By delivery / By time): one column per dimension, age × gender is two.
  | "age"
  | "gender"
  | "country"
  | "region"
  | "dma"
  | "publisherPlatform"
  | "placement"
  | "devicePlatform"
  | "impressionDevice"
  | "timeOfDayAccount"
  | "timeOfDayViewer"
  // Google Keyword Planner.
  | "segmentation"
  | "searchVolume"
  | "competition"
  | "competitionIndex"
  | "bidLow"
  | "bidHigh"
  | "threeMonthChange"
  | "yoyChange"
  // Google Ads Auction insights.
  | "domain"
  | "auctionImpressionShare"
  | "overlapRate"
  | "positionAboveRate"
  | "topOfPageRate"
  | "absTopOfPageRate"
  | "outrankingShare"
  | "week"
  | "month"
  | "quarter"
  | "year";

export type ValueType = "text" | "integer" | "number" | "money" | "percent" | "day";

export const FIELD_TYPES: Record<Field, ValueType> = {
  campaign: "text",
  adGroup: "text",
  keyword: "text",
  matchType: "text",
  criterionType: "text",
  sharedSet: "text",
  searchTerm: "text",
  status: "text",
  servingStatus: "text",
  campaignType: "text",
  device: "text",
  day: "day",
  reportingStarts: "day",
  reportingEnds: "day",
  currency: "text",
  bidStrategyType: "text",
  budget: "money",
  budgetType: "text",
  maxCpc: "money",
  networks: "text",
  network: "text",
  adGroupType: "text",
  adName: "text",
  adType: "text",
  finalUrl: "text",
  path1: "text",
  path2: "text",
  adStrength: "text",
  impressions: "integer",
  interactions: "integer",
  interactionRate: "percent",
  avgCost: "money",
  clicks: "integer",
  clicksAll: "integer",
  cost: "money",
  conversions: "number",
  purchases: "number",
  conversionValue: "money",
  ctr: "percent",
  avgCpc: "money",
  costPerConversion: "money",
  conversionRate: "percent",
  roas: "number",
  impressionShare: "percent",
  lostIsBudget: "percent",
  lostIsRank: "percent",
  qualityScore: "number",
  expectedCtr: "text",
  adRelevance: "text",
  landingPageExperience: "text",
  results: "number",
  resultIndicator: "text",
  reach: "integer",
  frequency: "number",
  statusReasons: "text",
  adStrengthImprovements: "text",
  addedExcluded: "text",
  targetCpa: "money",
  // Editor writes a target ROAS as a percentage (`400%` = 4.0); a plain number is read as percent too.
  targetRoas: "percent",
  targetingMethod: "text",
  broadMatchKeywords: "text",
  approvalStatus: "text",
  campaignStatus: "text",
  adGroupStatus: "text",
  qualityRanking: "text",
  engagementRateRanking: "text",
  conversionRateRanking: "text",
  age: "text",
  gender: "text",
  country: "text",
  region: "text",
  dma: "text",
  publisherPlatform: "text",
  placement: "text",
  devicePlatform: "text",
  impressionDevice: "text",
  timeOfDayAccount: "text",
  timeOfDayViewer: "text",
  segmentation: "text",
  // An integer or a bucket (`1K – 10K`): read by the Keyword Planner reader, not as a number column.
  searchVolume: "text",
  competition: "text",
  competitionIndex: "integer",
  threeMonthChange: "percent",
  yoyChange: "percent",
  bidLow: "money",
  bidHigh: "money",
  domain: "text",
  auctionImpressionShare: "percent",
  overlapRate: "percent",
  positionAboveRate: "percent",
  topOfPageRate: "percent",
  absTopOfPageRate: "percent",
  outrankingShare: "percent",
  // Time segments (`2026-05-04`, `Week of May 4, 2026`, `May 2026`, `Q2 2026`, `2026`): read as the segment's first day.
  week: "text",
  month: "text",
  quarter: "text",
  year: "text",
};

export type AliasTable = Partial<Record<Field, Partial<Record<ExportLanguage, string[]>>>>;

/** Google Ads UI reports (campaign, ad group, keyword, search terms, ad). */
export const GOOGLE_COLUMNS: AliasTable = {
  campaign: { en: ["Campaign"], nl: ["Campagne"], de: ["Kampagne"], fr: ["Campagne"], es: ["Campaña"] },
  adGroup: { en: ["Ad group"], nl: ["Advertentiegroep"], de: ["Anzeigengruppe"], fr: ["Groupe d'annonces"], es: ["Grupo de anuncios"] },
  keyword: { en: ["Keyword", "Search keyword"], nl: ["Zoekwoord"], de: ["Keyword", "Suchkeyword"], fr: ["Mot clé"], es: ["Palabra clave"] },
  matchType: {
    en: ["Match type", "Search keyword match type"],
    nl: ["Zoekwoordtype", "Zoektype"],
    de: ["Übereinstimmungstyp", "Keyword-Option"],
    fr: ["Type de correspondance"],
    es: ["Tipo de concordancia"],
  },
  searchTerm: { en: ["Search term"], nl: ["Zoekterm"], de: ["Suchbegriff"], fr: ["Terme de recherche"], es: ["Término de búsqueda"] },
  status: {
    en: ["Campaign status", "Ad group status", "Keyword status", "Search keyword status", "Ad status"],
    nl: ["Campagnestatus", "Status advertentiegroep", "Zoekwoordstatus", "Advertentiestatus"],
    de: ["Kampagnenstatus", "Anzeigengruppenstatus", "Keyword-Status", "Anzeigenstatus"],
    fr: ["État de la campagne", "État du groupe d'annonces", "État du mot clé", "État de l'annonce"],
    es: ["Estado de la campaña", "Estado del grupo de anuncios", "Estado de la palabra clave", "Estado del anuncio"],
  },
  servingStatus: { en: ["Status"], fr: ["État"], es: ["Estado"] },
  campaignType: { en: ["Campaign type"], nl: ["Campagnetype"], de: ["Kampagnentyp"], fr: ["Type de campagne"], es: ["Tipo de campaña"] },
  device: { en: ["Device"], nl: ["Apparaat"], de: ["Gerät"], fr: ["Appareil"], es: ["Dispositivo"] },
  day: { en: ["Day", "Date"], nl: ["Dag"], de: ["Tag"], fr: ["Jour"], es: ["Día"] },
  currency: { en: ["Currency code"], nl: ["Valutacode"], de: ["Währungscode"], fr: ["Code de la devise"], es: ["Código de moneda"] },
  bidStrategyType: {
    en: ["Bid strategy type"],
    nl: ["Type biedstrategie"],
    de: ["Gebotsstrategietyp"],
    fr: ["Type de stratégie d'enchères"],
    es: ["Tipo de estrategia de puja"],
  },
  budget: { en: ["Budget"], es: ["Presupuesto"] },
  budgetType: { en: ["Budget type"], nl: ["Budgettype"], de: ["Budgettyp"], fr: ["Type de budget"], es: ["Tipo de presupuesto"] },
  maxCpc: { en: ["Max. CPC"], fr: ["CPC max."], es: ["CPC máx."] },
  adType: { en: ["Ad type"], nl: ["Advertentietype"], de: ["Anzeigentyp"], fr: ["Type d'annonce"], es: ["Tipo de anuncio"] },
  finalUrl: { en: ["Final URL"], nl: ["Uiteindelijke URL"], de: ["Finale URL"], fr: ["URL finale"], es: ["URL final"] },
  path1: { en: ["Path 1"], nl: ["Pad 1"], de: ["Pfad 1"], fr: ["Chemin 1"], es: ["Ruta 1"] },
  path2: { en: ["Path 2"], nl: ["Pad 2"], de: ["Pfad 2"], fr: ["Chemin 2"], es: ["Ruta 2"] },
  adStrength: {
    en: ["Ad strength"],
    nl: ["Advertentiesterkte"],
    de: ["Anzeigeneffektivität"],
    fr: ["Efficacité de l'annonce"],
    es: ["Calidad del anuncio"],
  },
  impressions: {
    en: ["Impr.", "Impressions"],
    nl: ["Vertoningen", "Vert."],
    de: ["Impressionen"],
    fr: ["Impressions"],
    es: ["Impresiones"],
  },
  interactions: { en: ["Interactions"], nl: ["Interacties"], de: ["Interaktionen"], fr: ["Interactions"], es: ["Interacciones"] },
  // `Interactions / Impr.` and `Cost / Interactions` (English seen in real exports; the others unverified).
  interactionRate: {
    en: ["Interaction rate"],
    nl: ["Interactiepercentage"],
    de: ["Interaktionsrate"],
    fr: ["Taux d'interaction"],
    es: ["Porcentaje de interacción"],
  },
  avgCost: { en: ["Avg. cost"], nl: ["Gem. kosten"], de: ["Durchschn. Kosten"], fr: ["Coût moy."], es: ["Coste medio"] },
  clicks: { en: ["Clicks"], nl: ["Klikken"], de: ["Klicks"], fr: ["Clics"], es: ["Clics"] },
  cost: { en: ["Cost"], nl: ["Kosten"], de: ["Kosten"], fr: ["Coût"], es: ["Coste", "Costo"] },
  conversions: { en: ["Conversions", "Conv."], nl: ["Conversies"], de: ["Conversions"], fr: ["Conversions"], es: ["Conversiones"] },
  conversionValue: {
    en: ["Conv. value", "Conversion value"],
    nl: ["Conv.waarde", "Conversiewaarde"],
    de: ["Conv.-Wert", "Conversion-Wert"],
    fr: ["Valeur de conv."],
    es: ["Valor de conv."],
  },
  ctr: { en: ["CTR"] },
  avgCpc: { en: ["Avg. CPC"], nl: ["Gem. CPC"], de: ["Durchschn. CPC"], fr: ["CPC moy."], es: ["CPC medio"] },
  costPerConversion: {
    en: ["Cost / conv."],
    nl: ["Kosten/conv.", "Kosten/conversie"],
    de: ["Kosten/Conv."],
    fr: ["Coût/conv."],
    es: ["Coste/conv."],
  },
  conversionRate: { en: ["Conv. rate"], nl: ["Conv.percentage"], de: ["Conv.-Rate"], fr: ["Taux de conv."], es: ["Tasa de conv."] },
  roas: {
    en: ["Conv. value / cost"],
    nl: ["Conv.waarde/kosten"],
    de: ["Conv.-Wert/Kosten"],
    fr: ["Valeur de conv./coût"],
    es: ["Valor de conv./coste"],
  },
  impressionShare: {
    en: ["Search impr. share"],
    nl: ["Zoekvert.-aandeel"],
    de: ["Anteil an möglichen Impressionen (Suchnetzwerk)"],
    fr: ["Part d'impressions (Réseau de Recherche)"],
    es: ["Cuota de impresiones de búsqueda"],
  },
  lostIsBudget: {
    en: ["Search lost IS (budget)"],
    nl: ["Verl. zoekvert.-aand. (budget)"],
    de: ["Anteil entgangener Impressionen (Suchnetzwerk, Budget)"],
    fr: ["Part d'impressions perdue (Réseau de Recherche, budget)"],
    es: ["Cuota de impr. perdidas de búsqueda (presupuesto)"],
  },
  lostIsRank: {
    en: ["Search lost IS (rank)"],
    nl: ["Verl. zoekvert.-aand. (rangschikking)"],
    de: ["Anteil entgangener Impressionen (Suchnetzwerk, Rang)"],
    fr: ["Part d'impressions perdue (Réseau de Recherche, classement)"],
    es: ["Cuota de impr. perdidas de búsqueda (ranking)"],
  },
  qualityScore: {
    en: ["Quality Score"],
    nl: ["Kwaliteitsscore"],
    de: ["Qualitätsfaktor"],
    fr: ["Niveau de qualité"],
    es: ["Nivel de calidad"],
  },
  expectedCtr: { en: ["Exp. CTR", "Expected CTR"], nl: ["Verw. CTR"], de: ["Erwartete CTR"], fr: ["CTR attendu"], es: ["CTR esperado"] },
  adRelevance: {
    en: ["Ad relevance"],
    nl: ["Advertentierelevantie"],
    de: ["Anzeigenrelevanz"],
    fr: ["Pertinence de l'annonce"],
    es: ["Relevancia del anuncio"],
  },
  landingPageExperience: {
    en: ["Landing page exp.", "Landing page experience"],
    nl: ["Ervaring bestemmingspagina"],
    de: ["Nutzererfahrung mit der Landingpage"],
    fr: ["Expérience sur la page de destination"],
    es: ["Experiencia en la página de destino"],
  },
  // Seen in real English exports (campaign, keyword and ad reports; search terms); other languages unverified.
  statusReasons: {
    en: ["Status reasons"],
    nl: ["Statusredenen"],
    de: ["Statusgründe"],
    fr: ["Raisons de l'état"],
    es: ["Motivos del estado"],
  },
  adStrengthImprovements: {
    en: ["Ad strength improvements"],
    nl: ["Verbeteringen voor advertentiesterkte"],
    de: ["Verbesserungen der Anzeigeneffektivität"],
    fr: ["Améliorations de l'efficacité de l'annonce"],
    es: ["Mejoras de la calidad del anuncio"],
  },
  addedExcluded: {
    en: ["Added/Excluded"],
    nl: ["Toegevoegd/uitgesloten"],
    de: ["Hinzugefügt/Ausgeschlossen"],
    fr: ["Ajouté/Exclu"],
    es: ["Añadido/Excluido"],
  },
  targetCpa: { en: ["Target CPA"], nl: ["Doel-CPA"], de: ["Ziel-CPA"], fr: ["CPA cible"], es: ["CPA objetivo"] },
  targetRoas: { en: ["Target ROAS"], nl: ["Doel-ROAS"], de: ["Ziel-ROAS"], fr: ["ROAS cible"], es: ["ROAS objetivo"] },
};

/** Google Ads Editor exports: English headers only (Editor requires them on import; localized Editor UIs unverified). */
export const EDITOR_COLUMNS: AliasTable = {
  campaign: { en: ["Campaign"] },
  adGroup: { en: ["Ad Group"] },
  keyword: { en: ["Keyword"] },
  criterionType: { en: ["Criterion Type"] },
  // Shared library ▸ Negative keyword lists: the list's keywords (`Shared set name`, `Keyword`,
  // `Criterion Type`) and its campaigns (`Campaign`, `Shared set name`, no keyword). Editor's CSV
  // headers ignore case and spaces (support.google.com/google-ads/editor/answer/57747); the
  // alternate names are UNVERIFIED against a real export.
  sharedSet: { en: ["Shared set name", "Shared set", "Negative keyword list", "Keyword list"] },
  status: { en: ["Status", "Ad Group Status", "Campaign Status"] },
  campaignType: { en: ["Campaign Type"] },
  networks: { en: ["Networks"] },
  adGroupType: { en: ["Ad Group Type"] },
  budget: { en: ["Budget"] },
  budgetType: { en: ["Budget type"] },
  bidStrategyType: { en: ["Bid Strategy Type"] },
  maxCpc: { en: ["Max CPC", "Default max. CPC"] },
  qualityScore: { en: ["Quality score"] },
  landingPageExperience: { en: ["Landing page experience"] },
  expectedCtr: { en: ["Expected CTR"] },
  adRelevance: { en: ["Ad relevance"] },
  finalUrl: { en: ["Final URL"] },
  // The campaign tab's settings and the keyword tab's statuses (names from a real export).
  targetCpa: { en: ["Target CPA"] },
  targetRoas: { en: ["Target ROAS"] },
  targetingMethod: { en: ["Targeting method"] },
  broadMatchKeywords: { en: ["Broad match keywords"] },
  approvalStatus: { en: ["Approval Status"] },
  campaignStatus: { en: ["Campaign Status"] },
  adGroupStatus: { en: ["Ad Group Status"] },
};

/** Meta Ads Manager exports (a currency suffix like ` (USD)` is taken off titles before matching). */
export const META_COLUMNS: AliasTable = {
  campaign: {
    en: ["Campaign name"],
    nl: ["Campagnenaam"],
    de: ["Kampagnenname"],
    fr: ["Nom de la campagne"],
    es: ["Nombre de la campaña"],
  },
  adGroup: {
    en: ["Ad set name"],
    nl: ["Naam advertentieset"],
    de: ["Name der Anzeigengruppe"],
    fr: ["Nom de l'ensemble de publicités"],
    es: ["Nombre del conjunto de anuncios"],
  },
  adName: { en: ["Ad name"], nl: ["Advertentienaam"], de: ["Anzeigenname"], fr: ["Nom de la publicité"], es: ["Nombre del anuncio"] },
  status: {
    en: ["Ad delivery", "Ad set delivery", "Campaign delivery", "Delivery status"],
    nl: ["Levering advertentie", "Levering advertentieset", "Levering campagne"],
    de: ["Anzeigenauslieferung", "Auslieferung der Anzeigengruppe", "Kampagnenauslieferung"],
    fr: ["Diffusion de la publicité", "Diffusion de l'ensemble de publicités", "Diffusion de la campagne"],
    es: ["Entrega del anuncio", "Entrega del conjunto de anuncios", "Entrega de la campaña"],
  },
  day: { en: ["Day"], nl: ["Dag"], de: ["Tag"], fr: ["Jour"], es: ["Día"] },
  reportingStarts: {
    en: ["Reporting starts"],
    nl: ["Begin rapportage"],
    de: ["Berichtsbeginn"],
    fr: ["Début des rapports"],
    es: ["Inicio del informe"],
  },
  reportingEnds: {
    en: ["Reporting ends"],
    nl: ["Einde rapportage"],
    de: ["Berichtsende"],
    fr: ["Fin des rapports"],
    es: ["Fin del informe"],
  },
  impressions: { en: ["Impressions"], nl: ["Weergaven"], de: ["Impressionen"], fr: ["Impressions"], es: ["Impresiones"] },
  reach: { en: ["Reach"], nl: ["Bereik"], de: ["Reichweite"], fr: ["Couverture"], es: ["Alcance"] },
  frequency: { en: ["Frequency"], nl: ["Frequentie"], de: ["Frequenz"], fr: ["Répétition"], es: ["Frecuencia"] },
  cost: { en: ["Amount spent"], nl: ["Besteed bedrag"], de: ["Ausgegebener Betrag"], fr: ["Montant dépensé"], es: ["Importe gastado"] },
  clicks: { en: ["Link clicks"], nl: ["Linkklikken"], de: ["Link-Klicks"], fr: ["Clics sur un lien"], es: ["Clics en el enlace"] },
  clicksAll: { en: ["Clicks (all)"], nl: ["Klikken (alle)"], de: ["Klicks (alle)"], fr: ["Clics (tous)"], es: ["Clics (todos)"] },
  ctr: {
    en: ["CTR (link click-through rate)"],
    nl: ["CTR (klikfrequentie voor links)"],
    de: ["CTR (Link-Klickrate)"],
    fr: ["CTR (taux de clics sur le lien)"],
    es: ["CTR (porcentaje de clics en el enlace)"],
  },
  avgCpc: {
    en: ["CPC (cost per link click)"],
    nl: ["CPC (kosten per linkklik)"],
    de: ["CPC (Kosten pro Link-Klick)"],
    fr: ["CPC (coût par clic sur un lien)"],
    es: ["CPC (coste por clic en el enlace)"],
  },
  results: { en: ["Results"], nl: ["Resultaten"], de: ["Ergebnisse"], fr: ["Résultats"], es: ["Resultados"] },
  resultIndicator: {
    en: ["Result indicator"],
    nl: ["Resultaatindicator"],
    de: ["Ergebnisindikator"],
    fr: ["Indicateur de résultats"],
    es: ["Indicador de resultado"],
  },
  purchases: { en: ["Purchases"], nl: ["Aankopen"], de: ["Käufe"], fr: ["Achats"], es: ["Compras"] },
  conversionValue: {
    en: ["Purchases conversion value"],
    nl: ["Conversiewaarde van aankopen"],
    de: ["Conversion-Wert für Käufe"],
    fr: ["Valeur de conversion des achats"],
    es: ["Valor de conversión de compras"],
  },
  costPerConversion: {
    en: ["Cost per purchase"],
    nl: ["Kosten per aankoop"],
    de: ["Kosten pro Kauf"],
    fr: ["Coût par achat"],
    es: ["Coste por compra"],
  },
  roas: {
    en: ["Purchase ROAS (return on ad spend)"],
    nl: ["ROAS van aankopen (rendement op advertentie-uitgaven)"],
    de: ["Kauf-ROAS (Return on Advertising Spend)"],
    fr: ["ROAS des achats (retour sur les dépenses publicitaires)"],
    es: ["ROAS de compras (retorno de la inversión publicitaria)"],
  },
  budget: {
    en: ["Ad set budget"],
    nl: ["Budget advertentieset"],
    de: ["Budget der Anzeigengruppe"],
    fr: ["Budget de l'ensemble de publicités"],
    es: ["Presupuesto del conjunto de anuncios"],
  },
  budgetType: {
    en: ["Ad set budget type"],
    nl: ["Budgettype advertentieset"],
    de: ["Budgettyp der Anzeigengruppe"],
    fr: ["Type de budget de l'ensemble de publicités"],
    es: ["Tipo de presupuesto del conjunto de anuncios"],
  },
  // Ad relevance diagnostics (English names from the fact sheet; other languages unverified).
  qualityRanking: {
    en: ["Quality ranking"],
    nl: ["Kwaliteitsrangschikking"],
    de: ["Qualitätsranking"],
    fr: ["Classement de qualité"],
    es: ["Clasificación de calidad"],
  },
  engagementRateRanking: {
    en: ["Engagement rate ranking"],
    nl: ["Rangschikking van engagementpercentage"],
    de: ["Ranking der Interaktionsrate"],
    fr: ["Classement du taux d'interaction"],
    es: ["Clasificación de la tasa de interacción"],
  },
  conversionRateRanking: {
    en: ["Conversion rate ranking"],
    nl: ["Rangschikking van conversiepercentage"],
    de: ["Ranking der Conversion-Rate"],
    fr: ["Classement du taux de conversion"],
    es: ["Clasificación de la tasa de conversión"],
  },
  /*
   * Breakdown columns (Ads Manager ▸ Breakdown ▸ By delivery / By time; the dimensions are listed in
   * the fact sheet's source S42c). The English names are Ads Manager's; EVERY nl, de, fr and es
   * name is UNVERIFIED (the usual Ads Manager wording in that language, completed by hand).
   */
  age: { en: ["Age"], nl: ["Leeftijd"], de: ["Alter"], fr: ["Âge"], es: ["Edad"] },
  gender: { en: ["Gender"], nl: ["Geslacht"], de: ["Geschlecht"], fr: ["Sexe", "Genre"], es: ["Sexo"] },
  country: { en: ["Country"], nl: ["Land"], de: ["Land"], fr: ["Pays"], es: ["País"] },
  region: { en: ["Region"], nl: ["Regio"], de: ["Region"], fr: ["Région"], es: ["Región"] },
  dma: { en: ["DMA region", "DMA"], nl: ["DMA-regio"], de: ["DMA-Region"], fr: ["Région DMA"], es: ["Región DMA"] },
  publisherPlatform: { en: ["Platform"], nl: ["Platform"], de: ["Plattform"], fr: ["Plateforme"], es: ["Plataforma"] },
  placement: { en: ["Placement"], nl: ["Plaatsing"], de: ["Platzierung"], fr: ["Placement", "Emplacement"], es: ["Ubicación"] },
  devicePlatform: {
    en: ["Device platform"],
    nl: ["Apparaatplatform"],
    de: ["Geräteplattform"],
    fr: ["Plateforme de l'appareil"],
    es: ["Plataforma del dispositivo"],
  },
  impressionDevice: {
    en: ["Impression device"],
    nl: ["Weergaveapparaat"],
    de: ["Impressionsgerät"],
    fr: ["Appareil d'impression"],
    es: ["Dispositivo de impresión"],
  },
  timeOfDayAccount: {
    en: ["Time of day (ad account time zone)"],
    nl: ["Tijdstip (tijdzone advertentieaccount)"],
    de: ["Tageszeit (Zeitzone des Werbekontos)"],
    fr: ["Heure de la journée (fuseau horaire du compte publicitaire)"],
    es: ["Hora del día (zona horaria de la cuenta publicitaria)"],
  },
  timeOfDayViewer: {
    en: ["Time of day (viewer's time zone)"],
    nl: ["Tijdstip (tijdzone kijker)"],
    de: ["Tageszeit (Zeitzone des Betrachters)"],
    fr: ["Heure de la journée (fuseau horaire de l'audience)"],
    es: ["Hora del día (zona horaria del espectador)"],
  },
};

/**
 * Meta breakdown columns in the order they are recorded (`AdsImport.breakdown`), with the
 * dimension each stands for.
 */
export const META_BREAKDOWN_FIELDS = [
  ["age", "age"],
  ["gender", "gender"],
  ["country", "country"],
  ["region", "region"],
  ["dma", "dma"],
  ["publisherPlatform", "platform"],
  ["placement", "placement"],
  ["devicePlatform", "device-platform"],
  ["impressionDevice", "impression-device"],
  ["timeOfDayAccount", "time-of-day-account"],
  ["timeOfDayViewer", "time-of-day-viewer"],
] as const satisfies ReadonlyArray<readonly [Field, BreakdownDimension]>;

/** Microsoft Advertising reports: UI display names and API column names (documentation; localized names unverified). */
export const MICROSOFT_COLUMNS: AliasTable = {
  campaign: {
    en: ["Campaign name", "Campaign"],
    nl: ["Campagnenaam"],
    de: ["Kampagnenname"],
    fr: ["Nom de la campagne"],
    es: ["Nombre de la campaña"],
  },
  adGroup: {
    en: ["Ad group", "Ad group name"],
    nl: ["Advertentiegroep"],
    de: ["Anzeigengruppe"],
    fr: ["Groupe d'annonces"],
    es: ["Grupo de anuncios"],
  },
  keyword: { en: ["Keyword"], nl: ["Zoekwoord"], fr: ["Mot clé"], es: ["Palabra clave"] },
  searchTerm: {
    en: ["Search term", "Search query"],
    nl: ["Zoekterm"],
    de: ["Suchbegriff"],
    fr: ["Terme de recherche"],
    es: ["Término de búsqueda"],
  },
  matchType: {
    en: ["Delivered match type", "Match type", "Bid match type"],
    nl: ["Zoekwoordtype"],
    de: ["Übereinstimmungstyp"],
    fr: ["Type de correspondance"],
    es: ["Tipo de concordancia"],
  },
  status: { en: ["Keyword status", "Ad group status", "Campaign status", "Ad status", "Status"], fr: ["État"], es: ["Estado"] },
  campaignType: { en: ["Campaign type"] },
  // The Ad performance report (display names and API names: `AdType`, `FinalUrl`, `Path1`).
  adType: { en: ["Ad type"] },
  finalUrl: { en: ["Final URL"] },
  path1: { en: ["Path 1"] },
  path2: { en: ["Path 2"] },
  device: { en: ["Device type"] },
  day: { en: ["Time period", "Gregorian date", "Date", "Day"], nl: ["Periode"], de: ["Zeitraum"], fr: ["Période"], es: ["Período"] },
  currency: {
    en: ["Currency code", "Currency"],
    nl: ["Valutacode"],
    de: ["Währungscode"],
    fr: ["Code de la devise"],
    es: ["Código de moneda"],
  },
  bidStrategyType: { en: ["Bid strategy type"] },
  impressions: { en: ["Impressions", "Impr."], nl: ["Vertoningen"], de: ["Impressionen"], fr: ["Impressions"], es: ["Impresiones"] },
  clicks: { en: ["Clicks"], nl: ["Klikken"], de: ["Klicks"], fr: ["Clics"], es: ["Clics"] },
  cost: { en: ["Spend"], nl: ["Uitgaven"], de: ["Ausgaben"], fr: ["Dépense"], es: ["Gasto"] },
  conversions: { en: ["Conversions", "Conv."], nl: ["Conversies"], de: ["Conversions"], fr: ["Conversions"], es: ["Conversiones"] },
  conversionValue: { en: ["Revenue"], nl: ["Opbrengst"], de: ["Umsatz"], fr: ["Revenu"], es: ["Ingresos"] },
  ctr: { en: ["CTR"] },
  avgCpc: { en: ["Avg. CPC", "Average CPC"], nl: ["Gem. CPC"], de: ["Durchschn. CPC"], fr: ["CPC moy."], es: ["CPC medio"] },
  costPerConversion: { en: ["Cost per conversion", "Cost / conv."] },
  conversionRate: { en: ["Conversion rate", "Conv. rate"] },
  impressionShare: { en: ["Impression share percent", "Impr. share (%)"] },
  lostIsBudget: { en: ["Impression lost to budget percent", "Impr. share lost to budget (%)"] },
  lostIsRank: { en: ["Impression lost to rank agg percent", "Impression lost to rank percent", "Impr. share lost to rank (%)"] },
  qualityScore: { en: ["Quality score"] },
  // The report column `Network` (values AOL search, Audience, Bing and Yahoo! search, Content, Syndicated search partners).
  network: { en: ["Network"] },
  expectedCtr: { en: ["Expected CTR"] },
  adRelevance: { en: ["Ad relevance"] },
  landingPageExperience: { en: ["Landing page experience"] },
};

/**
 * Google Keyword Planner exports ("Keyword Stats …"): English names from third-party files (the
 * fact sheet, section 3). EVERY nl, de, fr and es name here is UNVERIFIED: the Google Ads UI's
 * usual wording for these columns, completed by hand (one public Dutch workflow notes its export
 * came with English headers, so the English names stay the first match).
 */
export const KEYWORD_PLANNER_COLUMNS: AliasTable = {
  keyword: { en: ["Keyword"], nl: ["Zoekwoord"], de: ["Keyword"], fr: ["Mot clé"], es: ["Palabra clave"] },
  currency: { en: ["Currency"], nl: ["Valuta"], de: ["Währung"], fr: ["Devise"], es: ["Moneda"] },
  segmentation: { en: ["Segmentation"], nl: ["Segmentatie"], de: ["Segmentierung"], fr: ["Segmentation"], es: ["Segmentación"] },
  searchVolume: {
    en: ["Avg. monthly searches"],
    nl: ["Gem. aantal zoekopdrachten per maand", "Gem. zoekopdrachten per maand"],
    de: ["Durchschnittl. Suchanfragen pro Monat", "Durchschnittliche Suchanfragen pro Monat"],
    fr: ["Nombre moyen de recherches mensuelles", "Moy. des recherches mensuelles"],
    es: ["Promedio de búsquedas mensuales", "Búsquedas mensuales promedio"],
  },
  competition: { en: ["Competition"], nl: ["Concurrentie"], de: ["Wettbewerb"], fr: ["Concurrence"], es: ["Competencia"] },
  competitionIndex: {
    en: ["Competition (indexed value)"],
    nl: ["Concurrentie (geïndexeerde waarde)"],
    de: ["Wettbewerb (indexierter Wert)"],
    fr: ["Concurrence (valeur indexée)"],
    es: ["Competencia (valor indexado)"],
  },
  bidLow: {
    en: ["Top of page bid (low range)"],
    nl: ["Bod voor bovenaan pagina (lage bandbreedte)", "Bod bovenaan pagina (laag)"],
    de: ["Gebot für oberen Seitenbereich (niedriger Bereich)"],
    fr: ["Enchère en haut de page (plage basse)"],
    es: ["Puja por la parte superior de la página (intervalo bajo)"],
  },
  bidHigh: {
    en: ["Top of page bid (high range)"],
    nl: ["Bod voor bovenaan pagina (hoge bandbreedte)", "Bod bovenaan pagina (hoog)"],
    de: ["Gebot für oberen Seitenbereich (hoher Bereich)"],
    fr: ["Enchère en haut de page (plage haute)"],
    es: ["Puja por la parte superior de la página (intervalo alto)"],
  }, // The trend: the change of the latest month's searches against three months and a year before.
  threeMonthChange: {
    en: ["Three month change"],
    nl: ["Verandering in drie maanden", "Wijziging in drie maanden"],
    de: ["Veränderung in drei Monaten", "Dreimonatige Veränderung"],
    fr: ["Évolution sur trois mois"],
    es: ["Cambio en tres meses", "Cambio trimestral"],
  },
  yoyChange: {
    en: ["YoY change"],
    nl: ["Verandering jaar-op-jaar", "Wijziging jaar-op-jaar"],
    de: ["Veränderung gegenüber Vorjahr"],
    fr: ["Évolution sur un an"],
    es: ["Cambio interanual"],
  },
};

/**
 * Google Ads Auction insights (Search: all seven rates; Shopping: Impr. share, Overlap rate,
 * Outranking share), optionally with a leading time segment and/or `Campaign` and `Device`. The
 * English names are from the fact sheet (section 4, third-party fixtures); EVERY nl, de, fr and es
 * name here is UNVERIFIED (the usual Google Ads UI wording, completed by hand).
 */
export const AUCTION_COLUMNS: AliasTable = {
  domain: {
    en: ["Display URL domain"],
    nl: ["Weergave-URL-domein", "Domein weergave-URL"],
    de: ["Domain der angezeigten URL", "Angezeigte URL-Domain"],
    fr: ["Domaine de l'URL à afficher", "Domaine de l'URL visible"],
    es: ["Dominio de la URL visible"],
  },
  auctionImpressionShare: {
    en: ["Impr. share", "Impression share"],
    nl: ["Vertoningsaandeel", "Vert.-aandeel"],
    de: ["Anteil an Impressionen", "Anteil an möglichen Impressionen"],
    fr: ["Part d'impressions", "Taux d'impressions"],
    es: ["Cuota de impresiones"],
  },
  overlapRate: {
    en: ["Overlap rate"],
    nl: ["Overlappingspercentage"],
    de: ["Überschneidungsrate"],
    fr: ["Taux de chevauchement"],
    es: ["Porcentaje de coincidencia"],
  },
  positionAboveRate: {
    en: ["Position above rate"],
    nl: ["Percentage hogere positie"],
    de: ["Rate der höheren Positionen", "Position-über-Rate"],
    fr: ["Taux de position supérieure"],
    es: ["Porcentaje de posición superior"],
  },
  topOfPageRate: {
    en: ["Top of page rate"],
    nl: ["Percentage bovenaan pagina"],
    de: ["Rate oben auf der Seite"],
    fr: ["Taux d'affichage en haut de page"],
    es: ["Porcentaje de parte superior de la página"],
  },
  absTopOfPageRate: {
    en: ["Abs. Top of page rate", "Absolute top of page rate"],
    nl: ["Percentage absoluut bovenaan pagina"],
    de: ["Rate ganz oben auf der Seite"],
    fr: ["Taux d'affichage en première position"],
    es: ["Porcentaje de parte superior absoluta de la página"],
  },
  outrankingShare: {
    en: ["Outranking share"],
    nl: ["Aandeel hogere positie"],
    de: ["Anteil an überlegenen Positionierungen"],
    fr: ["Taux de surclassement"],
    es: ["Porcentaje de superación"],
  },
  campaign: { en: ["Campaign"], nl: ["Campagne"], de: ["Kampagne"], fr: ["Campagne"], es: ["Campaña"] },
  device: { en: ["Device"], nl: ["Apparaat"], de: ["Gerät"], fr: ["Appareil"], es: ["Dispositivo"] },
  day: { en: ["Day", "Date"], nl: ["Dag"], de: ["Tag"], fr: ["Jour"], es: ["Día"] },
  week: { en: ["Week"], nl: ["Week"], de: ["Woche"], fr: ["Semaine"], es: ["Semana"] },
  month: { en: ["Month"], nl: ["Maand"], de: ["Monat"], fr: ["Mois"], es: ["Mes"] },
  quarter: { en: ["Quarter"], nl: ["Kwartaal"], de: ["Quartal"], fr: ["Trimestre"], es: ["Trimestre"] },
  year: { en: ["Year"], nl: ["Jaar"], de: ["Jahr"], fr: ["Année"], es: ["Año"] },
};

export type ColumnFormat = "google" | "editor" | "meta" | "microsoft" | "planner" | "auction";

export const FORMAT_TABLES: Record<ColumnFormat, AliasTable> = {
  google: GOOGLE_COLUMNS,
  editor: EDITOR_COLUMNS,
  meta: META_COLUMNS,
  microsoft: MICROSOFT_COLUMNS,
  planner: KEYWORD_PLANNER_COLUMNS,
  auction: AUCTION_COLUMNS,
};

export const LANGUAGES: ExportLanguage[] = ["en", "nl", "de", "fr", "es"];

/** A title as compared: accents folded, lower-case, letters and digits only. */
export function titleKey(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** Meta's currency suffix: `Amount spent (USD)` → { title: "Amount spent", currency: "USD" }. */
export function splitCurrencySuffix(title: string): { title: string; currency: string | null } {
  const match = /^(.*?)\s*\(([A-Z]{3})\)\s*$/.exec(title.trim());
  return match ? { title: match[1]!, currency: match[2]! } : { title: title.trim(), currency: null };
}

/**
 * Google Ads downloads that are not row-level performance data, told by their columns: an asset or
 * asset association report (`Asset`, `Asset type`, `Asset status`, or `Level` with `Added by`: one
 * row per asset per campaign, whose metrics overlap) and a change history (`Changes` with `User` or
 * `Date & time`). English names are Google's UI wording; EVERY nl, de, fr and es name is UNVERIFIED.
 */
type Markers = Partial<Record<ExportLanguage, string[]>>;
export const REFUSED_MARKERS = {
  asset: {
    en: ["Asset", "Asset type", "Asset status", "Asset source"],
    nl: ["Item", "Itemtype", "Itemstatus"],
    de: ["Asset", "Asset-Typ", "Asset-Status"],
    fr: ["Élément", "Type d'élément", "État de l'élément"],
    es: ["Recurso", "Tipo de recurso", "Estado del recurso"],
  },
  level: { en: ["Level"], nl: ["Niveau"], de: ["Ebene"], fr: ["Niveau"], es: ["Nivel"] },
  addedBy: { en: ["Added by"], nl: ["Toegevoegd door"], de: ["Hinzugefügt von"], fr: ["Ajouté par"], es: ["Añadido por"] },
  changes: { en: ["Changes"], nl: ["Wijzigingen"], de: ["Änderungen"], fr: ["Modifications"], es: ["Cambios"] },
  user: { en: ["User"], nl: ["Gebruiker"], de: ["Nutzer"], fr: ["Utilisateur"], es: ["Usuario"] },
  dateTime: { en: ["Date & time"], nl: ["Datum en tijd"], de: ["Datum und Uhrzeit"], fr: ["Date et heure"], es: ["Fecha y hora"] },
} satisfies Record<string, Markers>;

const markerKeys = (markers: Markers) => new Set(Object.values(markers).flat().map(titleKey));
const MARKER_KEYS = Object.fromEntries(Object.entries(REFUSED_MARKERS).map(([name, markers]) => [name, markerKeys(markers)])) as Record<
  keyof typeof REFUSED_MARKERS,
  Set<string>
>;

/** What a header says the file is when it is an asset report or a change history; null otherwise. */
export function refusedReportOf(header: readonly string[]): "asset" | "changeHistory" | null {
  const keys = new Set(header.map(titleKey));
  const has = (name: keyof typeof REFUSED_MARKERS) => [...MARKER_KEYS[name]].some((key) => keys.has(key));
  if (has("asset") || (has("level") && has("addedBy"))) return "asset";
  if (has("changes") && (has("user") || has("dateTime"))) return "changeHistory";
  return null;
}

/** Every alias key of every format, and the refused reports' markers (to find the header row). */
export const ALL_KEYS: ReadonlySet<string> = new Set([
  ...Object.values(FORMAT_TABLES).flatMap((table) =>
    Object.values(table).flatMap((byLanguage) =>
      Object.values(byLanguage ?? {})
        .flat()
        .map(titleKey),
    ),
  ),
  ...Object.values(MARKER_KEYS).flatMap((keys) => [...keys]),
]);

/** Headline/description columns of Google ad reports (`Headline 3`, not `Headline 3 position`). */
export const HEADLINE_KEY = /^(?:headline|kop|anzeigentitel|titre|titulo)(\d{1,2})$/;
export const DESCRIPTION_KEY = /^(?:description|beschrijving|textzeile|beschreibung|descripcion)(\d)$/;
/** `Headline 3 position` / `Description 2 position`: where an asset is pinned (` --` when it is not). */
export const HEADLINE_POSITION_KEY = /^(?:headline|kop|anzeigentitel|titre|titulo)(\d{1,2})(?:position|positie|pos)$/;
export const DESCRIPTION_POSITION_KEY = /^(?:description|beschrijving|textzeile|beschreibung|descripcion)(\d)(?:position|positie|pos)$/;
/**
 * Microsoft's ad columns (`Ad ID`, `Ad title`, `Title part 1`, `Headline`, `Ad description 2`;
 * API names `AdTitle`, `TitlePart1`): a report with one of them is an ad report.
 */
export const MICROSOFT_AD_KEY = /^(?:adid|adtitle|addescription\d?|titlepart\d|headline|longheadline)$/;
export const MICROSOFT_HEADLINE_KEY = /^(?:titlepart(\d)|adtitle|headline)$/;
export const MICROSOFT_DESCRIPTION_KEY = /^addescription(\d?)$/;

export interface ResolvedColumn {
  index: number;
  /** As written in the file. */
  title: string;
  /** A currency named in the title (Meta). */
  currency: string | null;
}

export interface Resolution {
  columns: Partial<Record<Field, ResolvedColumn>>;
  language: ExportLanguage;
  matched: number;
}

/** Maps a header onto a format's fields; the language is the one most titles are in (en on a tie). */
export function resolveColumns(table: AliasTable, header: readonly string[]): Resolution {
  const keys = header.map((cell) => {
    const { title, currency } = splitCurrencySuffix(cell);
    return { key: titleKey(title), currency };
  });
  const columns: Partial<Record<Field, ResolvedColumn>> = {};
  const votes: Record<ExportLanguage, number> = { en: 0, nl: 0, de: 0, fr: 0, es: 0 };
  for (const [field, byLanguage] of Object.entries(table) as [Field, Partial<Record<ExportLanguage, string[]>>][]) {
    for (const language of LANGUAGES) {
      const aliases = byLanguage[language] ?? [];
      for (const alias of aliases) {
        const index = keys.findIndex((entry) => entry.key === titleKey(alias));
        if (index < 0) continue;
        votes[language]++;
        if (!columns[field]) columns[field] = { index, title: header[index]!.trim(), currency: keys[index]!.currency };
      }
    }
  }
  let language: ExportLanguage = "en";
  for (const candidate of LANGUAGES) if (votes[candidate] > votes[language]) language = candidate;
  return { columns, language, matched: Object.keys(columns).length };
}
