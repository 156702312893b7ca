/** Seeded blog articles: six articles, each in en, nl, fr, es and de (same slug in every locale). */
export interface SeedBlogPost {
  slug: string; // kebab-case ASCII, identical across locales of the same article
  locale: "en" | "nl" | "fr" | "es" | "de";
  title: string;
  excerpt: string; // 1-2 sentences
  body: string; // Markdown: 5-8 paragraphs total, with 2-3 "## " subheadings and at least one "- " bullet list; no HTML, no links, no images
  author: string; // a team byline, not a person
  publishedAt: string; // ISO date, same for every locale of one article
  cover: string; // one of the /images/blog/*.svg covers, same across locales
  readingMinutes: number; // estimated from the English body length, same across locales
}

export const SEED_BLOG_POSTS: SeedBlogPost[] = [
  // ---------------------------------------------------------------------------
  // 1. How cashback really works
  // ---------------------------------------------------------------------------
  {
    slug: "how-cashback-really-works",
    locale: "en",
    title: "How cashback really works (and how to make sure yours is tracked)",
    excerpt:
      "Cashback is a share of the commission a webshop pays when we send it a customer. Here is how that chain works, and the simple habits that keep your purchases from slipping through it.",
    body: `Cashback can look like free money, but there is a clear logic behind it. When you click through to a partner webshop from Cashwise, the shop knows we sent you. If you buy something, the shop pays a commission for that referral, and we pass a share of it back to you as cashback in your wallet. No commission, no cashback: that is why tracking matters so much.

## What happens between your click and your cashback

When you click a shop link in Cashwise, you pass through a tracking link that records a unique click reference. The shop's website usually stores that reference in a cookie in your browser. When you complete an order, the shop reports the sale together with that reference through its affiliate network, and the purchase appears in your wallet as pending cashback.

Tracking can break at several points along the way. The most common causes are:

- an ad blocker, privacy extension or strict browser setting that removes the tracking cookie;
- clicking another link after the Cashwise link and before paying, such as a search ad, a price comparison site or a newsletter;
- using a voucher code that is not listed for that shop on Cashwise, because many shops exclude those from commission;
- starting in one browser or on one device and completing the order in another, for example in the shop's app.

## Habits that keep your cashback tracked

Start every purchase from Cashwise, and do it right before you buy, not hours earlier with the tab left open. Use a clean session: if you use blockers, pause them for the shop or keep a separate browser profile for shopping. If your basket still holds items from an earlier visit, empty it first and add them again after clicking through, so your order clearly follows your Cashwise click.

Read the conditions on each shop page as well. Rates often differ by product category, some shops leave gift cards, shipping costs or VAT out of the amount they pay commission on, and some exclude purchases made with certain discount codes. Knowing these rules upfront saves you surprises later.

## When a purchase does not show up

Shops usually report sales within a few days, but some take longer. If an order still has not appeared after about a week, keep your order confirmation and contact our support team with the shop name, the date, the order number and the amount. We can then ask the shop or its network to look into it, and having those details ready makes that much quicker.`,
    author: "Cashwise Team",
    publishedAt: "2026-03-10T09:00:00.000Z",
    cover: "/images/blog/cashback.svg",
    readingMinutes: 2,
  },
  {
    slug: "how-cashback-really-works",
    locale: "nl",
    title: "Zo werkt cashback echt (en zo zorg je dat jouw aankoop wordt geregistreerd)",
    excerpt:
      "Cashback is een deel van de commissie die een webshop betaalt als wij een klant doorsturen. Zo werkt die keten, en met deze eenvoudige gewoontes voorkom je dat je aankopen erdoorheen glippen.",
    body: `Cashback lijkt misschien gratis geld, maar er zit een duidelijke logica achter. Klik je vanuit Cashwise door naar een partnerwebshop, dan weet de shop dat wij je hebben gestuurd. Koop je iets, dan betaalt de shop een commissie voor die doorverwijzing, en een deel daarvan geven wij aan jou terug als cashback in je wallet. Geen commissie, geen cashback: daarom is tracking zo belangrijk.

## Wat er gebeurt tussen je klik en je cashback

Klik je in Cashwise op een shoplink, dan ga je via een trackinglink die een unieke klikreferentie vastlegt. De website van de shop bewaart die referentie meestal in een cookie in je browser. Rond je een bestelling af, dan meldt de shop de verkoop samen met die referentie via zijn affiliatenetwerk, en verschijnt de aankoop in je wallet als cashback in afwachting.

Onderweg kan de tracking op verschillende punten misgaan. De meest voorkomende oorzaken zijn:

- een adblocker, privacy-extensie of strenge browserinstelling die de trackingcookie verwijdert;
- na de Cashwise-link en vóór het betalen op een andere link klikken, zoals een zoekadvertentie, een prijsvergelijker of een nieuwsbrief;
- een kortingscode gebruiken die op Cashwise niet bij die shop staat, omdat veel shops zulke codes uitsluiten van commissie;
- in de ene browser of op het ene apparaat beginnen en de bestelling in een ander afronden, bijvoorbeeld in de app van de shop.

## Gewoontes waarmee je cashback goed wordt geregistreerd

Begin elke aankoop vanuit Cashwise, en doe dat vlak voordat je koopt, niet uren eerder met het tabblad nog open. Zorg voor een schone sessie: gebruik je blockers, zet ze dan uit voor de shop of houd een apart browserprofiel aan om te shoppen. Zitten er nog producten van een eerder bezoek in je winkelmandje, maak het dan eerst leeg en voeg ze na het doorklikken opnieuw toe, zodat je bestelling duidelijk op je Cashwise-klik volgt.

Lees ook de voorwaarden op elke shoppagina. Percentages verschillen vaak per productcategorie, sommige shops rekenen cadeaubonnen, verzendkosten of btw niet mee in het bedrag waarover ze commissie betalen, en sommige sluiten aankopen met bepaalde kortingscodes uit. Als je deze regels vooraf kent, voorkom je later verrassingen.

## Als een aankoop niet verschijnt

Shops melden verkopen meestal binnen een paar dagen, maar sommige doen er langer over. Staat een bestelling er na ongeveer een week nog steeds niet tussen, bewaar dan je orderbevestiging en neem contact op met ons supportteam met de naam van de shop, de datum, het ordernummer en het bedrag. Wij kunnen de shop of het netwerk dan vragen om het uit te zoeken, en met die gegevens bij de hand gaat dat een stuk sneller.`,
    author: "Cashwise-team",
    publishedAt: "2026-03-10T09:00:00.000Z",
    cover: "/images/blog/cashback.svg",
    readingMinutes: 2,
  },
  {
    slug: "how-cashback-really-works",
    locale: "fr",
    title: "Comment fonctionne vraiment le cashback (et comment vous assurer que le vôtre est bien suivi)",
    excerpt:
      "Le cashback est une part de la commission qu'une boutique en ligne verse lorsque nous lui envoyons un client. Voici comment fonctionne cette chaîne, et les habitudes simples qui évitent que vos achats passent entre les mailles du filet.",
    body: `Le cashback peut ressembler à de l'argent gratuit, mais il obéit à une logique claire. Lorsque vous accédez à une boutique partenaire depuis Cashwise, la boutique sait que c'est nous qui vous avons envoyé. Si vous achetez quelque chose, elle verse une commission pour cette recommandation, et nous vous en reversons une partie sous forme de cashback dans votre portefeuille. Pas de commission, pas de cashback : c'est pourquoi le suivi est si important.

## Ce qui se passe entre votre clic et votre cashback

Lorsque vous cliquez sur le lien d'une boutique dans Cashwise, vous passez par un lien de suivi qui enregistre une référence de clic unique. Le site de la boutique conserve généralement cette référence dans un cookie de votre navigateur. Lorsque vous finalisez une commande, la boutique déclare la vente avec cette référence via son réseau d'affiliation, et l'achat apparaît dans votre portefeuille comme cashback en attente.

Le suivi peut échouer à plusieurs étapes. Les causes les plus fréquentes sont :

- un bloqueur de publicités, une extension de confidentialité ou un réglage strict du navigateur qui supprime le cookie de suivi ;
- un clic sur un autre lien après celui de Cashwise et avant le paiement, comme une annonce sur un moteur de recherche, un comparateur de prix ou une newsletter ;
- l'utilisation d'un code promo qui n'est pas indiqué pour cette boutique sur Cashwise, car de nombreuses boutiques les excluent de la commission ;
- un achat commencé dans un navigateur ou sur un appareil et terminé dans un autre, par exemple dans l'application de la boutique.

## Les bonnes habitudes pour que votre cashback soit suivi

Commencez chaque achat depuis Cashwise, juste avant d'acheter, et non des heures plus tôt en laissant l'onglet ouvert. Travaillez dans une session propre : si vous utilisez des bloqueurs, désactivez-les pour la boutique ou gardez un profil de navigateur réservé à vos achats. Si votre panier contient encore des articles d'une visite précédente, videz-le d'abord et ajoutez-les à nouveau après être passé par Cashwise, afin que votre commande suive clairement votre clic.

Lisez aussi les conditions sur la page de chaque boutique. Les taux varient souvent selon la catégorie de produits, certaines boutiques excluent les cartes cadeaux, les frais de livraison ou la TVA du montant sur lequel elles versent une commission, et certaines excluent les achats effectués avec certains codes de réduction. Connaître ces règles à l'avance vous évite des surprises.

## Quand un achat n'apparaît pas

Les boutiques déclarent généralement les ventes en quelques jours, mais certaines prennent plus de temps. Si une commande n'apparaît toujours pas au bout d'une semaine environ, conservez votre confirmation de commande et contactez notre équipe d'assistance en indiquant le nom de la boutique, la date, le numéro de commande et le montant. Nous pourrons alors demander à la boutique ou à son réseau de vérifier, et ces informations rendent la démarche bien plus rapide.`,
    author: "L'équipe Cashwise",
    publishedAt: "2026-03-10T09:00:00.000Z",
    cover: "/images/blog/cashback.svg",
    readingMinutes: 2,
  },
  {
    slug: "how-cashback-really-works",
    locale: "es",
    title: "Cómo funciona de verdad el cashback (y cómo asegurarte de que se registra el tuyo)",
    excerpt:
      "El cashback es una parte de la comisión que paga una tienda online cuando le enviamos un cliente. Así funciona esa cadena y estos son los hábitos sencillos que evitan que tus compras se pierdan por el camino.",
    body: `El cashback puede parecer dinero gratis, pero tiene una lógica clara. Cuando entras en una tienda asociada desde Cashwise, la tienda sabe que te hemos enviado nosotros. Si compras algo, la tienda paga una comisión por esa recomendación y nosotros te devolvemos una parte como cashback en tu monedero. Sin comisión no hay cashback: por eso el seguimiento es tan importante.

## Qué pasa entre tu clic y tu cashback

Cuando haces clic en el enlace de una tienda en Cashwise, pasas por un enlace de seguimiento que registra una referencia de clic única. La web de la tienda suele guardar esa referencia en una cookie de tu navegador. Cuando completas un pedido, la tienda comunica la venta junto con esa referencia a través de su red de afiliación, y la compra aparece en tu monedero como cashback pendiente.

El seguimiento puede fallar en varios puntos del camino. Las causas más habituales son:

- un bloqueador de anuncios, una extensión de privacidad o un ajuste estricto del navegador que elimina la cookie de seguimiento;
- hacer clic en otro enlace después del de Cashwise y antes de pagar, como un anuncio en el buscador, un comparador de precios o una newsletter;
- usar un código de descuento que no aparece para esa tienda en Cashwise, porque muchas tiendas los excluyen de la comisión;
- empezar en un navegador o dispositivo y terminar el pedido en otro, por ejemplo en la app de la tienda.

## Hábitos para que tu cashback quede registrado

Empieza cada compra desde Cashwise, justo antes de comprar, y no horas antes dejando la pestaña abierta. Usa una sesión limpia: si usas bloqueadores, desactívalos para esa tienda o ten un perfil de navegador solo para compras. Si tu cesta aún tiene artículos de una visita anterior, vacíala primero y vuelve a añadirlos después de entrar desde Cashwise, para que tu pedido siga claramente a tu clic.

Lee también las condiciones de la página de cada tienda. Los porcentajes suelen variar según la categoría de producto, algunas tiendas no incluyen las tarjetas regalo, los gastos de envío o el IVA en el importe sobre el que pagan comisión, y otras excluyen las compras hechas con ciertos códigos de descuento. Conocer estas reglas de antemano te ahorra sorpresas.

## Cuando una compra no aparece

Las tiendas suelen comunicar las ventas en pocos días, pero algunas tardan más. Si un pedido sigue sin aparecer después de una semana aproximadamente, guarda la confirmación del pedido y escribe a nuestro equipo de soporte con el nombre de la tienda, la fecha, el número de pedido y el importe. Así podremos pedir a la tienda o a su red que lo revise, y tener esos datos a mano lo agiliza mucho.`,
    author: "Equipo Cashwise",
    publishedAt: "2026-03-10T09:00:00.000Z",
    cover: "/images/blog/cashback.svg",
    readingMinutes: 2,
  },
  {
    slug: "how-cashback-really-works",
    locale: "de",
    title: "So funktioniert Cashback wirklich (und so stellen Sie sicher, dass Ihres erfasst wird)",
    excerpt:
      "Cashback ist ein Anteil an der Provision, die ein Onlineshop zahlt, wenn wir ihm einen Kunden vermitteln. So funktioniert diese Kette, und mit diesen einfachen Gewohnheiten geht keiner Ihrer Einkäufe verloren.",
    body: `Cashback mag wie geschenktes Geld wirken, folgt aber einer klaren Logik. Wenn Sie von Cashwise aus zu einem Partnershop wechseln, weiß der Shop, dass wir Sie geschickt haben. Kaufen Sie etwas, zahlt der Shop eine Provision für diese Vermittlung, und einen Teil davon geben wir Ihnen als Cashback in Ihrer Wallet weiter. Ohne Provision kein Cashback: Deshalb ist das Tracking so wichtig.

## Was zwischen Ihrem Klick und Ihrem Cashback passiert

Wenn Sie in Cashwise auf einen Shoplink klicken, gelangen Sie über einen Tracking-Link, der eine eindeutige Klickreferenz speichert. Die Website des Shops legt diese Referenz meist in einem Cookie in Ihrem Browser ab. Schließen Sie eine Bestellung ab, meldet der Shop den Verkauf zusammen mit dieser Referenz über sein Affiliate-Netzwerk, und der Einkauf erscheint in Ihrer Wallet als ausstehendes Cashback.

Das Tracking kann an mehreren Stellen unterbrochen werden. Die häufigsten Ursachen sind:

- ein Werbeblocker, eine Datenschutz-Erweiterung oder eine strenge Browsereinstellung, die das Tracking-Cookie entfernt;
- ein Klick auf einen anderen Link nach dem Cashwise-Link und vor dem Bezahlen, etwa auf eine Suchanzeige, ein Preisvergleichsportal oder einen Newsletter;
- ein Gutscheincode, der bei diesem Shop nicht auf Cashwise aufgeführt ist, denn viele Shops schließen solche Codes von der Provision aus;
- ein Einkauf, der in einem Browser oder auf einem Gerät beginnt und in einem anderen abgeschlossen wird, zum Beispiel in der App des Shops.

## Gewohnheiten, mit denen Ihr Cashback erfasst wird

Beginnen Sie jeden Einkauf bei Cashwise, und zwar direkt vor dem Kauf, nicht Stunden vorher mit einem offen gelassenen Tab. Sorgen Sie für eine saubere Sitzung: Wenn Sie Blocker nutzen, deaktivieren Sie sie für den Shop oder verwenden Sie ein eigenes Browserprofil zum Einkaufen. Liegen noch Artikel von einem früheren Besuch im Warenkorb, leeren Sie ihn zuerst und legen Sie sie nach dem Klick über Cashwise erneut hinein, damit Ihre Bestellung eindeutig auf Ihren Cashwise-Klick folgt.

Lesen Sie außerdem die Bedingungen auf jeder Shopseite. Die Sätze unterscheiden sich oft je nach Produktkategorie, manche Shops rechnen Geschenkkarten, Versandkosten oder die Mehrwertsteuer nicht in den provisionsfähigen Betrag ein, und manche schließen Einkäufe mit bestimmten Rabattcodes aus. Wer diese Regeln vorher kennt, erlebt später keine Überraschungen.

## Wenn ein Einkauf nicht erscheint

Shops melden Verkäufe meist innerhalb weniger Tage, manche brauchen jedoch länger. Ist eine Bestellung nach etwa einer Woche immer noch nicht zu sehen, bewahren Sie Ihre Bestellbestätigung auf und wenden Sie sich mit Shopname, Datum, Bestellnummer und Betrag an unser Support-Team. Wir können den Shop oder sein Netzwerk dann bitten, der Sache nachzugehen, und mit diesen Angaben geht das deutlich schneller.`,
    author: "Cashwise-Team",
    publishedAt: "2026-03-10T09:00:00.000Z",
    cover: "/images/blog/cashback.svg",
    readingMinutes: 2,
  },

  // ---------------------------------------------------------------------------
  // 2. Five campaign audit checks
  // ---------------------------------------------------------------------------
  {
    slug: "five-campaign-audit-checks-google-ads",
    locale: "en",
    title: "Five campaign audit checks that save small businesses money on Google Ads",
    excerpt: "Most wasted ad spend hides in a handful of settings. These five checks fit into an hour and are worth repeating every month.",
    body: `Small advertising budgets rarely fail because of one big mistake. More often the money leaks away through settings nobody has looked at since the campaign was created: broad targeting, forgotten keywords, ads that send people to the wrong page. A regular audit catches those leaks before they add up.

## The five checks

Set aside an hour, open your account with the date range set to the last 30 days, and work through this list in order:

- Search terms: read the actual searches that triggered your ads, not just your keywords, and add the irrelevant ones as negative keywords.
- Locations: check whether you reach people who are in your area or also people who merely show interest in it, and exclude places you cannot serve.
- Schedule and devices: compare cost per conversion by hour, day and device, and adjust where you consistently pay more for less.
- Conversion tracking: confirm that every conversion action still records data and that you count what matters, such as a sale or a lead, rather than page views.
- Landing pages: click each ad yourself and check that the page loads quickly on a phone, keeps the promise of the ad and makes the next step obvious.

The search terms check usually pays off first. Broad and phrase match keywords can show your ads for searches you never intended, such as job seekers, do-it-yourself questions or other companies' brand names. A few negative keywords added every month stop those clicks from eating your budget.

## Why tracking comes before bidding

Automated bidding strategies learn from the conversions you report. If a tracking tag broke during a website update, or if newsletter sign-ups count the same as sales, the system optimises for the wrong thing and spends your budget with full confidence. Fix the measurement first; only then do bid and budget changes mean anything.

The same goes for your own decisions. A campaign that looks expensive may turn out to be your most profitable one once phone calls or in-store sales are counted, while a cheap one may bring nothing of value. Wherever you can, compare campaigns on cost per real result rather than on cost per click.

## Making audits a habit

An audit only helps if you repeat it. The Cashwise campaign auditor walks through checks like these and lists what it finds, while the daily optimisation tips and alerts flag sudden changes between audits. Whether you use a tool or a spreadsheet, put a monthly date in your calendar and note what you changed, so next month you can see whether it worked.`,
    author: "Cashwise Editorial",
    publishedAt: "2026-04-14T09:00:00.000Z",
    cover: "/images/blog/ads.svg",
    readingMinutes: 2,
  },
  {
    slug: "five-campaign-audit-checks-google-ads",
    locale: "nl",
    title: "Vijf campagnechecks waarmee kleine bedrijven geld besparen op Google Ads",
    excerpt:
      "Het meeste verspilde advertentiebudget zit verstopt in een handvol instellingen. Deze vijf checks doe je in een uur, en ze zijn het waard om elke maand te herhalen.",
    body: `Kleine advertentiebudgetten gaan zelden mis door één grote fout. Veel vaker lekt het geld weg via instellingen waar sinds het aanmaken van de campagne niemand meer naar heeft gekeken: te brede targeting, vergeten zoekwoorden, advertenties die mensen naar de verkeerde pagina sturen. Een vaste audit vindt die lekken voordat ze oplopen.

## De vijf checks

Trek er een uur voor uit, open je account met als periode de afgelopen 30 dagen en loop deze lijst op volgorde af:

- Zoektermen: lees de echte zoekopdrachten waarop je advertenties werden getoond, niet alleen je zoekwoorden, en voeg de irrelevante toe als uitsluitingszoekwoorden.
- Locaties: controleer of je mensen bereikt die in je regio zijn of ook mensen die er alleen interesse in tonen, en sluit plaatsen uit die je niet kunt bedienen.
- Planning en apparaten: vergelijk de kosten per conversie per uur, dag en apparaat, en stuur bij waar je structureel meer betaalt voor minder.
- Conversietracking: controleer of elke conversieactie nog gegevens registreert en of je meet wat ertoe doet, zoals een verkoop of een lead, in plaats van paginaweergaven.
- Landingspagina's: klik zelf op elke advertentie en controleer of de pagina snel laadt op een telefoon, de belofte van de advertentie waarmaakt en de volgende stap duidelijk maakt.

De zoektermencheck levert meestal het eerst iets op. Zoekwoorden op breed zoeken en woordgroep kunnen je advertenties tonen bij zoekopdrachten die je nooit bedoeld had, zoals van werkzoekenden, doe-het-zelfvragen of merknamen van andere bedrijven. Een paar uitsluitingszoekwoorden per maand voorkomen dat die klikken je budget opeten.

## Waarom tracking vóór bieden komt

Geautomatiseerde biedstrategieën leren van de conversies die je doorgeeft. Is er bij een website-update een trackingtag kapotgegaan, of tellen nieuwsbriefaanmeldingen even zwaar als verkopen, dan optimaliseert het systeem op het verkeerde doel en geeft het je budget vol overtuiging uit. Herstel eerst de meting; pas daarna zeggen wijzigingen in biedingen en budget iets.

Hetzelfde geldt voor je eigen beslissingen. Een campagne die duur lijkt, kan je meest winstgevende blijken zodra telefoontjes of verkopen in de winkel worden meegeteld, terwijl een goedkope campagne niets waardevols oplevert. Vergelijk campagnes waar het kan op de kosten per echt resultaat in plaats van op de kosten per klik.

## Maak van audits een gewoonte

Een audit helpt alleen als je hem herhaalt. De campagne-auditor van Cashwise loopt checks zoals deze langs en zet op een rij wat hij vindt, terwijl de dagelijkse optimalisatietips en meldingen tussen audits door plotselinge veranderingen signaleren. Of je nu een tool of een spreadsheet gebruikt: zet een vaste datum per maand in je agenda en noteer wat je hebt aangepast, zodat je de maand erna ziet of het heeft gewerkt.`,
    author: "Cashwise-redactie",
    publishedAt: "2026-04-14T09:00:00.000Z",
    cover: "/images/blog/ads.svg",
    readingMinutes: 2,
  },
  {
    slug: "five-campaign-audit-checks-google-ads",
    locale: "fr",
    title: "Cinq vérifications de campagne qui font économiser de l'argent aux petites entreprises sur Google Ads",
    excerpt:
      "L'essentiel du budget publicitaire gaspillé se cache dans une poignée de paramètres. Ces cinq vérifications tiennent en une heure et méritent d'être refaites chaque mois.",
    body: `Les petits budgets publicitaires échouent rarement à cause d'une seule grosse erreur. Le plus souvent, l'argent s'échappe par des paramètres que personne n'a regardés depuis la création de la campagne : un ciblage trop large, des mots clés oubliés, des annonces qui envoient les internautes vers la mauvaise page. Un audit régulier repère ces fuites avant qu'elles ne s'accumulent.

## Les cinq vérifications

Réservez une heure, ouvrez votre compte sur la période des 30 derniers jours et suivez cette liste dans l'ordre :

- Termes de recherche : lisez les recherches réelles qui ont déclenché vos annonces, pas seulement vos mots clés, et ajoutez celles qui ne sont pas pertinentes comme mots clés à exclure.
- Zones géographiques : vérifiez si vous touchez les personnes présentes dans votre zone ou aussi celles qui s'y intéressent simplement, et excluez les lieux que vous ne pouvez pas servir.
- Calendrier et appareils : comparez le coût par conversion selon l'heure, le jour et l'appareil, et ajustez là où vous payez systématiquement plus pour moins.
- Suivi des conversions : vérifiez que chaque action de conversion enregistre toujours des données et que vous comptez ce qui compte vraiment, comme une vente ou un contact, plutôt que des pages vues.
- Pages de destination : cliquez vous-même sur chaque annonce et vérifiez que la page se charge vite sur un téléphone, tient la promesse de l'annonce et rend l'étape suivante évidente.

La vérification des termes de recherche est généralement la première à porter ses fruits. Les mots clés en requête large et en expression exacte peuvent afficher vos annonces pour des recherches que vous n'aviez jamais visées, comme celles de personnes en recherche d'emploi, des questions de bricolage ou les marques d'autres entreprises. Quelques mots clés à exclure ajoutés chaque mois empêchent ces clics de grignoter votre budget.

## Pourquoi le suivi passe avant les enchères

Les stratégies d'enchères automatisées apprennent à partir des conversions que vous leur transmettez. Si une balise de suivi a cessé de fonctionner lors d'une mise à jour du site, ou si les inscriptions à la newsletter comptent autant que les ventes, le système optimise pour le mauvais objectif et dépense votre budget en toute confiance. Corrigez d'abord la mesure ; ce n'est qu'ensuite que les changements d'enchères et de budget ont un sens.

Il en va de même pour vos propres décisions. Une campagne qui paraît chère peut se révéler la plus rentable une fois les appels téléphoniques ou les ventes en magasin pris en compte, tandis qu'une campagne bon marché peut ne rien rapporter d'utile. Dans la mesure du possible, comparez vos campagnes sur le coût par résultat réel plutôt que sur le coût par clic.

## Faire de l'audit une habitude

Un audit n'est utile que s'il est répété. L'auditeur de campagnes de Cashwise passe en revue des vérifications de ce type et liste ce qu'il trouve, tandis que les conseils d'optimisation quotidiens et les alertes signalent les changements soudains entre deux audits. Que vous utilisiez un outil ou un tableur, notez une date fixe chaque mois dans votre agenda et consignez ce que vous avez modifié, pour voir le mois suivant si cela a fonctionné.`,
    author: "La rédaction Cashwise",
    publishedAt: "2026-04-14T09:00:00.000Z",
    cover: "/images/blog/ads.svg",
    readingMinutes: 2,
  },
  {
    slug: "five-campaign-audit-checks-google-ads",
    locale: "es",
    title: "Cinco revisiones de campaña que ahorran dinero a las pequeñas empresas en Google Ads",
    excerpt:
      "La mayor parte del gasto publicitario desperdiciado se esconde en un puñado de ajustes. Estas cinco revisiones caben en una hora y vale la pena repetirlas cada mes.",
    body: `Los presupuestos publicitarios pequeños rara vez fracasan por un único gran error. Lo más habitual es que el dinero se escape por ajustes que nadie ha mirado desde que se creó la campaña: una segmentación demasiado amplia, palabras clave olvidadas o anuncios que llevan a la gente a la página equivocada. Una auditoría periódica detecta esas fugas antes de que se acumulen.

## Las cinco revisiones

Reserva una hora, abre tu cuenta con el periodo de los últimos 30 días y sigue esta lista en orden:

- Términos de búsqueda: lee las búsquedas reales que activaron tus anuncios, no solo tus palabras clave, y añade las que no sean relevantes como palabras clave negativas.
- Ubicaciones: comprueba si llegas a las personas que están en tu zona o también a las que solo muestran interés por ella, y excluye los lugares a los que no puedes dar servicio.
- Horarios y dispositivos: compara el coste por conversión por hora, día y dispositivo, y ajusta donde pagues sistemáticamente más por menos.
- Seguimiento de conversiones: confirma que cada acción de conversión sigue registrando datos y que mides lo que importa, como una venta o un contacto, en lugar de visitas a páginas.
- Páginas de destino: haz clic tú mismo en cada anuncio y comprueba que la página carga rápido en el móvil, cumple lo que promete el anuncio y deja claro el siguiente paso.

La revisión de los términos de búsqueda suele ser la primera que da resultados. Las palabras clave de concordancia amplia y de frase pueden mostrar tus anuncios en búsquedas que nunca pretendiste, como las de personas que buscan empleo, dudas de bricolaje o marcas de otras empresas. Añadir unas cuantas palabras clave negativas cada mes evita que esos clics se coman tu presupuesto.

## Por qué el seguimiento va antes que las pujas

Las estrategias de puja automatizadas aprenden de las conversiones que les comunicas. Si una etiqueta de seguimiento dejó de funcionar al actualizar la web, o si las altas en la newsletter cuentan igual que las ventas, el sistema optimiza para el objetivo equivocado y gasta tu presupuesto con total seguridad. Arregla primero la medición; solo entonces los cambios de puja y presupuesto significan algo.

Lo mismo vale para tus propias decisiones. Una campaña que parece cara puede resultar la más rentable cuando se cuentan las llamadas o las ventas en tienda, mientras que una barata puede no aportar nada de valor. Siempre que puedas, compara las campañas por coste por resultado real y no por coste por clic.

## Convierte las auditorías en un hábito

Una auditoría solo sirve si la repites. El auditor de campañas de Cashwise recorre revisiones como estas y enumera lo que encuentra, mientras que los consejos de optimización diarios y las alertas avisan de cambios repentinos entre auditorías. Tanto si usas una herramienta como una hoja de cálculo, fija una fecha al mes en tu calendario y anota lo que cambiaste, para ver al mes siguiente si funcionó.`,
    author: "Redacción Cashwise",
    publishedAt: "2026-04-14T09:00:00.000Z",
    cover: "/images/blog/ads.svg",
    readingMinutes: 2,
  },
  {
    slug: "five-campaign-audit-checks-google-ads",
    locale: "de",
    title: "Fünf Kampagnen-Checks, mit denen kleine Unternehmen bei Google Ads Geld sparen",
    excerpt:
      "Das meiste verschwendete Werbebudget versteckt sich in einer Handvoll Einstellungen. Diese fünf Checks passen in eine Stunde und lohnen sich jeden Monat aufs Neue.",
    body: `Kleine Werbebudgets scheitern selten an einem einzigen großen Fehler. Viel häufiger versickert das Geld über Einstellungen, die seit dem Anlegen der Kampagne niemand mehr angesehen hat: zu breites Targeting, vergessene Keywords, Anzeigen, die Menschen auf die falsche Seite schicken. Ein regelmäßiges Audit findet diese Lecks, bevor sie sich summieren.

## Die fünf Checks

Nehmen Sie sich eine Stunde Zeit, öffnen Sie Ihr Konto mit dem Zeitraum der letzten 30 Tage und gehen Sie diese Liste der Reihe nach durch:

- Suchbegriffe: Lesen Sie die tatsächlichen Suchanfragen, bei denen Ihre Anzeigen erschienen sind, nicht nur Ihre Keywords, und fügen Sie irrelevante als auszuschließende Keywords hinzu.
- Standorte: Prüfen Sie, ob Sie Personen erreichen, die sich in Ihrer Region befinden, oder auch solche, die sich nur dafür interessieren, und schließen Sie Orte aus, die Sie nicht bedienen können.
- Zeitplan und Geräte: Vergleichen Sie die Kosten pro Conversion nach Uhrzeit, Wochentag und Gerät, und steuern Sie dort nach, wo Sie dauerhaft mehr für weniger zahlen.
- Conversion-Tracking: Stellen Sie sicher, dass jede Conversion-Aktion noch Daten erfasst und dass Sie zählen, worauf es ankommt, etwa einen Verkauf oder eine Anfrage, statt Seitenaufrufen.
- Landingpages: Klicken Sie selbst auf jede Anzeige und prüfen Sie, ob die Seite auf dem Smartphone schnell lädt, das Versprechen der Anzeige einhält und den nächsten Schritt klar macht.

Der Suchbegriff-Check zahlt sich meist als Erstes aus. Weitgehend passende Keywords und Keywords mit passender Wortgruppe können Ihre Anzeigen bei Suchanfragen ausspielen, die Sie nie beabsichtigt haben, etwa von Jobsuchenden, bei Heimwerkerfragen oder zu Markennamen anderer Unternehmen. Ein paar auszuschließende Keywords pro Monat verhindern, dass diese Klicks Ihr Budget aufzehren.

## Warum das Tracking vor den Geboten kommt

Automatische Gebotsstrategien lernen aus den Conversions, die Sie melden. Ist bei einem Website-Update ein Tracking-Tag ausgefallen oder zählen Newsletter-Anmeldungen genauso viel wie Verkäufe, optimiert das System auf das falsche Ziel und gibt Ihr Budget mit voller Überzeugung aus. Reparieren Sie zuerst die Messung; erst dann sind Änderungen an Geboten und Budget aussagekräftig.

Dasselbe gilt für Ihre eigenen Entscheidungen. Eine Kampagne, die teuer wirkt, kann sich als die profitabelste erweisen, sobald Anrufe oder Verkäufe im Ladengeschäft mitgezählt werden, während eine günstige vielleicht nichts Wertvolles bringt. Vergleichen Sie Kampagnen, wo immer möglich, nach den Kosten pro echtem Ergebnis statt nach den Kosten pro Klick.

## Audits zur Gewohnheit machen

Ein Audit hilft nur, wenn Sie es wiederholen. Der Kampagnen-Auditor von Cashwise geht Checks wie diese durch und listet auf, was er findet, während die täglichen Optimierungstipps und Benachrichtigungen zwischen zwei Audits auf plötzliche Veränderungen hinweisen. Ob Sie ein Tool oder eine Tabelle nutzen: Tragen Sie sich einen festen Termin pro Monat in den Kalender ein und notieren Sie, was Sie geändert haben, damit Sie im nächsten Monat sehen, ob es gewirkt hat.`,
    author: "Cashwise-Redaktion",
    publishedAt: "2026-04-14T09:00:00.000Z",
    cover: "/images/blog/ads.svg",
    readingMinutes: 2,
  },

  // ---------------------------------------------------------------------------
  // 3. From pending to paid
  // ---------------------------------------------------------------------------
  {
    slug: "from-pending-to-paid-wallet-balance",
    locale: "en",
    title: "From pending to paid: how your wallet balance moves",
    excerpt:
      "Every dollar in your Cashwise wallet passes through the same stages. Knowing what each status means makes it easy to see what you can withdraw, and when.",
    body: `Your Cashwise wallet shows more than one number, and that is on purpose. Cashback and bonuses do not become spendable the moment you earn them; they move through a few stages first. Once you know what each stage means, your balance is easy to read.

## The stages of a wallet transaction

Every amount in your wallet carries a status that tells you where it is in the process:

- Pending: the shop has reported your purchase, but the sale can still be cancelled or changed, for example if you return the item.
- Confirmed: the shop has approved the commission, and the amount counts toward your available balance.
- Declined: the shop did not approve the sale, for example because the order was cancelled or returned, or did not meet the shop's conditions.
- Paid out: the amount has left your wallet as part of a withdrawal.

Why can pending take so long? A shop only approves a commission once the order can no longer be returned or cancelled. That usually means the return period plus some time for the shop's own administration, so it can take several weeks, and for travel bookings it often lasts until after the trip. The waiting time is set by the shop, not by Cashwise, and a referral bonus only arrives once your friend's first cashback has been confirmed.

## Withdrawing your balance

Once your available balance reaches $10, you can withdraw it to PayPal or to a bank account with an IBAN. Withdrawals are processed within 1 to 3 business days. After that, the time until the money arrives depends on PayPal or your bank, and weekends and public holidays do not count as business days.

A few things help a withdrawal go smoothly. Make sure the name on your PayPal or bank account matches the name on your Cashwise account, and check the IBAN carefully before you confirm, because a mistake can delay the payment. If you want to change your payout details, do it before you request a withdrawal rather than while one is being processed.

## Keeping an eye on it

Your wallet keeps a full history of your transactions, so you can always trace how your balance changed. If an amount stays pending much longer than the shop's usual approval time, or is declined even though you kept the order, contact support with the order details and we will look into it with the shop.`,
    author: "Cashwise Team",
    publishedAt: "2026-05-19T09:00:00.000Z",
    cover: "/images/blog/wallet.svg",
    readingMinutes: 2,
  },
  {
    slug: "from-pending-to-paid-wallet-balance",
    locale: "nl",
    title: "Van in afwachting tot uitbetaald: zo beweegt je walletsaldo",
    excerpt:
      "Elke dollar in je Cashwise-wallet doorloopt dezelfde fases. Weet je wat elke status betekent, dan zie je meteen wat je kunt opnemen en wanneer.",
    body: `Je Cashwise-wallet toont meer dan één bedrag, en dat is met opzet. Cashback en bonussen zijn niet meteen besteedbaar op het moment dat je ze verdient; ze doorlopen eerst een paar fases. Zodra je weet wat elke fase betekent, is je saldo makkelijk te lezen.

## De fases van een wallettransactie

Elk bedrag in je wallet heeft een status die laat zien waar het zich in het proces bevindt:

- In afwachting: de shop heeft je aankoop gemeld, maar de verkoop kan nog worden geannuleerd of gewijzigd, bijvoorbeeld als je het product terugstuurt.
- Bevestigd: de shop heeft de commissie goedgekeurd en het bedrag telt mee voor je beschikbare saldo.
- Afgewezen: de shop heeft de verkoop niet goedgekeurd, bijvoorbeeld omdat de bestelling is geannuleerd of geretourneerd, of niet aan de voorwaarden van de shop voldeed.
- Uitbetaald: het bedrag heeft je wallet verlaten als onderdeel van een opname.

Waarom kan in afwachting zo lang duren? Een shop keurt een commissie pas goed als de bestelling niet meer kan worden geretourneerd of geannuleerd. Dat betekent meestal de retourtermijn plus wat tijd voor de eigen administratie van de shop, dus het kan enkele weken duren, en bij reisboekingen vaak tot na de reis. De wachttijd wordt bepaald door de shop, niet door Cashwise, en een doorverwijsbonus komt pas binnen zodra de eerste cashback van je vriend is bevestigd.

## Je saldo opnemen

Zodra je beschikbare saldo $10 bereikt, kun je het opnemen naar PayPal of naar een bankrekening met een IBAN. Opnames worden binnen 1 tot 3 werkdagen verwerkt. Daarna hangt de tijd tot het geld binnen is af van PayPal of je bank, en weekenden en feestdagen tellen niet als werkdagen.

Een paar dingen zorgen ervoor dat een opname soepel verloopt. Controleer of de naam op je PayPal- of bankrekening overeenkomt met de naam op je Cashwise-account, en controleer je IBAN zorgvuldig voordat je bevestigt, want een fout kan de betaling vertragen. Wil je je uitbetalingsgegevens wijzigen, doe dat dan voordat je een opname aanvraagt en niet terwijl er een wordt verwerkt.

## Houd het in de gaten

Je wallet bewaart een volledige geschiedenis van je transacties, zodat je altijd kunt nagaan hoe je saldo is veranderd. Blijft een bedrag veel langer in afwachting dan de gebruikelijke goedkeuringstijd van de shop, of wordt het afgewezen terwijl je de bestelling hebt gehouden, neem dan contact op met support met de gegevens van je bestelling, dan zoeken we het samen met de shop uit.`,
    author: "Cashwise-team",
    publishedAt: "2026-05-19T09:00:00.000Z",
    cover: "/images/blog/wallet.svg",
    readingMinutes: 2,
  },
  {
    slug: "from-pending-to-paid-wallet-balance",
    locale: "fr",
    title: "D'« en attente » à « versé » : comment évolue le solde de votre portefeuille",
    excerpt:
      "Chaque dollar de votre portefeuille Cashwise passe par les mêmes étapes. Savoir ce que signifie chaque statut vous permet de voir facilement ce que vous pouvez retirer, et quand.",
    body: `Votre portefeuille Cashwise affiche plusieurs montants, et c'est voulu. Le cashback et les bonus ne sont pas disponibles dès que vous les gagnez ; ils passent d'abord par plusieurs étapes. Une fois que vous savez ce que signifie chacune d'elles, votre solde devient facile à lire.

## Les étapes d'une transaction

Chaque montant de votre portefeuille porte un statut qui indique où il en est :

- En attente : la boutique a déclaré votre achat, mais la vente peut encore être annulée ou modifiée, par exemple si vous renvoyez l'article.
- Confirmé : la boutique a validé la commission et le montant est pris en compte dans votre solde disponible.
- Refusé : la boutique n'a pas validé la vente, par exemple parce que la commande a été annulée ou retournée, ou ne respectait pas ses conditions.
- Versé : le montant a quitté votre portefeuille dans le cadre d'un retrait.

Pourquoi le statut « en attente » peut-il durer si longtemps ? Une boutique ne valide une commission qu'une fois que la commande ne peut plus être retournée ni annulée. Cela correspond généralement au délai de retour, plus un peu de temps pour sa propre administration : cela peut donc prendre plusieurs semaines, et pour les réservations de voyage, souvent jusqu'après le séjour. Ce délai est fixé par la boutique, pas par Cashwise, et un bonus de parrainage n'arrive qu'une fois le premier cashback de votre filleul confirmé.

## Retirer votre solde

Dès que votre solde disponible atteint 10 $, vous pouvez le retirer vers PayPal ou vers un compte bancaire avec un IBAN. Les retraits sont traités en 1 à 3 jours ouvrés. Ensuite, le délai avant l'arrivée de l'argent dépend de PayPal ou de votre banque, et les week-ends et jours fériés ne comptent pas comme jours ouvrés.

Quelques précautions facilitent le retrait. Vérifiez que le nom de votre compte PayPal ou bancaire correspond à celui de votre compte Cashwise, et contrôlez soigneusement votre IBAN avant de confirmer, car une erreur peut retarder le paiement. Si vous souhaitez modifier vos coordonnées de paiement, faites-le avant de demander un retrait plutôt que pendant son traitement.

## Garder un œil sur votre solde

Votre portefeuille conserve l'historique complet de vos transactions, ce qui vous permet de toujours retracer l'évolution de votre solde. Si un montant reste en attente bien plus longtemps que le délai de validation habituel de la boutique, ou s'il est refusé alors que vous avez gardé la commande, contactez l'assistance avec les détails de la commande et nous examinerons la situation avec la boutique.`,
    author: "L'équipe Cashwise",
    publishedAt: "2026-05-19T09:00:00.000Z",
    cover: "/images/blog/wallet.svg",
    readingMinutes: 2,
  },
  {
    slug: "from-pending-to-paid-wallet-balance",
    locale: "es",
    title: "De pendiente a pagado: cómo se mueve el saldo de tu monedero",
    excerpt:
      "Cada dólar de tu monedero Cashwise pasa por las mismas fases. Saber qué significa cada estado te permite ver fácilmente qué puedes retirar y cuándo.",
    body: `Tu monedero Cashwise muestra más de una cifra, y es a propósito. El cashback y los bonos no se pueden gastar en el momento en que los ganas; antes pasan por varias fases. Cuando sabes qué significa cada una, tu saldo es fácil de entender.

## Las fases de una transacción

Cada importe de tu monedero tiene un estado que indica en qué punto del proceso se encuentra:

- Pendiente: la tienda ha comunicado tu compra, pero la venta todavía puede cancelarse o cambiar, por ejemplo si devuelves el artículo.
- Confirmado: la tienda ha aprobado la comisión y el importe cuenta para tu saldo disponible.
- Rechazado: la tienda no aprobó la venta, por ejemplo porque el pedido se canceló o se devolvió, o no cumplía sus condiciones.
- Pagado: el importe ha salido de tu monedero como parte de un retiro.

¿Por qué puede tardar tanto el estado pendiente? Una tienda solo aprueba una comisión cuando el pedido ya no se puede devolver ni cancelar. Eso suele significar el plazo de devolución más algo de tiempo para su propia administración, así que puede tardar varias semanas, y en las reservas de viajes a menudo hasta después del viaje. El plazo lo fija la tienda, no Cashwise, y un bono por referido solo llega cuando se confirma el primer cashback de tu amigo.

## Retirar tu saldo

En cuanto tu saldo disponible llega a 10 $, puedes retirarlo a PayPal o a una cuenta bancaria con IBAN. Los retiros se procesan en un plazo de 1 a 3 días hábiles. Después, el tiempo hasta que llega el dinero depende de PayPal o de tu banco, y los fines de semana y festivos no cuentan como días hábiles.

Algunos detalles ayudan a que el retiro vaya bien. Asegúrate de que el nombre de tu cuenta de PayPal o bancaria coincide con el de tu cuenta Cashwise, y revisa bien el IBAN antes de confirmar, porque un error puede retrasar el pago. Si quieres cambiar tus datos de pago, hazlo antes de solicitar un retiro y no mientras se está procesando uno.

## Sigue de cerca tu saldo

Tu monedero guarda el historial completo de tus transacciones, así que siempre puedes ver cómo ha cambiado tu saldo. Si un importe sigue pendiente mucho más tiempo que el plazo de aprobación habitual de la tienda, o se rechaza aunque te quedaste con el pedido, escribe a soporte con los datos del pedido y lo revisaremos con la tienda.`,
    author: "Equipo Cashwise",
    publishedAt: "2026-05-19T09:00:00.000Z",
    cover: "/images/blog/wallet.svg",
    readingMinutes: 2,
  },
  {
    slug: "from-pending-to-paid-wallet-balance",
    locale: "de",
    title: "Von ausstehend bis ausgezahlt: So bewegt sich Ihr Wallet-Guthaben",
    excerpt:
      "Jeder Dollar in Ihrer Cashwise-Wallet durchläuft dieselben Phasen. Wenn Sie wissen, was jeder Status bedeutet, sehen Sie auf einen Blick, was Sie auszahlen lassen können und wann.",
    body: `Ihre Cashwise-Wallet zeigt mehr als einen Betrag, und das ist Absicht. Cashback und Boni sind nicht in dem Moment verfügbar, in dem Sie sie verdienen; sie durchlaufen zuerst einige Phasen. Sobald Sie wissen, was jede Phase bedeutet, ist Ihr Guthaben leicht zu lesen.

## Die Phasen einer Wallet-Transaktion

Jeder Betrag in Ihrer Wallet hat einen Status, der zeigt, wo er sich im Ablauf befindet:

- Ausstehend: Der Shop hat Ihren Einkauf gemeldet, aber der Verkauf kann noch storniert oder geändert werden, zum Beispiel wenn Sie den Artikel zurückschicken.
- Bestätigt: Der Shop hat die Provision freigegeben, und der Betrag zählt zu Ihrem verfügbaren Guthaben.
- Abgelehnt: Der Shop hat den Verkauf nicht freigegeben, etwa weil die Bestellung storniert oder zurückgeschickt wurde oder die Bedingungen des Shops nicht erfüllt hat.
- Ausgezahlt: Der Betrag hat Ihre Wallet im Rahmen einer Auszahlung verlassen.

Warum kann „ausstehend“ so lange dauern? Ein Shop gibt eine Provision erst frei, wenn die Bestellung nicht mehr zurückgeschickt oder storniert werden kann. Das bedeutet meist die Rückgabefrist plus etwas Zeit für die eigene Verwaltung des Shops, es kann also mehrere Wochen dauern, bei Reisebuchungen oft bis nach der Reise. Die Wartezeit legt der Shop fest, nicht Cashwise, und ein Empfehlungsbonus wird erst gutgeschrieben, wenn das erste Cashback der eingeladenen Person bestätigt ist.

## Ihr Guthaben auszahlen lassen

Sobald Ihr verfügbares Guthaben 10 $ erreicht, können Sie es auf PayPal oder auf ein Bankkonto mit IBAN auszahlen lassen. Auszahlungen werden innerhalb von 1 bis 3 Werktagen bearbeitet. Danach hängt die Zeit bis zum Geldeingang von PayPal oder Ihrer Bank ab, und Wochenenden und Feiertage zählen nicht als Werktage.

Ein paar Punkte sorgen für eine reibungslose Auszahlung. Achten Sie darauf, dass der Name auf Ihrem PayPal- oder Bankkonto mit dem Namen in Ihrem Cashwise-Konto übereinstimmt, und prüfen Sie die IBAN vor dem Bestätigen sorgfältig, denn ein Fehler kann die Zahlung verzögern. Wenn Sie Ihre Auszahlungsdaten ändern möchten, tun Sie das, bevor Sie eine Auszahlung beantragen, und nicht, während eine bearbeitet wird.

## Behalten Sie den Überblick

Ihre Wallet speichert den vollständigen Verlauf Ihrer Transaktionen, sodass Sie jederzeit nachvollziehen können, wie sich Ihr Guthaben verändert hat. Bleibt ein Betrag deutlich länger ausstehend als die übliche Freigabezeit des Shops oder wird er abgelehnt, obwohl Sie die Bestellung behalten haben, wenden Sie sich mit den Bestelldaten an den Support, und wir klären es gemeinsam mit dem Shop.`,
    author: "Cashwise-Team",
    publishedAt: "2026-05-19T09:00:00.000Z",
    cover: "/images/blog/wallet.svg",
    readingMinutes: 2,
  },

  // ---------------------------------------------------------------------------
  // 4. Finding keywords your competitors missed
  // ---------------------------------------------------------------------------
  {
    slug: "finding-keywords-competitors-missed",
    locale: "en",
    title: "Finding keywords your competitors missed",
    excerpt:
      "The most crowded keywords are rarely the best value. Here is a practical way to find the specific, less contested searches your competitors have left open.",
    body: `When every business in your niche bids on the same handful of obvious keywords, clicks get expensive and small budgets run out early in the day. The good news is that people search in far more ways than most advertisers cover. The searches your competitors ignore are often more specific, cheaper and closer to a purchase.

## Where missed keywords hide

Start with the words your customers actually use, not the jargon of your industry. Good sources include:

- your own search terms report, which shows real searches that already led to clicks;
- questions customers ask by e-mail, on the phone or in reviews;
- the internal search on your website, if it has one;
- combinations of your service with a location, a problem, a price level or an occasion;
- words people use for your product that you never use yourself, including common misspellings and regional terms.

A keyword generator turns those seeds into a long list quickly: the Cashwise keyword generator expands a starting term into related phrases and variations, which you then filter for relevance to what you actually sell. If you sell in more than one language or country, research each one separately, because a direct translation of your keywords often misses how people there really search.

## Checking what competitors cover

Next, compare your list with what competitors show up for. Search for your most important terms yourself, note which advertisers appear, and read the wording of their ads and landing pages. Competitor tracking in Cashwise helps you follow this over time instead of relying on a single snapshot, which matters because results differ by location, device and time of day.

The gaps you find are your opportunities: specific problems, places or product variants that nobody addresses directly. Long, specific searches bring fewer clicks each, but together they add up, and they often convert better because the person searching knows exactly what they want.

## Testing before you scale

Put promising new keywords in a separate ad group with an ad and a landing page that match them closely, and give them a fixed budget for a few weeks. Keep the ones that bring conversions at an acceptable cost, add terms that attract the wrong people as negative keywords, and repeat the process every quarter, because search habits and competitors change.`,
    author: "Cashwise Editorial",
    publishedAt: "2026-07-07T09:00:00.000Z",
    cover: "/images/blog/keywords.svg",
    readingMinutes: 2,
  },
  {
    slug: "finding-keywords-competitors-missed",
    locale: "nl",
    title: "Zoekwoorden vinden die je concurrenten over het hoofd zien",
    excerpt:
      "De drukste zoekwoorden zijn zelden de beste deal. Zo vind je op een praktische manier de specifieke, minder omstreden zoekopdrachten die je concurrenten hebben laten liggen.",
    body: `Als elk bedrijf in je niche op dezelfde handvol voor de hand liggende zoekwoorden biedt, worden klikken duur en is een klein budget al vroeg op de dag op. Het goede nieuws: mensen zoeken op veel meer manieren dan de meeste adverteerders afdekken. De zoekopdrachten die je concurrenten negeren, zijn vaak specifieker, goedkoper en dichter bij een aankoop.

## Waar gemiste zoekwoorden zich verstoppen

Begin met de woorden die je klanten echt gebruiken, niet met het jargon van je branche. Goede bronnen zijn:

- je eigen zoektermenrapport, met echte zoekopdrachten die al tot klikken hebben geleid;
- vragen die klanten stellen per e-mail, aan de telefoon of in reviews;
- de interne zoekfunctie van je website, als die er is;
- combinaties van je dienst met een locatie, een probleem, een prijsniveau of een gelegenheid;
- woorden die mensen voor je product gebruiken maar die jij zelf nooit gebruikt, inclusief veelvoorkomende spelfouten en regionale termen.

Een zoekwoordgenerator maakt van die startpunten snel een lange lijst: de zoekwoordgenerator van Cashwise breidt een beginterm uit met verwante woordgroepen en varianten, die je daarna filtert op relevantie voor wat je echt verkoopt. Verkoop je in meer dan één taal of land, onderzoek dan elk daarvan apart, want een letterlijke vertaling van je zoekwoorden mist vaak hoe mensen daar echt zoeken.

## Nagaan wat concurrenten afdekken

Vergelijk je lijst vervolgens met de zoekopdrachten waarop concurrenten verschijnen. Zoek zelf op je belangrijkste termen, noteer welke adverteerders je ziet en lees de teksten van hun advertenties en landingspagina's. Met concurrentietracking in Cashwise volg je dit door de tijd heen in plaats van op één momentopname te vertrouwen, en dat is belangrijk omdat resultaten verschillen per locatie, apparaat en tijdstip.

De gaten die je vindt, zijn je kansen: specifieke problemen, plaatsen of productvarianten waar niemand zich direct op richt. Lange, specifieke zoekopdrachten leveren elk minder klikken op, maar samen tellen ze op, en ze converteren vaak beter omdat de zoeker precies weet wat hij wil.

## Testen voordat je opschaalt

Zet veelbelovende nieuwe zoekwoorden in een aparte advertentiegroep met een advertentie en landingspagina die er nauw op aansluiten, en geef ze een paar weken een vast budget. Houd de zoekwoorden die tegen acceptabele kosten conversies opleveren, voeg termen die de verkeerde mensen aantrekken toe als uitsluitingszoekwoorden, en herhaal het proces elk kwartaal, want zoekgewoontes en concurrenten veranderen.`,
    author: "Cashwise-redactie",
    publishedAt: "2026-07-07T09:00:00.000Z",
    cover: "/images/blog/keywords.svg",
    readingMinutes: 2,
  },
  {
    slug: "finding-keywords-competitors-missed",
    locale: "fr",
    title: "Trouver les mots clés que vos concurrents ont oubliés",
    excerpt:
      "Les mots clés les plus disputés sont rarement les plus rentables. Voici une méthode concrète pour trouver les recherches précises et moins concurrentielles que vos concurrents ont laissées de côté.",
    body: `Lorsque toutes les entreprises de votre secteur enchérissent sur la même poignée de mots clés évidents, les clics deviennent chers et les petits budgets sont épuisés tôt dans la journée. La bonne nouvelle, c'est que les internautes cherchent de bien plus de façons que la plupart des annonceurs ne le couvrent. Les recherches que vos concurrents ignorent sont souvent plus précises, moins chères et plus proches d'un achat.

## Où se cachent les mots clés oubliés

Partez des mots qu'emploient réellement vos clients, pas du jargon de votre secteur. Les bonnes sources sont notamment :

- votre propre rapport sur les termes de recherche, qui montre des recherches réelles ayant déjà généré des clics ;
- les questions que posent vos clients par e-mail, au téléphone ou dans leurs avis ;
- le moteur de recherche interne de votre site, s'il en a un ;
- les combinaisons de votre service avec un lieu, un problème, une gamme de prix ou une occasion ;
- les mots que les gens utilisent pour désigner votre produit et que vous n'employez jamais vous-même, y compris les fautes d'orthographe courantes et les termes régionaux.

Un générateur de mots clés transforme rapidement ces points de départ en une longue liste : celui de Cashwise développe un terme de départ en expressions associées et en variantes, que vous filtrez ensuite selon leur pertinence pour ce que vous vendez réellement. Si vous vendez dans plusieurs langues ou pays, faites la recherche séparément pour chacun, car une traduction directe de vos mots clés passe souvent à côté de la façon dont les gens y cherchent vraiment.

## Vérifier ce que couvrent vos concurrents

Comparez ensuite votre liste avec les recherches sur lesquelles vos concurrents apparaissent. Recherchez vous-même vos termes les plus importants, notez quels annonceurs s'affichent et lisez la formulation de leurs annonces et de leurs pages de destination. Le suivi des concurrents de Cashwise vous aide à observer cela dans la durée plutôt que de vous fier à un seul instantané, ce qui compte, car les résultats varient selon le lieu, l'appareil et le moment de la journée.

Les lacunes que vous repérez sont vos opportunités : des problèmes, des lieux ou des variantes de produits précis auxquels personne ne répond directement. Les recherches longues et précises apportent chacune moins de clics, mais elles s'additionnent, et elles convertissent souvent mieux, car la personne qui cherche sait exactement ce qu'elle veut.

## Tester avant de passer à l'échelle

Placez les nouveaux mots clés prometteurs dans un groupe d'annonces distinct, avec une annonce et une page de destination qui leur correspondent étroitement, et attribuez-leur un budget fixe pendant quelques semaines. Conservez ceux qui génèrent des conversions à un coût acceptable, ajoutez les termes qui attirent les mauvaises personnes comme mots clés à exclure, et répétez l'exercice chaque trimestre, car les habitudes de recherche et les concurrents évoluent.`,
    author: "La rédaction Cashwise",
    publishedAt: "2026-07-07T09:00:00.000Z",
    cover: "/images/blog/keywords.svg",
    readingMinutes: 2,
  },
  {
    slug: "finding-keywords-competitors-missed",
    locale: "es",
    title: "Cómo encontrar las palabras clave que tu competencia ha pasado por alto",
    excerpt:
      "Las palabras clave más disputadas rara vez son las más rentables. Aquí tienes una forma práctica de encontrar las búsquedas concretas y menos competidas que tu competencia ha dejado libres.",
    body: `Cuando todas las empresas de tu sector pujan por el mismo puñado de palabras clave obvias, los clics se encarecen y los presupuestos pequeños se agotan a primera hora del día. La buena noticia es que la gente busca de muchas más formas de las que cubren la mayoría de los anunciantes. Las búsquedas que tu competencia ignora suelen ser más concretas, más baratas y más cercanas a una compra.

## Dónde se esconden las palabras clave olvidadas

Empieza por las palabras que usan de verdad tus clientes, no por la jerga de tu sector. Algunas buenas fuentes son:

- tu propio informe de términos de búsqueda, que muestra búsquedas reales que ya generaron clics;
- las preguntas que hacen los clientes por correo, por teléfono o en sus reseñas;
- el buscador interno de tu web, si lo tiene;
- combinaciones de tu servicio con un lugar, un problema, un nivel de precio o una ocasión;
- palabras que la gente usa para tu producto y que tú nunca usas, incluidas las faltas de ortografía habituales y los términos regionales.

Un generador de palabras clave convierte rápidamente esos puntos de partida en una lista larga: el generador de palabras clave de Cashwise amplía un término inicial con frases relacionadas y variantes, que después filtras según su relevancia para lo que realmente vendes. Si vendes en más de un idioma o país, investiga cada uno por separado, porque una traducción literal de tus palabras clave a menudo no refleja cómo busca allí la gente.

## Comprobar qué cubre tu competencia

Después, compara tu lista con las búsquedas en las que aparece tu competencia. Busca tú mismo tus términos más importantes, anota qué anunciantes aparecen y lee cómo redactan sus anuncios y sus páginas de destino. El seguimiento de la competencia de Cashwise te ayuda a observarlo a lo largo del tiempo en lugar de fiarte de una sola captura, algo importante porque los resultados varían según el lugar, el dispositivo y la hora del día.

Los huecos que encuentres son tus oportunidades: problemas, lugares o variantes de producto concretos a los que nadie se dirige directamente. Las búsquedas largas y específicas generan menos clics cada una, pero juntas suman, y a menudo convierten mejor porque quien busca sabe exactamente lo que quiere.

## Probar antes de ampliar

Coloca las nuevas palabras clave prometedoras en un grupo de anuncios aparte, con un anuncio y una página de destino que encajen bien con ellas, y dales un presupuesto fijo durante unas semanas. Quédate con las que generan conversiones a un coste aceptable, añade como palabras clave negativas los términos que atraen a la gente equivocada y repite el proceso cada trimestre, porque los hábitos de búsqueda y la competencia cambian.`,
    author: "Redacción Cashwise",
    publishedAt: "2026-07-07T09:00:00.000Z",
    cover: "/images/blog/keywords.svg",
    readingMinutes: 2,
  },
  {
    slug: "finding-keywords-competitors-missed",
    locale: "de",
    title: "Keywords finden, die Ihre Mitbewerber übersehen haben",
    excerpt:
      "Die umkämpftesten Keywords sind selten die lohnendsten. So finden Sie auf praktische Weise die spezifischen, weniger umkämpften Suchanfragen, die Ihre Mitbewerber offen gelassen haben.",
    body: `Wenn alle Unternehmen Ihrer Branche auf dieselbe Handvoll naheliegender Keywords bieten, werden Klicks teuer, und kleine Budgets sind früh am Tag aufgebraucht. Die gute Nachricht: Menschen suchen auf viel mehr Arten, als die meisten Werbetreibenden abdecken. Die Suchanfragen, die Ihre Mitbewerber ignorieren, sind oft spezifischer, günstiger und näher an einem Kauf.

## Wo sich übersehene Keywords verstecken

Beginnen Sie mit den Wörtern, die Ihre Kunden tatsächlich verwenden, nicht mit dem Fachjargon Ihrer Branche. Gute Quellen sind:

- Ihr eigener Suchbegriffbericht, der echte Suchanfragen zeigt, die bereits zu Klicks geführt haben;
- Fragen, die Kunden per E-Mail, am Telefon oder in Bewertungen stellen;
- die interne Suche Ihrer Website, falls vorhanden;
- Kombinationen Ihrer Leistung mit einem Ort, einem Problem, einer Preisklasse oder einem Anlass;
- Begriffe, die Menschen für Ihr Produkt verwenden, Sie selbst aber nie, einschließlich häufiger Tippfehler und regionaler Ausdrücke.

Ein Keyword-Generator macht aus diesen Ausgangspunkten schnell eine lange Liste: Der Keyword-Generator von Cashwise erweitert einen Ausgangsbegriff um verwandte Wortgruppen und Varianten, die Sie anschließend nach ihrer Relevanz für Ihr tatsächliches Angebot filtern. Wenn Sie in mehr als einer Sprache oder einem Land verkaufen, recherchieren Sie jedes davon separat, denn eine wörtliche Übersetzung Ihrer Keywords trifft oft nicht, wie Menschen dort wirklich suchen.

## Prüfen, was Mitbewerber abdecken

Vergleichen Sie Ihre Liste anschließend mit den Suchanfragen, bei denen Ihre Mitbewerber erscheinen. Suchen Sie selbst nach Ihren wichtigsten Begriffen, notieren Sie, welche Werbetreibenden auftauchen, und lesen Sie die Formulierungen ihrer Anzeigen und Landingpages. Das Mitbewerber-Tracking von Cashwise hilft Ihnen, dies über längere Zeit zu verfolgen, statt sich auf eine einzelne Momentaufnahme zu verlassen, und das ist wichtig, weil sich die Ergebnisse je nach Ort, Gerät und Tageszeit unterscheiden.

Die Lücken, die Sie finden, sind Ihre Chancen: bestimmte Probleme, Orte oder Produktvarianten, die niemand direkt anspricht. Lange, spezifische Suchanfragen bringen jeweils weniger Klicks, summieren sich aber, und sie konvertieren oft besser, weil die suchende Person genau weiß, was sie will.

## Testen, bevor Sie skalieren

Legen Sie vielversprechende neue Keywords in eine eigene Anzeigengruppe mit einer Anzeige und einer Landingpage, die genau dazu passen, und geben Sie ihnen für einige Wochen ein festes Budget. Behalten Sie die Keywords, die Conversions zu vertretbaren Kosten bringen, fügen Sie Begriffe, die die falschen Personen anziehen, als auszuschließende Keywords hinzu, und wiederholen Sie den Vorgang jedes Quartal, denn Suchgewohnheiten und Mitbewerber ändern sich.`,
    author: "Cashwise-Redaktion",
    publishedAt: "2026-07-07T09:00:00.000Z",
    cover: "/images/blog/keywords.svg",
    readingMinutes: 2,
  },

  // ---------------------------------------------------------------------------
  // 5. Referral bonuses
  // ---------------------------------------------------------------------------
  {
    slug: "making-the-most-of-referral-bonuses",
    locale: "en",
    title: "Invite friends, earn together: making the most of referral bonuses",
    excerpt:
      "Referral bonuses reward you for bringing people to Cashwise who actually use it. A few honest, low-effort habits make your invitations count.",
    body: `Referral bonuses are simple: you share your personal invitation link, a friend signs up through it, and when that friend's first cashback is confirmed, you both receive a bonus in your wallet. It works best when you invite people who will genuinely shop through Cashwise, because the bonus depends on them becoming active users, not just on signing up.

## How referral bonuses are credited

Your invitation link carries a code that ties the new account to you. That is why your friend should sign up through your link rather than by finding Cashwise on their own afterwards: an account created without the link usually cannot be linked to you later.

Because the bonus is tied to your friend's first confirmed cashback, it can take a few weeks: the shop first has to confirm that purchase, just as with your own cashback. Once credited, the bonus counts toward your available balance and can be withdrawn together with the rest once you have at least $10 available.

## Inviting people who will actually use it

The invitations that work are personal and specific. Some ideas:

- tell a friend about a particular shop or purchase where cashback made a difference for you;
- share your link when someone is about to make a bigger purchase, such as new electronics or a holiday booking;
- explain in one sentence how tracking works, so their first purchase is recorded properly;
- for colleagues and business contacts, mention the ad tools as well, since Cashwise is more than cashback.

Avoid what annoys people or breaks the rules: posting your link where that is not allowed, such as forums or review sites that forbid it, sending mass messages to people you do not know, or creating extra accounts for yourself. Referral programmes normally exclude self-referrals and duplicate accounts, so bonuses earned that way are usually declined; the terms and conditions set out exactly what is allowed.

## Helping your friends get started

Your bonus depends on your friend's first experience, so a little help goes a long way. Point them to the habits that keep cashback tracked: start every purchase from Cashwise, pause ad blockers for the shop, and only use voucher codes listed on Cashwise. A friend whose first cashback shows up correctly is much more likely to keep using it, and that is good for both of you.`,
    author: "Cashwise Team",
    publishedAt: "2026-09-08T09:00:00.000Z",
    cover: "/images/blog/referrals.svg",
    readingMinutes: 2,
  },
  {
    slug: "making-the-most-of-referral-bonuses",
    locale: "nl",
    title: "Nodig vrienden uit en verdien samen: haal meer uit je doorverwijsbonussen",
    excerpt:
      "Met doorverwijsbonussen word je beloond als je mensen naar Cashwise haalt die het echt gebruiken. Met een paar eerlijke gewoontes die weinig moeite kosten, tellen je uitnodigingen mee.",
    body: `Doorverwijsbonussen zijn eenvoudig: je deelt je persoonlijke uitnodigingslink, een vriend meldt zich daarmee aan, en zodra de eerste cashback van die vriend is bevestigd, krijgen jullie allebei een bonus in je wallet. Het werkt het best als je mensen uitnodigt die echt via Cashwise gaan shoppen, want de bonus hangt ervan af of zij actieve gebruikers worden, niet alleen of ze zich aanmelden.

## Zo wordt een doorverwijsbonus bijgeschreven

Je uitnodigingslink bevat een code die het nieuwe account aan jou koppelt. Daarom moet je vriend zich via jouw link aanmelden en niet later zelf Cashwise opzoeken: een account dat zonder de link is aangemaakt, kan meestal achteraf niet meer aan jou worden gekoppeld.

Omdat de bonus gekoppeld is aan de eerste bevestigde cashback van je vriend, kan het een paar weken duren: de shop moet die aankoop eerst bevestigen, net als bij je eigen cashback. Zodra de bonus is bijgeschreven, telt hij mee voor je beschikbare saldo en kun je hem samen met de rest opnemen zodra je minstens $10 beschikbaar hebt.

## Nodig mensen uit die het echt gaan gebruiken

De uitnodigingen die werken, zijn persoonlijk en concreet. Een paar ideeën:

- vertel een vriend over een bepaalde shop of aankoop waarbij cashback voor jou het verschil maakte;
- deel je link als iemand op het punt staat een grotere aankoop te doen, zoals nieuwe elektronica of een vakantieboeking;
- leg in één zin uit hoe tracking werkt, zodat hun eerste aankoop goed wordt geregistreerd;
- noem bij collega's en zakelijke contacten ook de advertentietools, want Cashwise is meer dan cashback.

Vermijd wat mensen irriteert of tegen de regels ingaat: je link plaatsen waar dat niet mag, zoals op fora of reviewsites die het verbieden, massaal berichten sturen naar mensen die je niet kent, of extra accounts voor jezelf aanmaken. Doorverwijsprogramma's sluiten zelfverwijzingen en dubbele accounts normaal gesproken uit, dus bonussen die zo zijn verdiend, worden meestal afgewezen; in de algemene voorwaarden staat precies wat wel mag.

## Help je vrienden op weg

Je bonus hangt af van de eerste ervaring van je vriend, dus een beetje hulp maakt veel verschil. Wijs ze op de gewoontes waarmee cashback goed wordt geregistreerd: begin elke aankoop vanuit Cashwise, zet adblockers uit voor de shop en gebruik alleen kortingscodes die op Cashwise staan. Een vriend bij wie de eerste cashback goed verschijnt, blijft het veel eerder gebruiken, en daar hebben jullie allebei iets aan.`,
    author: "Cashwise-team",
    publishedAt: "2026-09-08T09:00:00.000Z",
    cover: "/images/blog/referrals.svg",
    readingMinutes: 2,
  },
  {
    slug: "making-the-most-of-referral-bonuses",
    locale: "fr",
    title: "Invitez vos amis, gagnez ensemble : tirer le meilleur parti des bonus de parrainage",
    excerpt:
      "Les bonus de parrainage vous récompensent lorsque vous faites venir sur Cashwise des personnes qui l'utilisent vraiment. Quelques habitudes honnêtes et peu contraignantes donnent du poids à vos invitations.",
    body: `Les bonus de parrainage sont simples : vous partagez votre lien d'invitation personnel, un ami s'inscrit grâce à lui et, lorsque le premier cashback de cet ami est confirmé, vous recevez tous les deux un bonus dans votre portefeuille. Cela fonctionne le mieux lorsque vous invitez des personnes qui feront vraiment leurs achats via Cashwise, car le bonus dépend de leur utilisation active du service, pas seulement de leur inscription.

## Comment les bonus de parrainage sont crédités

Votre lien d'invitation contient un code qui rattache le nouveau compte au vôtre. C'est pourquoi votre ami doit s'inscrire via votre lien plutôt que de trouver Cashwise par lui-même plus tard : un compte créé sans le lien ne peut généralement pas vous être rattaché après coup.

Comme le bonus est lié au premier cashback confirmé de votre ami, il peut se faire attendre quelques semaines : la boutique doit d'abord confirmer cet achat, comme pour votre propre cashback. Une fois crédité, le bonus compte dans votre solde disponible et peut être retiré avec le reste dès que vous disposez d'au moins 10 $.

## Inviter des personnes qui l'utiliseront vraiment

Les invitations qui fonctionnent sont personnelles et concrètes. Quelques idées :

- parlez à un ami d'une boutique ou d'un achat précis pour lequel le cashback a fait la différence pour vous ;
- partagez votre lien lorsque quelqu'un s'apprête à faire un achat important, comme du matériel électronique ou la réservation de vacances ;
- expliquez en une phrase comment fonctionne le suivi, pour que son premier achat soit correctement enregistré ;
- auprès de vos collègues et contacts professionnels, mentionnez aussi les outils publicitaires, car Cashwise ne se limite pas au cashback.

Évitez ce qui agace ou enfreint les règles : publier votre lien là où ce n'est pas autorisé, comme sur les forums ou les sites d'avis qui l'interdisent, envoyer des messages en masse à des inconnus ou créer des comptes supplémentaires pour vous-même. Les programmes de parrainage excluent normalement l'auto-parrainage et les comptes en double, et les bonus obtenus ainsi sont généralement refusés ; les conditions générales précisent ce qui est autorisé.

## Aider vos amis à bien démarrer

Votre bonus dépend de la première expérience de votre ami : un petit coup de main fait donc une grande différence. Rappelez-lui les habitudes qui permettent au cashback d'être suivi : commencer chaque achat depuis Cashwise, désactiver les bloqueurs de publicités pour la boutique et n'utiliser que les codes promo indiqués sur Cashwise. Un ami dont le premier cashback apparaît correctement a bien plus de chances de continuer à utiliser le service, et c'est bon pour vous deux.`,
    author: "L'équipe Cashwise",
    publishedAt: "2026-09-08T09:00:00.000Z",
    cover: "/images/blog/referrals.svg",
    readingMinutes: 2,
  },
  {
    slug: "making-the-most-of-referral-bonuses",
    locale: "es",
    title: "Invita a tus amigos y ganad juntos: saca el máximo partido a los bonos por referidos",
    excerpt:
      "Los bonos por referidos te recompensan por traer a Cashwise a personas que de verdad lo usan. Unos cuantos hábitos honestos y sencillos hacen que tus invitaciones cuenten.",
    body: `Los bonos por referidos son sencillos: compartes tu enlace de invitación personal, un amigo se registra con él y, cuando se confirma el primer cashback de ese amigo, los dos recibís un bono en el monedero. Funciona mejor cuando invitas a personas que de verdad van a comprar a través de Cashwise, porque el bono depende de que se conviertan en usuarios activos, no solo de que se registren.

## Cómo se abonan los bonos por referidos

Tu enlace de invitación lleva un código que vincula la nueva cuenta contigo. Por eso tu amigo debe registrarse a través de tu enlace y no buscar Cashwise por su cuenta más tarde: una cuenta creada sin el enlace normalmente no se puede vincular contigo después.

Como el bono está ligado al primer cashback confirmado de tu amigo, puede tardar unas semanas: la tienda tiene que confirmar antes esa compra, igual que ocurre con tu propio cashback. Una vez abonado, el bono cuenta para tu saldo disponible y puedes retirarlo junto con el resto en cuanto tengas al menos 10 $ disponibles.

## Invita a quien de verdad lo vaya a usar

Las invitaciones que funcionan son personales y concretas. Algunas ideas:

- háblale a un amigo de una tienda o una compra concreta en la que el cashback marcó la diferencia para ti;
- comparte tu enlace cuando alguien esté a punto de hacer una compra importante, como aparatos electrónicos o la reserva de unas vacaciones;
- explica en una frase cómo funciona el seguimiento, para que su primera compra se registre bien;
- a compañeros y contactos profesionales, menciónales también las herramientas publicitarias, porque Cashwise es más que cashback.

Evita lo que molesta a la gente o incumple las normas: publicar tu enlace donde no está permitido, como foros o webs de reseñas que lo prohíben, enviar mensajes masivos a desconocidos o crearte cuentas adicionales. Los programas de referidos suelen excluir las autorreferencias y las cuentas duplicadas, así que los bonos obtenidos así normalmente se rechazan; los términos y condiciones detallan qué está permitido.

## Ayuda a tus amigos a empezar

Tu bono depende de la primera experiencia de tu amigo, así que un poco de ayuda marca la diferencia. Cuéntale los hábitos que hacen que el cashback se registre: empezar cada compra desde Cashwise, desactivar los bloqueadores de anuncios para la tienda y usar solo los códigos de descuento que aparecen en Cashwise. Un amigo cuyo primer cashback aparece correctamente tiene muchas más probabilidades de seguir usándolo, y eso es bueno para los dos.`,
    author: "Equipo Cashwise",
    publishedAt: "2026-09-08T09:00:00.000Z",
    cover: "/images/blog/referrals.svg",
    readingMinutes: 2,
  },
  {
    slug: "making-the-most-of-referral-bonuses",
    locale: "de",
    title: "Freunde einladen, gemeinsam profitieren: So holen Sie das Beste aus Empfehlungsboni heraus",
    excerpt:
      "Empfehlungsboni belohnen Sie dafür, Menschen zu Cashwise zu bringen, die es tatsächlich nutzen. Ein paar ehrliche Gewohnheiten mit wenig Aufwand sorgen dafür, dass Ihre Einladungen zählen.",
    body: `Empfehlungsboni sind einfach: Sie teilen Ihren persönlichen Einladungslink, eine Person aus Ihrem Freundeskreis registriert sich darüber, und sobald das erste Cashback dieser Person bestätigt ist, erhalten Sie beide einen Bonus in Ihrer Wallet. Am besten funktioniert es, wenn Sie Menschen einladen, die wirklich über Cashwise einkaufen werden, denn der Bonus hängt davon ab, dass sie aktive Nutzer werden, nicht nur davon, dass sie sich registrieren.

## Wie Empfehlungsboni gutgeschrieben werden

Ihr Einladungslink enthält einen Code, der das neue Konto mit Ihnen verknüpft. Deshalb sollte sich die eingeladene Person über Ihren Link registrieren und nicht später selbst nach Cashwise suchen: Ein Konto, das ohne den Link erstellt wurde, lässt sich in der Regel nachträglich nicht mehr mit Ihnen verknüpfen.

Da der Bonus an das erste bestätigte Cashback der eingeladenen Person gekoppelt ist, kann er einige Wochen auf sich warten lassen: Der Shop muss diesen Einkauf zuerst bestätigen, genau wie bei Ihrem eigenen Cashback. Sobald der Bonus gutgeschrieben ist, zählt er zu Ihrem verfügbaren Guthaben und kann zusammen mit dem Rest ausgezahlt werden, sobald mindestens 10 $ verfügbar sind.

## Menschen einladen, die es wirklich nutzen

Einladungen, die funktionieren, sind persönlich und konkret. Einige Ideen:

- Erzählen Sie von einem bestimmten Shop oder Einkauf, bei dem Cashback für Sie einen Unterschied gemacht hat.
- Teilen Sie Ihren Link, wenn jemand kurz vor einem größeren Einkauf steht, etwa neuer Elektronik oder einer Urlaubsbuchung.
- Erklären Sie in einem Satz, wie das Tracking funktioniert, damit der erste Einkauf richtig erfasst wird.
- Erwähnen Sie bei Kollegen und Geschäftskontakten auch die Werbetools, denn Cashwise ist mehr als Cashback.

Vermeiden Sie, was andere stört oder gegen die Regeln verstößt: Ihren Link dort zu posten, wo das nicht erlaubt ist, etwa in Foren oder auf Bewertungsportalen, die es verbieten, Massennachrichten an Unbekannte zu schicken oder zusätzliche Konten für sich selbst anzulegen. Empfehlungsprogramme schließen Eigenempfehlungen und doppelte Konten üblicherweise aus, daher werden so erzielte Boni in der Regel abgelehnt; die Allgemeinen Geschäftsbedingungen legen genau fest, was erlaubt ist.

## Den Start erleichtern

Ihr Bonus hängt vom ersten Eindruck der eingeladenen Person ab, daher bewirkt ein wenig Unterstützung viel. Weisen Sie auf die Gewohnheiten hin, mit denen Cashback erfasst wird: jeden Einkauf bei Cashwise beginnen, Werbeblocker für den Shop deaktivieren und nur Gutscheincodes verwenden, die auf Cashwise aufgeführt sind. Wer seinen ersten Cashback korrekt gutgeschrieben sieht, bleibt mit viel größerer Wahrscheinlichkeit dabei, und davon profitieren Sie beide.`,
    author: "Cashwise-Team",
    publishedAt: "2026-09-08T09:00:00.000Z",
    cover: "/images/blog/referrals.svg",
    readingMinutes: 2,
  },

  // ---------------------------------------------------------------------------
  // 6. White-label reports
  // ---------------------------------------------------------------------------
  {
    slug: "white-label-reports-clients-read",
    locale: "en",
    title: "White-label reports your clients will actually read",
    excerpt:
      "A report that only lists numbers rarely gets read. Here is how agencies and freelance marketers can turn white-label PDF reports into something clients look forward to.",
    body: `Most clients of agencies and freelance marketers do not want more data; they want to know whether their money is working and what happens next. A forty-page export of every metric answers neither question. A short, clear report under your own brand answers both, and it reminds the client every month of the work you do for them.

## What to put in the report

Build every report around the client's goals rather than around the ad platform's metrics. A structure that works for most small businesses:

- a summary of three to five sentences in plain language at the top;
- the few numbers that match their goals, such as leads, sales or cost per result, compared with the previous period;
- what you changed this period, and why;
- what you plan to do next, and anything you need from the client;
- the detailed figures in an appendix, for those who want them.

Explain numbers instead of only showing them. "Cost per lead went down because we stopped showing ads outside your delivery area" is worth more than a chart with an arrow pointing down. If a result was disappointing, say so and say what you are doing about it; clients trust reports that do not only contain good news.

## Making it look like yours

White-label means the report carries your name, not ours: your logo, your colours and your contact details. Cashwise generates white-label PDF reports with your branding, so your time goes into the commentary rather than the layout. Keep the design calm: one typeface, a couple of colours and charts with clear labels.

Consistency helps too. Use the same layout, the same order and the same definitions every month, so the client learns where to look and can compare periods at a glance. If you change how a metric is counted, say so in the report.

## Sending it at the right moment

Send reports on a fixed day, shortly after the period closes, with a brief e-mail that repeats the summary in two or three sentences. Many clients read only that e-mail, so make it count. Offer a short call to go through the quarterly reports, and use the client's questions to improve the next one.`,
    author: "Cashwise Editorial",
    publishedAt: "2026-10-20T09:00:00.000Z",
    cover: "/images/blog/reports.svg",
    readingMinutes: 2,
  },
  {
    slug: "white-label-reports-clients-read",
    locale: "nl",
    title: "White-label rapporten die je klanten echt lezen",
    excerpt:
      "Een rapport dat alleen cijfers opsomt, wordt zelden gelezen. Zo maken bureaus en freelance marketeers van white-label PDF-rapporten iets waar klanten naar uitkijken.",
    body: `De meeste klanten van bureaus en freelance marketeers willen geen extra data; ze willen weten of hun geld iets oplevert en wat er nu gaat gebeuren. Een export van veertig pagina's met elke denkbare metriek beantwoordt geen van beide vragen. Een kort, helder rapport onder je eigen merk beantwoordt ze allebei, en herinnert de klant elke maand aan het werk dat je voor hem doet.

## Wat er in het rapport hoort

Bouw elk rapport op rond de doelen van de klant en niet rond de metrieken van het advertentieplatform. Een opbouw die voor de meeste kleine bedrijven werkt:

- bovenaan een samenvatting van drie tot vijf zinnen in begrijpelijke taal;
- de paar cijfers die bij hun doelen passen, zoals leads, verkopen of kosten per resultaat, vergeleken met de vorige periode;
- wat je deze periode hebt aangepast, en waarom;
- wat je hierna van plan bent, en wat je nog van de klant nodig hebt;
- de gedetailleerde cijfers in een bijlage, voor wie ze wil zien.

Leg cijfers uit in plaats van ze alleen te tonen. "De kosten per lead zijn gedaald omdat we geen advertenties meer tonen buiten je bezorggebied" is meer waard dan een grafiek met een pijl omlaag. Viel een resultaat tegen, zeg dat dan en vertel wat je eraan doet; klanten vertrouwen rapporten die niet alleen goed nieuws bevatten.

## Zorg dat het er als het jouwe uitziet

White-label betekent dat het rapport jouw naam draagt, niet de onze: jouw logo, jouw kleuren en jouw contactgegevens. Cashwise maakt white-label PDF-rapporten met jouw huisstijl, zodat je tijd naar de toelichting gaat in plaats van naar de opmaak. Houd het ontwerp rustig: één lettertype, een paar kleuren en grafieken met duidelijke labels.

Consistentie helpt ook. Gebruik elke maand dezelfde opmaak, dezelfde volgorde en dezelfde definities, zodat de klant leert waar hij moet kijken en periodes in één oogopslag kan vergelijken. Verander je hoe een metriek wordt berekend, vermeld dat dan in het rapport.

## Verstuur het op het juiste moment

Verstuur rapporten op een vaste dag, kort nadat de periode is afgesloten, met een korte e-mail die de samenvatting in twee of drie zinnen herhaalt. Veel klanten lezen alleen die e-mail, dus zorg dat die raak is. Bied een kort gesprek aan om de kwartaalrapporten door te nemen, en gebruik de vragen van de klant om het volgende rapport te verbeteren.`,
    author: "Cashwise-redactie",
    publishedAt: "2026-10-20T09:00:00.000Z",
    cover: "/images/blog/reports.svg",
    readingMinutes: 2,
  },
  {
    slug: "white-label-reports-clients-read",
    locale: "fr",
    title: "Des rapports en marque blanche que vos clients liront vraiment",
    excerpt:
      "Un rapport qui se contente d'aligner des chiffres est rarement lu. Voici comment les agences et les marketeurs indépendants peuvent faire de leurs rapports PDF en marque blanche un rendez-vous attendu par leurs clients.",
    body: `La plupart des clients d'agences et de marketeurs indépendants ne veulent pas plus de données ; ils veulent savoir si leur argent porte ses fruits et ce qui va se passer ensuite. Un export de quarante pages avec toutes les métriques ne répond à aucune de ces deux questions. Un rapport court et clair, à vos couleurs, répond aux deux, et rappelle chaque mois au client le travail que vous faites pour lui.

## Ce que le rapport doit contenir

Construisez chaque rapport autour des objectifs du client plutôt qu'autour des métriques de la plateforme publicitaire. Une structure qui convient à la plupart des petites entreprises :

- en tête, un résumé de trois à cinq phrases en langage simple ;
- les quelques chiffres liés à ses objectifs, comme les contacts, les ventes ou le coût par résultat, comparés à la période précédente ;
- ce que vous avez modifié pendant la période, et pourquoi ;
- ce que vous prévoyez ensuite, et ce dont vous avez besoin de la part du client ;
- les chiffres détaillés en annexe, pour ceux qui les veulent.

Expliquez les chiffres au lieu de vous contenter de les montrer. « Le coût par contact a baissé parce que nous avons arrêté de diffuser des annonces en dehors de votre zone de livraison » vaut plus qu'un graphique avec une flèche vers le bas. Si un résultat est décevant, dites-le et expliquez ce que vous faites pour y remédier ; les clients font confiance aux rapports qui ne contiennent pas que de bonnes nouvelles.

## Un rapport à votre image

La marque blanche signifie que le rapport porte votre nom, pas le nôtre : votre logo, vos couleurs et vos coordonnées. Cashwise génère des rapports PDF en marque blanche à votre image, pour que vous consacriez votre temps au commentaire plutôt qu'à la mise en page. Gardez un design sobre : une seule police, deux ou trois couleurs et des graphiques clairement légendés.

La régularité aide aussi. Utilisez chaque mois la même mise en page, le même ordre et les mêmes définitions, afin que le client sache où regarder et puisse comparer les périodes d'un coup d'œil. Si vous changez la façon de calculer une métrique, signalez-le dans le rapport.

## L'envoyer au bon moment

Envoyez vos rapports à date fixe, peu après la clôture de la période, avec un court e-mail qui reprend le résumé en deux ou trois phrases. Beaucoup de clients ne lisent que cet e-mail : soignez-le. Proposez un court appel pour passer en revue les rapports trimestriels, et servez-vous des questions du client pour améliorer le rapport suivant.`,
    author: "La rédaction Cashwise",
    publishedAt: "2026-10-20T09:00:00.000Z",
    cover: "/images/blog/reports.svg",
    readingMinutes: 2,
  },
  {
    slug: "white-label-reports-clients-read",
    locale: "es",
    title: "Informes de marca blanca que tus clientes sí van a leer",
    excerpt:
      "Un informe que solo enumera cifras rara vez se lee. Así pueden las agencias y los profesionales del marketing independientes convertir sus informes PDF de marca blanca en algo que sus clientes esperen con ganas.",
    body: `La mayoría de los clientes de agencias y profesionales del marketing independientes no quieren más datos; quieren saber si su dinero está dando resultado y qué va a pasar ahora. Una exportación de cuarenta páginas con todas las métricas no responde a ninguna de las dos preguntas. Un informe breve y claro con tu propia marca responde a ambas, y cada mes le recuerda al cliente el trabajo que haces para él.

## Qué incluir en el informe

Construye cada informe en torno a los objetivos del cliente y no en torno a las métricas de la plataforma publicitaria. Una estructura que funciona para la mayoría de las pequeñas empresas:

- arriba, un resumen de tres a cinco frases en lenguaje sencillo;
- las pocas cifras que encajan con sus objetivos, como contactos, ventas o coste por resultado, comparadas con el periodo anterior;
- qué has cambiado en este periodo, y por qué;
- qué piensas hacer a continuación, y qué necesitas del cliente;
- las cifras detalladas en un anexo, para quien las quiera.

Explica las cifras en lugar de limitarte a mostrarlas. «El coste por contacto ha bajado porque dejamos de mostrar anuncios fuera de tu zona de reparto» vale más que un gráfico con una flecha hacia abajo. Si un resultado fue decepcionante, dilo y explica qué estás haciendo al respecto; los clientes confían en los informes que no solo traen buenas noticias.

## Que parezca tuyo

Marca blanca significa que el informe lleva tu nombre, no el nuestro: tu logotipo, tus colores y tus datos de contacto. Cashwise genera informes PDF de marca blanca con tu imagen de marca, para que dediques tu tiempo a los comentarios y no a la maquetación. Mantén un diseño sobrio: una sola tipografía, un par de colores y gráficos con etiquetas claras.

La constancia también ayuda. Usa cada mes el mismo diseño, el mismo orden y las mismas definiciones, para que el cliente aprenda dónde mirar y pueda comparar periodos de un vistazo. Si cambias la forma de calcular una métrica, indícalo en el informe.

## Envíalo en el momento adecuado

Envía los informes un día fijo, poco después de cerrar el periodo, con un correo breve que repita el resumen en dos o tres frases. Muchos clientes solo leen ese correo, así que cuídalo. Ofrece una llamada corta para repasar los informes trimestrales y usa las preguntas del cliente para mejorar el siguiente.`,
    author: "Redacción Cashwise",
    publishedAt: "2026-10-20T09:00:00.000Z",
    cover: "/images/blog/reports.svg",
    readingMinutes: 2,
  },
  {
    slug: "white-label-reports-clients-read",
    locale: "de",
    title: "White-Label-Berichte, die Ihre Kunden wirklich lesen",
    excerpt:
      "Ein Bericht, der nur Zahlen auflistet, wird selten gelesen. So machen Agenturen und freiberufliche Marketer aus White-Label-PDF-Berichten etwas, auf das sich ihre Kunden freuen.",
    body: `Die meisten Kunden von Agenturen und freiberuflichen Marketern wollen nicht mehr Daten; sie wollen wissen, ob ihr Geld etwas bewirkt und wie es weitergeht. Ein vierzigseitiger Export aller Kennzahlen beantwortet keine dieser Fragen. Ein kurzer, klarer Bericht unter Ihrer eigenen Marke beantwortet beide und erinnert den Kunden jeden Monat an die Arbeit, die Sie für ihn leisten.

## Was in den Bericht gehört

Bauen Sie jeden Bericht um die Ziele des Kunden auf statt um die Kennzahlen der Werbeplattform. Eine Struktur, die für die meisten kleinen Unternehmen funktioniert:

- oben eine Zusammenfassung aus drei bis fünf Sätzen in verständlicher Sprache;
- die wenigen Zahlen, die zu den Zielen passen, etwa Anfragen, Verkäufe oder Kosten pro Ergebnis, im Vergleich zum Vorzeitraum;
- was Sie in diesem Zeitraum geändert haben, und warum;
- was Sie als Nächstes vorhaben, und was Sie noch vom Kunden benötigen;
- die detaillierten Zahlen im Anhang, für alle, die sie sehen möchten.

Erklären Sie Zahlen, statt sie nur zu zeigen. „Die Kosten pro Anfrage sind gesunken, weil wir keine Anzeigen mehr außerhalb Ihres Liefergebiets ausspielen“ ist mehr wert als ein Diagramm mit einem Pfeil nach unten. War ein Ergebnis enttäuschend, sagen Sie das und erklären Sie, was Sie dagegen tun; Kunden vertrauen Berichten, die nicht nur gute Nachrichten enthalten.

## Ein Bericht in Ihrem Look

White-Label bedeutet, dass der Bericht Ihren Namen trägt, nicht unseren: Ihr Logo, Ihre Farben und Ihre Kontaktdaten. Cashwise erstellt White-Label-PDF-Berichte in Ihrem Branding, sodass Ihre Zeit in die Kommentierung fließt statt ins Layout. Halten Sie das Design ruhig: eine Schriftart, wenige Farben und Diagramme mit klaren Beschriftungen.

Auch Beständigkeit hilft. Verwenden Sie jeden Monat dasselbe Layout, dieselbe Reihenfolge und dieselben Definitionen, damit der Kunde weiß, wo er hinschauen muss, und Zeiträume auf einen Blick vergleichen kann. Wenn Sie die Berechnung einer Kennzahl ändern, weisen Sie im Bericht darauf hin.

## Zum richtigen Zeitpunkt versenden

Versenden Sie Berichte an einem festen Tag kurz nach Abschluss des Zeitraums, zusammen mit einer kurzen E-Mail, die die Zusammenfassung in zwei oder drei Sätzen wiederholt. Viele Kunden lesen nur diese E-Mail, also sollte sie sitzen. Bieten Sie ein kurzes Gespräch an, um die Quartalsberichte durchzugehen, und nutzen Sie die Fragen des Kunden, um den nächsten Bericht zu verbessern.`,
    author: "Cashwise-Redaktion",
    publishedAt: "2026-10-20T09:00:00.000Z",
    cover: "/images/blog/reports.svg",
    readingMinutes: 2,
  },
];
