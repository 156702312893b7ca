/**
 * The FAQ as it stood in the translation files (locales/<lng>/faq.json) when it moved into the
 * database (migration 0023, table `faq_entries`): per locale, the questions of each category in
 * their order. The migration inserts it once; from then on admins edit the FAQ at /admin/content/faq.
 */
import { createHash } from "node:crypto";

export interface SeedFaqEntry {
  category: "general" | "cashback" | "wallet" | "account" | "tools";
  question: string;
  answer: string;
}

export const SEED_FAQ: Record<"en" | "nl" | "fr" | "es" | "de", SeedFaqEntry[]> = {
  en: [
    {
      category: "general",
      question: "What is Cashwise?",
      answer:
        "Cashwise combines a cashback wallet with ad-optimisation tools. Shoppers earn cashback when they buy at partner webshops, and small businesses, agencies, freelance marketers and partners use our tools to improve their Google Ads and Meta campaigns.",
    },
    {
      category: "general",
      question: "Who is Cashwise for?",
      answer:
        "Anyone who shops online can use the cashback wallet. The ad tools are built for small businesses, agencies and freelance marketers. Partners earn a share of the subscription payments of the businesses they refer to Cashwise.",
    },
    {
      category: "general",
      question: "Which languages is Cashwise available in?",
      answer:
        "The interface is available in English, Dutch, French, Spanish and German. You can switch language at any time with the language menu, and we remember your choice in a language cookie.",
    },
    {
      category: "general",
      question: "Where is Cashwise based, and how reliable is it?",
      answer:
        "Cashwise is based in Amsterdam, the Netherlands. As an EU company we follow the General Data Protection Regulation (GDPR) when we handle your personal data. Our platform offers 99.9% uptime, so your wallet and tools are there when you need them.",
    },
    {
      category: "cashback",
      question: "How do I earn cashback?",
      answer:
        "Find a partner webshop listed on Cashwise, click “Shop now” and buy as usual in that store. The store's affiliate network reports your purchase to us, and the cashback then appears in your wallet.",
    },
    {
      category: "cashback",
      question: "Why is my cashback pending?",
      answer:
        "New cashback always starts as pending. Each store has a confirmation window in which an order can still be returned or cancelled. Once the store confirms your purchase after that window, the cashback becomes available.",
    },
    {
      category: "cashback",
      question: "Why was my cashback declined?",
      answer:
        "Cashback is declined when the store reports that the order was returned or cancelled. If you think this is a mistake, contact us through the contact page and mention the store and the date of your order.",
    },
    {
      category: "cashback",
      question: "How does the referral bonus work?",
      answer: "Invite your friends to Cashwise. When a friend you invited gets their first cashback confirmed, you both receive a bonus.",
    },
    {
      category: "wallet",
      question: "How do I withdraw my cashback?",
      answer:
        "Once you have at least $10.00 available, you can withdraw it to a PayPal email address or bank account (IBAN) that you have saved in your wallet. Only available balance can be withdrawn, not pending cashback.",
    },
    {
      category: "wallet",
      question: "How long does a withdrawal take?",
      answer:
        "Withdrawals are processed within 1–3 business days. As long as a withdrawal is still pending, you can cancel it from your wallet.",
    },
    {
      category: "wallet",
      question: "Can I add money to my wallet?",
      answer: "Yes. You can add between $5.00 and $10,000.00 to your wallet at a time. The payment is handled by our payment provider.",
    },
    {
      category: "wallet",
      question: "Which currency does Cashwise use?",
      answer:
        "All cashback, balances, top-ups and withdrawals are in US dollars. If your bank account or PayPal account uses another currency, your bank or PayPal may convert the amount at its own exchange rate.",
    },
    {
      category: "account",
      question: "How do I create an account?",
      answer:
        "Sign up with your email address. We send you a 6-digit code by email; enter it to confirm your address. The code is valid for 10 minutes, so use it straight away.",
    },
    {
      category: "account",
      question: "How do I turn on two-factor authentication?",
      answer:
        "In your account settings, set up two-factor authentication with an authenticator app. From then on, you also enter a code from the app when you sign in, which makes it much harder for anyone else to get into your account.",
    },
    {
      category: "account",
      question: "How does the partner programme work?",
      answer:
        "As a partner, you refer businesses to Cashwise. When a business you referred pays for a subscription, you earn a share of those subscription payments.",
    },
    {
      category: "account",
      question: "How do I delete my account?",
      answer:
        "Ask us through the contact page to close your account and delete your personal data. Withdraw any available balance first. We may have to keep some records, such as payment data, for as long as the law requires.",
    },
    {
      category: "tools",
      question: "Which ad-optimisation tools are included?",
      answer:
        "Cashwise includes a smart keyword generator, a campaign auditor, competitor tracking, white-label PDF reports, daily optimisation tips and alerts that tell you when your campaigns need attention.",
    },
    {
      category: "tools",
      question: "How do I get my campaign data into Cashwise?",
      answer:
        "Export your campaign data as a CSV file from Google Ads or Meta and import it into Cashwise. The campaign auditor, daily tips and alerts then work with the data you imported.",
    },
    {
      category: "tools",
      question: "Can I share reports with my clients?",
      answer: "Yes. Agencies and freelance marketers can create white-label PDF reports under their own brand, ready to send to clients.",
    },
    {
      category: "tools",
      question: "What does it cost?",
      answer:
        "Every plan starts with a 14-day free trial and comes with a 30-day money-back guarantee. There is no success fee on the ad tools; paying during the trial adds its remaining days to your first period. The 10% success fee is on cashback only: Cashwise keeps 10% of the store's commission and you get 90%. See the pricing page for the current plans.",
    },
  ],
  nl: [
    {
      category: "general",
      question: "Wat is Cashwise?",
      answer:
        "Cashwise combineert een cashbackwallet met tools voor advertentie-optimalisatie. Shoppers verdienen cashback als ze bij partnerwebshops kopen, en kleine bedrijven, bureaus, freelance marketeers en partners gebruiken onze tools om hun Google Ads- en Meta-campagnes te verbeteren.",
    },
    {
      category: "general",
      question: "Voor wie is Cashwise bedoeld?",
      answer:
        "Iedereen die online winkelt, kan de cashbackwallet gebruiken. De advertentietools zijn gemaakt voor kleine bedrijven, bureaus en freelance marketeers. Partners verdienen een deel van de abonnementsbetalingen van de bedrijven die ze naar Cashwise doorverwijzen.",
    },
    {
      category: "general",
      question: "In welke talen is Cashwise beschikbaar?",
      answer:
        "De interface is beschikbaar in het Engels, Nederlands, Frans, Spaans en Duits. Je kunt op elk moment van taal wisselen via het taalmenu. We onthouden je keuze in een taalcookie.",
    },
    {
      category: "general",
      question: "Waar is Cashwise gevestigd en hoe betrouwbaar is het?",
      answer:
        "Cashwise is gevestigd in Amsterdam. Als Europees bedrijf houden we ons bij het verwerken van je persoonsgegevens aan de Algemene Verordening Gegevensbescherming (AVG). Ons platform biedt 99,9% uptime, zodat je wallet en tools klaarstaan wanneer je ze nodig hebt.",
    },
    {
      category: "cashback",
      question: "Hoe verdien ik cashback?",
      answer:
        "Zoek een partnerwebshop op Cashwise, klik op “Nu shoppen” en koop zoals je gewend bent in die webshop. Het affiliatenetwerk van de webshop meldt je aankoop aan ons, waarna de cashback in je wallet verschijnt.",
    },
    {
      category: "cashback",
      question: "Waarom staat mijn cashback nog in behandeling?",
      answer:
        "Nieuwe cashback staat altijd eerst in behandeling. Elke webshop heeft een bevestigingstermijn waarin een bestelling nog kan worden geretourneerd of geannuleerd. Zodra de webshop je aankoop na die termijn bevestigt, wordt de cashback beschikbaar.",
    },
    {
      category: "cashback",
      question: "Waarom is mijn cashback afgewezen?",
      answer:
        "Cashback wordt afgewezen als de webshop meldt dat de bestelling is geretourneerd of geannuleerd. Denk je dat dit niet klopt? Neem dan contact met ons op via de contactpagina en vermeld de webshop en de datum van je bestelling.",
    },
    {
      category: "cashback",
      question: "Hoe werkt de doorverwijsbonus?",
      answer:
        "Nodig je vrienden uit voor Cashwise. Zodra bij een vriend die jij hebt uitgenodigd de eerste cashback is bevestigd, krijgen jullie allebei een bonus.",
    },
    {
      category: "wallet",
      question: "Hoe laat ik mijn cashback uitbetalen?",
      answer:
        "Zodra je minstens $ 10,00 beschikbaar hebt, kun je het laten uitbetalen naar een PayPal-e-mailadres of bankrekening (IBAN) die je in je wallet hebt opgeslagen. Alleen beschikbaar saldo kan worden uitbetaald, cashback in behandeling nog niet.",
    },
    {
      category: "wallet",
      question: "Hoelang duurt een uitbetaling?",
      answer:
        "Uitbetalingen worden binnen 1–3 werkdagen verwerkt. Zolang een uitbetaling nog in behandeling is, kun je die in je wallet annuleren.",
    },
    {
      category: "wallet",
      question: "Kan ik geld op mijn wallet zetten?",
      answer:
        "Ja. Je kunt per keer tussen $ 5,00 en $ 10.000,00 aan je wallet toevoegen. De betaling wordt afgehandeld door onze betaalprovider.",
    },
    {
      category: "wallet",
      question: "Welke valuta gebruikt Cashwise?",
      answer:
        "Alle cashback, saldi, stortingen en uitbetalingen zijn in Amerikaanse dollars. Gebruikt je bankrekening of PayPal-account een andere valuta, dan kan je bank of PayPal het bedrag tegen een eigen wisselkoers omrekenen.",
    },
    {
      category: "account",
      question: "Hoe maak ik een account aan?",
      answer:
        "Meld je aan met je e-mailadres. We sturen je een 6-cijferige code per e-mail; vul die in om je adres te bevestigen. De code is 10 minuten geldig, dus gebruik hem meteen.",
    },
    {
      category: "account",
      question: "Hoe zet ik tweestapsverificatie aan?",
      answer:
        "Stel in je accountinstellingen tweestapsverificatie in met een authenticator-app. Daarna vul je bij het inloggen ook een code uit de app in. Zo wordt het voor anderen veel moeilijker om in je account te komen.",
    },
    {
      category: "account",
      question: "Hoe werkt het partnerprogramma?",
      answer:
        "Als partner verwijs je bedrijven door naar Cashwise. Betaalt een bedrijf dat jij hebt doorverwezen voor een abonnement, dan verdien je een deel van die abonnementsbetalingen.",
    },
    {
      category: "account",
      question: "Hoe verwijder ik mijn account?",
      answer:
        "Vraag ons via de contactpagina om je account te sluiten en je persoonsgegevens te verwijderen. Laat eerst je beschikbare saldo uitbetalen. Sommige gegevens, zoals betaalgegevens, moeten we mogelijk bewaren zolang de wet dat vereist.",
    },
    {
      category: "tools",
      question: "Welke tools voor advertentie-optimalisatie zitten erin?",
      answer:
        "Cashwise bevat een slimme zoekwoordgenerator, een campagne-auditor, concurrentietracking, white-label pdf-rapporten, dagelijkse optimalisatietips en meldingen die je laten weten wanneer je campagnes aandacht nodig hebben.",
    },
    {
      category: "tools",
      question: "Hoe krijg ik mijn campagnegegevens in Cashwise?",
      answer:
        "Exporteer je campagnegegevens als csv-bestand uit Google Ads of Meta en importeer het in Cashwise. De campagne-auditor, de dagelijkse tips en de meldingen werken daarna met de gegevens die je hebt geïmporteerd.",
    },
    {
      category: "tools",
      question: "Kan ik rapporten delen met mijn klanten?",
      answer:
        "Ja. Bureaus en freelance marketeers kunnen white-label pdf-rapporten maken onder hun eigen merk, klaar om naar klanten te sturen.",
    },
    {
      category: "tools",
      question: "Wat kost het?",
      answer:
        "Elk abonnement begint met een gratis proefperiode van 14 dagen en heeft een geld-terug-garantie van 30 dagen. Op de advertentietools zit geen succesfee; betaal je tijdens de proefperiode, dan komen de resterende dagen bij je eerste periode. De succesfee van 10% geldt alleen voor cashback: Cashwise houdt 10% van de commissie van de winkel en jij krijgt 90%. Bekijk de prijzenpagina voor de actuele abonnementen.",
    },
  ],
  fr: [
    {
      category: "general",
      question: "Qu'est-ce que Cashwise ?",
      answer:
        "Cashwise associe un portefeuille de cashback à des outils d'optimisation publicitaire. Les acheteurs gagnent du cashback lorsqu'ils achètent dans des boutiques partenaires, et les petites entreprises, agences, marketeurs indépendants et partenaires utilisent nos outils pour améliorer leurs campagnes Google Ads et Meta.",
    },
    {
      category: "general",
      question: "À qui s'adresse Cashwise ?",
      answer:
        "Toute personne qui achète en ligne peut utiliser le portefeuille de cashback. Les outils publicitaires sont conçus pour les petites entreprises, les agences et les marketeurs indépendants. Les partenaires perçoivent une part des paiements d'abonnement des entreprises qu'ils recommandent à Cashwise.",
    },
    {
      category: "general",
      question: "Dans quelles langues Cashwise est-il disponible ?",
      answer:
        "L'interface est disponible en anglais, néerlandais, français, espagnol et allemand. Vous pouvez changer de langue à tout moment grâce au menu des langues ; nous mémorisons votre choix dans un cookie de langue.",
    },
    {
      category: "general",
      question: "Où Cashwise est-il établi et quelle est sa fiabilité ?",
      answer:
        "Cashwise est établi à Amsterdam, aux Pays-Bas. En tant qu'entreprise européenne, nous respectons le Règlement général sur la protection des données (RGPD) lorsque nous traitons vos données personnelles. Notre plateforme offre une disponibilité de 99,9 %, pour que votre portefeuille et vos outils soient accessibles quand vous en avez besoin.",
    },
    {
      category: "cashback",
      question: "Comment gagner du cashback ?",
      answer:
        "Trouvez une boutique partenaire sur Cashwise, cliquez sur « Acheter maintenant » et effectuez votre achat comme d'habitude dans cette boutique. Le réseau d'affiliation de la boutique nous signale votre achat, puis le cashback apparaît dans votre portefeuille.",
    },
    {
      category: "cashback",
      question: "Pourquoi mon cashback est-il en attente ?",
      answer:
        "Tout nouveau cashback commence par être en attente. Chaque boutique applique un délai de confirmation pendant lequel une commande peut encore être retournée ou annulée. Une fois ce délai passé et votre achat confirmé par la boutique, le cashback devient disponible.",
    },
    {
      category: "cashback",
      question: "Pourquoi mon cashback a-t-il été refusé ?",
      answer:
        "Le cashback est refusé lorsque la boutique signale que la commande a été retournée ou annulée. Si vous pensez qu'il s'agit d'une erreur, contactez-nous via la page de contact en indiquant la boutique et la date de votre commande.",
    },
    {
      category: "cashback",
      question: "Comment fonctionne le bonus de parrainage ?",
      answer:
        "Invitez vos amis sur Cashwise. Lorsque le premier cashback d'un ami que vous avez invité est confirmé, vous recevez tous les deux un bonus.",
    },
    {
      category: "wallet",
      question: "Comment retirer mon cashback ?",
      answer:
        "Dès que vous disposez d'au moins 10,00 $ disponibles, vous pouvez les retirer vers une adresse e-mail PayPal ou un compte bancaire (IBAN) enregistré dans votre portefeuille. Seul le solde disponible peut être retiré, pas le cashback en attente.",
    },
    {
      category: "wallet",
      question: "Combien de temps prend un retrait ?",
      answer:
        "Les retraits sont traités sous 1 à 3 jours ouvrables. Tant qu'un retrait est en attente, vous pouvez l'annuler depuis votre portefeuille.",
    },
    {
      category: "wallet",
      question: "Puis-je ajouter de l'argent à mon portefeuille ?",
      answer:
        "Oui. Vous pouvez ajouter entre 5,00 $ et 10 000,00 $ à votre portefeuille par opération. Le paiement est géré par notre prestataire de paiement.",
    },
    {
      category: "wallet",
      question: "Quelle devise Cashwise utilise-t-il ?",
      answer:
        "Le cashback, les soldes, les rechargements et les retraits sont tous en dollars américains. Si votre compte bancaire ou votre compte PayPal utilise une autre devise, votre banque ou PayPal peut convertir le montant à son propre taux de change.",
    },
    {
      category: "account",
      question: "Comment créer un compte ?",
      answer:
        "Inscrivez-vous avec votre adresse e-mail. Nous vous envoyons un code à 6 chiffres par e-mail ; saisissez-le pour confirmer votre adresse. Le code est valable 10 minutes, utilisez-le donc sans attendre.",
    },
    {
      category: "account",
      question: "Comment activer l'authentification à deux facteurs ?",
      answer:
        "Dans les paramètres de votre compte, configurez l'authentification à deux facteurs avec une application d'authentification. Ensuite, vous saisirez aussi un code de l'application à chaque connexion, ce qui rend l'accès à votre compte beaucoup plus difficile pour toute autre personne.",
    },
    {
      category: "account",
      question: "Comment fonctionne le programme partenaires ?",
      answer:
        "En tant que partenaire, vous recommandez des entreprises à Cashwise. Lorsqu'une entreprise que vous avez recommandée paie un abonnement, vous percevez une part de ces paiements d'abonnement.",
    },
    {
      category: "account",
      question: "Comment supprimer mon compte ?",
      answer:
        "Demandez-nous via la page de contact de fermer votre compte et de supprimer vos données personnelles. Retirez d'abord votre solde disponible. Il se peut que nous devions conserver certaines informations, comme les données de paiement, aussi longtemps que la loi l'exige.",
    },
    {
      category: "tools",
      question: "Quels outils d'optimisation publicitaire sont inclus ?",
      answer:
        "Cashwise comprend un générateur de mots-clés intelligent, un auditeur de campagnes, un suivi de la concurrence, des rapports PDF en marque blanche, des conseils d'optimisation quotidiens et des alertes qui vous signalent quand vos campagnes demandent votre attention.",
    },
    {
      category: "tools",
      question: "Comment importer mes données de campagne dans Cashwise ?",
      answer:
        "Exportez vos données de campagne au format CSV depuis Google Ads ou Meta, puis importez le fichier dans Cashwise. L'auditeur de campagnes, les conseils quotidiens et les alertes s'appuient ensuite sur les données importées.",
    },
    {
      category: "tools",
      question: "Puis-je partager des rapports avec mes clients ?",
      answer:
        "Oui. Les agences et les marketeurs indépendants peuvent créer des rapports PDF en marque blanche à leur propre nom, prêts à être envoyés à leurs clients.",
    },
    {
      category: "tools",
      question: "Combien cela coûte-t-il ?",
      answer:
        "Chaque formule commence par un essai gratuit de 14 jours et bénéficie d'une garantie satisfait ou remboursé de 30 jours. Les outils publicitaires n'ont pas de commission de succès ; si vous payez pendant l'essai, les jours restants s'ajoutent à votre première période. La commission de succès de 10 % ne porte que sur le cashback : Cashwise garde 10 % de la commission de la boutique et vous recevez 90 %. Consultez la page Tarifs pour connaître les formules actuelles.",
    },
  ],
  es: [
    {
      category: "general",
      question: "¿Qué es Cashwise?",
      answer:
        "Cashwise combina un monedero de cashback con herramientas de optimización publicitaria. Los compradores ganan cashback cuando compran en tiendas asociadas, y las pequeñas empresas, agencias, profesionales del marketing freelance y socios usan nuestras herramientas para mejorar sus campañas de Google Ads y Meta.",
    },
    {
      category: "general",
      question: "¿Para quién es Cashwise?",
      answer:
        "Cualquier persona que compre por internet puede usar el monedero de cashback. Las herramientas publicitarias están pensadas para pequeñas empresas, agencias y profesionales del marketing freelance. Los socios reciben una parte de los pagos de suscripción de las empresas que recomiendan a Cashwise.",
    },
    {
      category: "general",
      question: "¿En qué idiomas está disponible Cashwise?",
      answer:
        "La interfaz está disponible en inglés, neerlandés, francés, español y alemán. Puedes cambiar de idioma en cualquier momento desde el menú de idiomas, y guardamos tu elección en una cookie de idioma.",
    },
    {
      category: "general",
      question: "¿Dónde tiene su sede Cashwise y qué fiabilidad ofrece?",
      answer:
        "Cashwise tiene su sede en Ámsterdam (Países Bajos). Como empresa de la UE, cumplimos el Reglamento General de Protección de Datos (RGPD) al tratar tus datos personales. Nuestra plataforma ofrece un 99,9 % de disponibilidad, para que tu monedero y tus herramientas estén ahí cuando los necesites.",
    },
    {
      category: "cashback",
      question: "¿Cómo gano cashback?",
      answer:
        "Busca una tienda asociada en Cashwise, haz clic en «Comprar ahora» y compra como siempre en esa tienda. La red de afiliación de la tienda nos comunica tu compra y el cashback aparece en tu monedero.",
    },
    {
      category: "cashback",
      question: "¿Por qué mi cashback está pendiente?",
      answer:
        "Todo el cashback nuevo empieza como pendiente. Cada tienda tiene un plazo de confirmación durante el cual un pedido todavía se puede devolver o cancelar. Cuando la tienda confirma tu compra al terminar ese plazo, el cashback pasa a estar disponible.",
    },
    {
      category: "cashback",
      question: "¿Por qué se ha rechazado mi cashback?",
      answer:
        "El cashback se rechaza cuando la tienda comunica que el pedido se ha devuelto o cancelado. Si crees que se trata de un error, escríbenos a través de la página de contacto e indica la tienda y la fecha de tu pedido.",
    },
    {
      category: "cashback",
      question: "¿Cómo funciona el bono por referido?",
      answer:
        "Invita a tus amigos a Cashwise. Cuando se confirme el primer cashback de un amigo al que hayas invitado, recibirás un bono, y tu amigo también.",
    },
    {
      category: "wallet",
      question: "¿Cómo retiro mi cashback?",
      answer:
        "Cuando tengas al menos 10,00 $ disponibles, puedes retirarlos a una dirección de correo electrónico de PayPal o a una cuenta bancaria (IBAN) que hayas guardado en tu monedero. Solo se puede retirar el saldo disponible, no el cashback pendiente.",
    },
    {
      category: "wallet",
      question: "¿Cuánto tarda un retiro?",
      answer:
        "Los retiros se procesan en un plazo de 1 a 3 días hábiles. Mientras un retiro siga pendiente, puedes cancelarlo desde tu monedero.",
    },
    {
      category: "wallet",
      question: "¿Puedo añadir dinero a mi monedero?",
      answer:
        "Sí. Puedes añadir entre 5,00 $ y 10.000,00 $ a tu monedero en cada operación. El pago lo gestiona nuestro proveedor de pagos.",
    },
    {
      category: "wallet",
      question: "¿Qué moneda usa Cashwise?",
      answer:
        "Todo el cashback, los saldos, las recargas y los retiros son en dólares estadounidenses. Si tu cuenta bancaria o tu cuenta de PayPal usa otra moneda, tu banco o PayPal puede convertir el importe con su propio tipo de cambio.",
    },
    {
      category: "account",
      question: "¿Cómo creo una cuenta?",
      answer:
        "Regístrate con tu dirección de correo electrónico. Te enviamos un código de 6 dígitos por correo; introdúcelo para confirmar tu dirección. El código es válido durante 10 minutos, así que úsalo enseguida.",
    },
    {
      category: "account",
      question: "¿Cómo activo la autenticación en dos pasos?",
      answer:
        "En los ajustes de tu cuenta, configura la autenticación en dos pasos con una aplicación de autenticación. A partir de entonces, al iniciar sesión también introducirás un código de la aplicación, lo que hace mucho más difícil que otra persona entre en tu cuenta.",
    },
    {
      category: "account",
      question: "¿Cómo funciona el programa de socios?",
      answer:
        "Como socio, recomiendas empresas a Cashwise. Cuando una empresa que has recomendado paga una suscripción, recibes una parte de esos pagos de suscripción.",
    },
    {
      category: "account",
      question: "¿Cómo elimino mi cuenta?",
      answer:
        "Pídenos a través de la página de contacto que cerremos tu cuenta y eliminemos tus datos personales. Antes, retira el saldo disponible que tengas. Es posible que tengamos que conservar algunos datos, como los de pagos, durante el tiempo que exija la ley.",
    },
    {
      category: "tools",
      question: "¿Qué herramientas de optimización publicitaria incluye?",
      answer:
        "Cashwise incluye un generador inteligente de palabras clave, un auditor de campañas, seguimiento de la competencia, informes en PDF de marca blanca, consejos de optimización diarios y alertas que te avisan cuando tus campañas necesitan atención.",
    },
    {
      category: "tools",
      question: "¿Cómo llevo los datos de mis campañas a Cashwise?",
      answer:
        "Exporta los datos de tus campañas como archivo CSV desde Google Ads o Meta e impórtalo en Cashwise. Después, el auditor de campañas, los consejos diarios y las alertas trabajan con los datos que has importado.",
    },
    {
      category: "tools",
      question: "¿Puedo compartir informes con mis clientes?",
      answer:
        "Sí. Las agencias y los profesionales del marketing freelance pueden crear informes en PDF de marca blanca con su propia marca, listos para enviar a sus clientes.",
    },
    {
      category: "tools",
      question: "¿Cuánto cuesta?",
      answer:
        "Todos los planes empiezan con una prueba gratuita de 14 días e incluyen una garantía de devolución del dinero de 30 días. Las herramientas publicitarias no tienen comisión de éxito; si pagas durante la prueba, los días que quedan se suman a tu primer periodo. La comisión de éxito del 10 % es solo sobre el cashback: Cashwise se queda el 10 % de la comisión de la tienda y tú recibes el 90 %. Consulta la página de precios para ver los planes actuales.",
    },
  ],
  de: [
    {
      category: "general",
      question: "Was ist Cashwise?",
      answer:
        "Cashwise verbindet eine Cashback-Wallet mit Tools zur Anzeigenoptimierung. Käuferinnen und Käufer erhalten Cashback, wenn sie in Partnershops einkaufen, und kleine Unternehmen, Agenturen, freiberufliche Marketer und Partner verbessern mit unseren Tools ihre Google-Ads- und Meta-Kampagnen.",
    },
    {
      category: "general",
      question: "Für wen ist Cashwise gedacht?",
      answer:
        "Alle, die online einkaufen, können die Cashback-Wallet nutzen. Die Werbetools sind für kleine Unternehmen, Agenturen und freiberufliche Marketer gemacht. Partner erhalten einen Anteil an den Abonnementzahlungen der Unternehmen, die sie an Cashwise vermitteln.",
    },
    {
      category: "general",
      question: "In welchen Sprachen ist Cashwise verfügbar?",
      answer:
        "Die Oberfläche ist auf Englisch, Niederländisch, Französisch, Spanisch und Deutsch verfügbar. Sie können die Sprache jederzeit über das Sprachmenü wechseln; Ihre Auswahl speichern wir in einem Sprach-Cookie.",
    },
    {
      category: "general",
      question: "Wo hat Cashwise seinen Sitz, und wie zuverlässig ist der Dienst?",
      answer:
        "Cashwise hat seinen Sitz in Amsterdam in den Niederlanden. Als Unternehmen in der EU halten wir uns beim Umgang mit Ihren personenbezogenen Daten an die Datenschutz-Grundverordnung (DSGVO). Unsere Plattform bietet eine Verfügbarkeit von 99,9 %, damit Ihre Wallet und Ihre Tools bereitstehen, wenn Sie sie brauchen.",
    },
    {
      category: "cashback",
      question: "Wie verdiene ich Cashback?",
      answer:
        "Suchen Sie sich auf Cashwise einen Partnershop aus, klicken Sie auf „Jetzt shoppen“ und kaufen Sie dort wie gewohnt ein. Das Affiliate-Netzwerk des Shops meldet uns Ihren Einkauf, und das Cashback erscheint anschließend in Ihrer Wallet.",
    },
    {
      category: "cashback",
      question: "Warum ist mein Cashback noch ausstehend?",
      answer:
        "Neues Cashback ist immer zuerst ausstehend. Jeder Shop hat eine Bestätigungsfrist, in der eine Bestellung noch zurückgeschickt oder storniert werden kann. Sobald der Shop Ihren Einkauf nach Ablauf dieser Frist bestätigt, wird das Cashback verfügbar.",
    },
    {
      category: "cashback",
      question: "Warum wurde mein Cashback abgelehnt?",
      answer:
        "Cashback wird abgelehnt, wenn der Shop meldet, dass die Bestellung zurückgeschickt oder storniert wurde. Wenn Sie glauben, dass es sich um einen Fehler handelt, kontaktieren Sie uns über die Kontaktseite und nennen Sie den Shop und das Datum Ihrer Bestellung.",
    },
    {
      category: "cashback",
      question: "Wie funktioniert der Empfehlungsbonus?",
      answer:
        "Laden Sie Ihre Freunde zu Cashwise ein. Sobald das erste Cashback eines Freundes, den Sie eingeladen haben, bestätigt ist, erhalten Sie beide einen Bonus.",
    },
    {
      category: "wallet",
      question: "Wie lasse ich mir mein Cashback auszahlen?",
      answer:
        "Sobald Sie mindestens 10,00 $ verfügbar haben, können Sie sich den Betrag auf eine PayPal-E-Mail-Adresse oder ein Bankkonto (IBAN) auszahlen lassen, das Sie in Ihrer Wallet gespeichert haben. Ausgezahlt werden kann nur verfügbares Guthaben, kein ausstehendes Cashback.",
    },
    {
      category: "wallet",
      question: "Wie lange dauert eine Auszahlung?",
      answer:
        "Auszahlungen werden innerhalb von 1–3 Werktagen bearbeitet. Solange eine Auszahlung noch ausstehend ist, können Sie sie in Ihrer Wallet stornieren.",
    },
    {
      category: "wallet",
      question: "Kann ich Geld auf meine Wallet einzahlen?",
      answer:
        "Ja. Sie können pro Einzahlung zwischen 5,00 $ und 10.000,00 $ auf Ihre Wallet einzahlen. Die Zahlung wird von unserem Zahlungsdienstleister abgewickelt.",
    },
    {
      category: "wallet",
      question: "Welche Währung verwendet Cashwise?",
      answer:
        "Cashback, Guthaben, Einzahlungen und Auszahlungen werden alle in US-Dollar geführt. Wenn Ihr Bankkonto oder PayPal-Konto eine andere Währung verwendet, rechnet Ihre Bank bzw. PayPal den Betrag möglicherweise zu einem eigenen Wechselkurs um.",
    },
    {
      category: "account",
      question: "Wie erstelle ich ein Konto?",
      answer:
        "Registrieren Sie sich mit Ihrer E-Mail-Adresse. Wir senden Ihnen einen 6-stelligen Code per E-Mail; geben Sie ihn ein, um Ihre Adresse zu bestätigen. Der Code ist 10 Minuten gültig, verwenden Sie ihn also gleich.",
    },
    {
      category: "account",
      question: "Wie aktiviere ich die Zwei-Faktor-Authentifizierung?",
      answer:
        "Richten Sie in Ihren Kontoeinstellungen die Zwei-Faktor-Authentifizierung mit einer Authenticator-App ein. Danach geben Sie bei der Anmeldung zusätzlich einen Code aus der App ein. So wird es für andere deutlich schwerer, auf Ihr Konto zuzugreifen.",
    },
    {
      category: "account",
      question: "Wie funktioniert das Partnerprogramm?",
      answer:
        "Als Partner vermitteln Sie Unternehmen an Cashwise. Wenn ein von Ihnen vermitteltes Unternehmen ein Abonnement bezahlt, erhalten Sie einen Anteil an diesen Abonnementzahlungen.",
    },
    {
      category: "account",
      question: "Wie lösche ich mein Konto?",
      answer:
        "Bitten Sie uns über die Kontaktseite, Ihr Konto zu schließen und Ihre personenbezogenen Daten zu löschen. Lassen Sie sich vorher Ihr verfügbares Guthaben auszahlen. Bestimmte Daten, etwa Zahlungsdaten, müssen wir möglicherweise so lange aufbewahren, wie es gesetzlich vorgeschrieben ist.",
    },
    {
      category: "tools",
      question: "Welche Tools zur Anzeigenoptimierung sind enthalten?",
      answer:
        "Cashwise umfasst einen intelligenten Keyword-Generator, einen Kampagnen-Auditor, Wettbewerbsbeobachtung, White-Label-PDF-Berichte, tägliche Optimierungstipps und Benachrichtigungen, die Sie informieren, wenn Ihre Kampagnen Aufmerksamkeit brauchen.",
    },
    {
      category: "tools",
      question: "Wie bekomme ich meine Kampagnendaten in Cashwise?",
      answer:
        "Exportieren Sie Ihre Kampagnendaten als CSV-Datei aus Google Ads oder Meta und importieren Sie sie in Cashwise. Kampagnen-Auditor, tägliche Tipps und Benachrichtigungen arbeiten anschließend mit den importierten Daten.",
    },
    {
      category: "tools",
      question: "Kann ich Berichte mit meinen Kunden teilen?",
      answer:
        "Ja. Agenturen und freiberufliche Marketer können White-Label-PDF-Berichte unter ihrer eigenen Marke erstellen und direkt an ihre Kunden senden.",
    },
    {
      category: "tools",
      question: "Was kostet Cashwise?",
      answer:
        "Jeder Tarif beginnt mit einer 14-tägigen kostenlosen Testphase und beinhaltet eine 30-tägige Geld-zurück-Garantie. Auf die Werbetools gibt es keine Erfolgsgebühr; zahlen Sie während der Testphase, kommen die restlichen Tage zu Ihrem ersten Zeitraum hinzu. Die Erfolgsgebühr von 10 % gilt nur für Cashback: Cashwise behält 10 % der Provision des Shops, Sie erhalten 90 %. Die aktuellen Tarife finden Sie auf der Preisseite.",
    },
  ],
};

/**
 * The id the migration gives a seeded entry: a UUID made from its locale and place, the same on
 * every database (so tests and the look-and-feel suite can name a seeded question's page).
 */
export function seedFaqId(locale: string, index: number): string {
  const hex = createHash("sha256").update(`cashwise-faq:${locale}:${index}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
