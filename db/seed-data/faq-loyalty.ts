/**
 * The FAQ's questions about loyalty points and member levels (issue #29), per locale, in the
 * `loyalty` category: migration 0053 adds them once (stable ids, skipped when already there); from
 * then on admins edit them at /admin/content/faq like every other question. The numbers are the
 * scheme's defaults (app/settings/defaults.ts); the answers send readers to the pricing page, which
 * shows the levels and fees from the live settings.
 */
import { seedFaqId } from "./faq";

export interface LoyaltyFaqEntry {
  question: string;
  answer: string;
}

export const LOYALTY_FAQ: Record<"en" | "nl" | "fr" | "es" | "de", LoyaltyFaqEntry[]> = {
  en: [
    {
      question: "How do loyalty points work?",
      answer:
        "Every Cashwise account collects loyalty points, free. You earn 10 points for every $1.00 of cashback once the store confirms it (not while it is pending), 500 points when a friend you invited qualifies for the referral bonus, and 1 point for every $1.00 you pay for a plan. Points follow their cause: when cashback is returned, a plan is refunded or a referral is reversed, its points are taken back. Your loyalty page shows your points and their history.",
    },
    {
      question: "What do the member levels give me?",
      answer:
        "Your level depends on the points you earned in the last 12 months: Bronze from 0, Silver from 2,500, Gold from 10,000 and Platinum from 25,000 points. The higher your level, the lower our success fee on your cashback: 10% of the store's commission at Bronze, 9% at Silver, 8% at Gold and 7% at Platinum, so more of it is yours. Gold and Platinum withdrawals are handled first. Your level goes up as soon as you earn enough and only goes down at the daily recalculation, and we let you know. The ad tools have no success fee at any level. The levels and fees in force are always on the pricing page.",
    },
    {
      question: "How do I redeem points?",
      answer:
        "On your loyalty page, redeem points in steps of 1,000 points for $5.00 each. The amount goes straight into your available balance, where you can spend or withdraw it like cashback. Redeeming never lowers your level: the level counts the points you earned, not the ones you still have.",
    },
    {
      question: "Do points expire?",
      answer:
        "Yes. Points expire 24 months after you earned them, oldest first. At least 30 days before points expire we tell you with a notification and an e-mail, so you have time to redeem them.",
    },
  ],
  nl: [
    {
      question: "Hoe werken loyaliteitspunten?",
      answer:
        "Elk Cashwise-account spaart gratis loyaliteitspunten. Je verdient 10 punten per $ 1,00 cashback zodra de winkel die bevestigt (niet zolang die in behandeling is), 500 punten wanneer een vriend die je uitnodigde in aanmerking komt voor de doorverwijsbonus, en 1 punt per $ 1,00 die je voor een abonnement betaalt. Punten volgen hun oorzaak: wordt cashback geretourneerd, een abonnement terugbetaald of een doorverwijzing teruggedraaid, dan worden de punten ervan teruggenomen. Op je loyaliteitspagina zie je je punten en hun geschiedenis.",
    },
    {
      question: "Wat leveren de ledenniveaus me op?",
      answer:
        "Je niveau hangt af van de punten die je in de afgelopen 12 maanden verdiende: Brons vanaf 0, Zilver vanaf 2.500, Goud vanaf 10.000 en Platina vanaf 25.000 punten. Hoe hoger je niveau, hoe lager onze succesfee op je cashback: 10% van de commissie van de winkel bij Brons, 9% bij Zilver, 8% bij Goud en 7% bij Platina, zodat er meer voor jou overblijft. Opnames van Goud- en Platina-leden worden eerst behandeld. Je niveau gaat omhoog zodra je genoeg verdient en gaat alleen omlaag bij de dagelijkse herberekening, en we laten het je weten. De advertentietools hebben op geen enkel niveau een succesfee. De geldende niveaus en fees staan altijd op de prijzenpagina.",
    },
    {
      question: "Hoe wissel ik punten in?",
      answer:
        "Op je loyaliteitspagina wissel je punten in in stappen van 1.000 punten voor $ 5,00 per stap. Het bedrag komt direct in je beschikbare saldo, waar je het net als cashback kunt uitgeven of opnemen. Inwisselen verlaagt je niveau nooit: het niveau telt de punten die je verdiende, niet de punten die je nog hebt.",
    },
    {
      question: "Vervallen punten?",
      answer:
        "Ja. Punten vervallen 24 maanden nadat je ze verdiende, oudste eerst. Minstens 30 dagen voordat punten vervallen, waarschuwen we je met een melding en een e-mail, zodat je tijd hebt om ze in te wisselen.",
    },
  ],
  fr: [
    {
      question: "Comment fonctionnent les points de fidélité ?",
      answer:
        "Chaque compte Cashwise cumule gratuitement des points de fidélité. Vous gagnez 10 points pour chaque 1,00 $ de cashback dès que la boutique le confirme (pas tant qu'il est en attente), 500 points quand un ami que vous avez invité devient éligible au bonus de parrainage, et 1 point pour chaque 1,00 $ payé pour une formule. Les points suivent leur cause : si un cashback est retourné, une formule remboursée ou un parrainage annulé, ses points sont repris. Votre page de fidélité affiche vos points et leur historique.",
    },
    {
      question: "Qu'est-ce que les niveaux de membre m'apportent ?",
      answer:
        "Votre niveau dépend des points gagnés au cours des 12 derniers mois : Bronze dès 0, Argent dès 2 500, Or dès 10 000 et Platine dès 25 000 points. Plus votre niveau est élevé, plus notre commission de succès sur votre cashback est basse : 10 % de la commission de la boutique en Bronze, 9 % en Argent, 8 % en Or et 7 % en Platine, et la différence vous revient. Les retraits des membres Or et Platine sont traités en priorité. Votre niveau monte dès que vous gagnez assez de points et ne baisse qu'au recalcul quotidien, et nous vous prévenons. Les outils publicitaires n'ont de commission de succès à aucun niveau. Les niveaux et commissions en vigueur figurent toujours sur la page des tarifs.",
    },
    {
      question: "Comment échanger mes points ?",
      answer:
        "Sur votre page de fidélité, échangez vos points par tranches de 1 000 points contre 5,00 $ chacune. Le montant arrive directement sur votre solde disponible, où vous pouvez le dépenser ou le retirer comme du cashback. Un échange ne fait jamais baisser votre niveau : le niveau compte les points gagnés, pas ceux qu'il vous reste.",
    },
    {
      question: "Les points expirent-ils ?",
      answer:
        "Oui. Les points expirent 24 mois après avoir été gagnés, les plus anciens d'abord. Au moins 30 jours avant leur expiration, nous vous prévenons par une notification et un e-mail, pour vous laisser le temps de les échanger.",
    },
  ],
  es: [
    {
      question: "¿Cómo funcionan los puntos de fidelidad?",
      answer:
        "Todas las cuentas de Cashwise acumulan puntos de fidelidad, gratis. Ganas 10 puntos por cada 1,00 $ de cashback en cuanto la tienda lo confirma (no mientras está pendiente), 500 puntos cuando un amigo al que invitaste cumple los requisitos del bono por referido, y 1 punto por cada 1,00 $ que pagas por un plan. Los puntos siguen a su causa: si se devuelve un cashback, se reembolsa un plan o se anula un referido, se retiran sus puntos. Tu página de fidelidad muestra tus puntos y su historial.",
    },
    {
      question: "¿Qué me dan los niveles de miembro?",
      answer:
        "Tu nivel depende de los puntos que ganaste en los últimos 12 meses: Bronce desde 0, Plata desde 2.500, Oro desde 10.000 y Platino desde 25.000 puntos. Cuanto más alto es tu nivel, menor es nuestra comisión de éxito sobre tu cashback: el 10 % de la comisión de la tienda en Bronce, el 9 % en Plata, el 8 % en Oro y el 7 % en Platino, así que te queda más a ti. Los retiros de los miembros Oro y Platino se tramitan primero. Tu nivel sube en cuanto ganas suficientes puntos y solo baja en el recálculo diario, y te lo comunicamos. Las herramientas publicitarias no tienen comisión de éxito en ningún nivel. Los niveles y comisiones vigentes están siempre en la página de precios.",
    },
    {
      question: "¿Cómo canjeo mis puntos?",
      answer:
        "En tu página de fidelidad, canjea puntos en tramos de 1.000 puntos por 5,00 $ cada uno. El importe va directamente a tu saldo disponible, donde puedes gastarlo o retirarlo como el cashback. Canjear nunca baja tu nivel: el nivel cuenta los puntos que ganaste, no los que te quedan.",
    },
    {
      question: "¿Caducan los puntos?",
      answer:
        "Sí. Los puntos caducan 24 meses después de ganarlos, los más antiguos primero. Al menos 30 días antes de que caduquen te avisamos con una notificación y un correo electrónico, para que tengas tiempo de canjearlos.",
    },
  ],
  de: [
    {
      question: "Wie funktionieren Treuepunkte?",
      answer:
        "Jedes Cashwise-Konto sammelt kostenlos Treuepunkte. Sie erhalten 10 Punkte pro 1,00 $ Cashback, sobald der Shop es bestätigt (nicht, solange es aussteht), 500 Punkte, wenn sich ein von Ihnen eingeladener Freund für den Empfehlungsbonus qualifiziert, und 1 Punkt pro 1,00 $, den Sie für einen Tarif zahlen. Punkte folgen ihrem Anlass: Wird Cashback zurückgegeben, ein Tarif erstattet oder eine Empfehlung storniert, werden seine Punkte zurückgenommen. Ihre Treueseite zeigt Ihre Punkte und deren Verlauf.",
    },
    {
      question: "Was bringen mir die Mitgliedsstufen?",
      answer:
        "Ihre Stufe hängt von den Punkten ab, die Sie in den letzten 12 Monaten gesammelt haben: Bronze ab 0, Silber ab 2.500, Gold ab 10.000 und Platin ab 25.000 Punkten. Je höher Ihre Stufe, desto niedriger unsere Erfolgsgebühr auf Ihr Cashback: 10 % der Provision des Shops bei Bronze, 9 % bei Silber, 8 % bei Gold und 7 % bei Platin – so bleibt mehr für Sie. Auszahlungen von Gold- und Platin-Mitgliedern werden zuerst bearbeitet. Ihre Stufe steigt, sobald Sie genug Punkte gesammelt haben, und sinkt nur bei der täglichen Neuberechnung; wir sagen Ihnen Bescheid. Die Werbetools haben auf keiner Stufe eine Erfolgsgebühr. Die geltenden Stufen und Gebühren stehen immer auf der Preisseite.",
    },
    {
      question: "Wie löse ich Punkte ein?",
      answer:
        "Auf Ihrer Treueseite lösen Sie Punkte in Schritten von 1.000 Punkten zu je 5,00 $ ein. Der Betrag geht direkt auf Ihr verfügbares Guthaben, wo Sie ihn wie Cashback ausgeben oder auszahlen lassen können. Einlösen senkt Ihre Stufe nie: Die Stufe zählt die gesammelten Punkte, nicht die, die Sie noch haben.",
    },
    {
      question: "Verfallen Punkte?",
      answer:
        "Ja. Punkte verfallen 24 Monate nach dem Sammeln, die ältesten zuerst. Mindestens 30 Tage vor dem Verfall informieren wir Sie per Benachrichtigung und E-Mail, damit Sie Zeit haben, sie einzulösen.",
    },
  ],
};

/** The id migration 0053 gives a loyalty question: stable on every database, apart from migration 0023's. */
export function loyaltyFaqId(locale: string, index: number): string {
  return seedFaqId(`${locale}:loyalty`, index);
}
