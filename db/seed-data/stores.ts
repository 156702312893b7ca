/** Seeded partner webshops (demo data): 30 stores across the directory's categories. */
export const STORE_CATEGORIES = ["fashion", "electronics", "travel", "home", "beauty", "sports", "food", "books", "software", "marketplace"] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];

export interface SeedStore {
  slug: string; // kebab-case ASCII, unique
  name: string;
  category: StoreCategory;
  cashbackRateBps: number; // basis points of the sale: 450 = 4.5 %
  affiliateUrl: string; // the store's public https homepage URL (no tracking parameters)
  description: { en: string; nl: string; fr: string; es: string; de: string }; // 1-2 sentences each, neutral
}

export const SEED_STORES: SeedStore[] = [
  // ---------------------------------------------------------------------------
  // Fashion
  // ---------------------------------------------------------------------------
  {
    slug: "zalando",
    name: "Zalando",
    category: "fashion",
    cashbackRateBps: 600,
    affiliateUrl: "https://www.zalando.com",
    description: {
      en: "Online fashion retailer selling clothing, shoes and accessories from a wide range of brands for women, men and children.",
      nl: "Online modewinkel met kleding, schoenen en accessoires van een groot aantal merken voor dames, heren en kinderen.",
      fr: "Boutique de mode en ligne proposant des vêtements, des chaussures et des accessoires de nombreuses marques pour femmes, hommes et enfants.",
      es: "Tienda de moda online con ropa, calzado y complementos de una amplia variedad de marcas para mujer, hombre y niños.",
      de: "Online-Modehändler mit Kleidung, Schuhen und Accessoires zahlreicher Marken für Damen, Herren und Kinder.",
    },
  },
  {
    slug: "asos",
    name: "ASOS",
    category: "fashion",
    cashbackRateBps: 500,
    affiliateUrl: "https://www.asos.com",
    description: {
      en: "British online fashion store offering clothing, shoes, accessories and beauty products, both from its own labels and from other brands.",
      nl: "Britse online modewinkel met kleding, schoenen, accessoires en beautyproducten, zowel van eigen labels als van andere merken.",
      fr: "Boutique de mode en ligne britannique qui propose des vêtements, des chaussures, des accessoires et des produits de beauté, de ses propres marques comme d'autres marques.",
      es: "Tienda de moda online británica con ropa, calzado, complementos y productos de belleza, tanto de sus propias marcas como de otras.",
      de: "Britischer Online-Modeshop mit Kleidung, Schuhen, Accessoires und Beauty-Produkten, sowohl von Eigenmarken als auch von anderen Marken.",
    },
  },
  {
    slug: "hm",
    name: "H&M",
    category: "fashion",
    cashbackRateBps: 450,
    affiliateUrl: "https://www.hm.com",
    description: {
      en: "Swedish fashion retailer selling clothing and accessories for women, men and children, along with home textiles and decoration under H&M Home.",
      nl: "Zweedse modeketen met kleding en accessoires voor dames, heren en kinderen, en met woontextiel en decoratie onder de naam H&M Home.",
      fr: "Enseigne de mode suédoise proposant des vêtements et des accessoires pour femmes, hommes et enfants, ainsi que du linge de maison et de la décoration avec H&M Home.",
      es: "Cadena de moda sueca que vende ropa y complementos para mujer, hombre y niños, además de textiles y decoración para el hogar con H&M Home.",
      de: "Schwedischer Modehändler mit Kleidung und Accessoires für Damen, Herren und Kinder sowie Heimtextilien und Dekoration unter H&M Home.",
    },
  },

  // ---------------------------------------------------------------------------
  // Electronics
  // ---------------------------------------------------------------------------
  {
    slug: "apple",
    name: "Apple",
    category: "electronics",
    cashbackRateBps: 150,
    affiliateUrl: "https://www.apple.com",
    description: {
      en: "Apple's own online store for iPhone, iPad, Mac, Apple Watch, AirPods and related accessories.",
      nl: "De eigen onlinewinkel van Apple voor iPhone, iPad, Mac, Apple Watch, AirPods en bijbehorende accessoires.",
      fr: "La boutique en ligne officielle d'Apple pour l'iPhone, l'iPad, le Mac, l'Apple Watch, les AirPods et leurs accessoires.",
      es: "La tienda online oficial de Apple para iPhone, iPad, Mac, Apple Watch, AirPods y sus accesorios.",
      de: "Der eigene Onlineshop von Apple für iPhone, iPad, Mac, Apple Watch, AirPods und passendes Zubehör.",
    },
  },
  {
    slug: "samsung",
    name: "Samsung",
    category: "electronics",
    cashbackRateBps: 300,
    affiliateUrl: "https://www.samsung.com",
    description: {
      en: "Samsung's online store for smartphones, tablets, televisions, monitors and household appliances such as washing machines and refrigerators.",
      nl: "De onlinewinkel van Samsung voor smartphones, tablets, televisies, monitoren en huishoudelijke apparaten zoals wasmachines en koelkasten.",
      fr: "La boutique en ligne de Samsung pour les smartphones, tablettes, téléviseurs, écrans et appareils électroménagers comme les lave-linge et les réfrigérateurs.",
      es: "La tienda online de Samsung para smartphones, tabletas, televisores, monitores y electrodomésticos como lavadoras y frigoríficos.",
      de: "Der Onlineshop von Samsung für Smartphones, Tablets, Fernseher, Monitore und Haushaltsgeräte wie Waschmaschinen und Kühlschränke.",
    },
  },
  {
    slug: "coolblue",
    name: "Coolblue",
    category: "electronics",
    cashbackRateBps: 200,
    affiliateUrl: "https://www.coolblue.nl",
    description: {
      en: "Dutch online retailer of consumer electronics and household appliances, including laptops, phones, televisions, cameras and kitchen equipment.",
      nl: "Nederlandse webwinkel in consumentenelektronica en huishoudelijke apparaten, zoals laptops, telefoons, televisies, camera's en keukenapparatuur.",
      fr: "Commerçant en ligne néerlandais spécialisé dans l'électronique grand public et l'électroménager : ordinateurs portables, téléphones, téléviseurs, appareils photo et équipements de cuisine.",
      es: "Tienda online neerlandesa de electrónica de consumo y electrodomésticos, como portátiles, teléfonos, televisores, cámaras y equipamiento de cocina.",
      de: "Niederländischer Onlinehändler für Unterhaltungselektronik und Haushaltsgeräte, darunter Laptops, Smartphones, Fernseher, Kameras und Küchengeräte.",
    },
  },

  // ---------------------------------------------------------------------------
  // Travel
  // ---------------------------------------------------------------------------
  {
    slug: "booking-com",
    name: "Booking.com",
    category: "travel",
    cashbackRateBps: 400,
    affiliateUrl: "https://www.booking.com",
    description: {
      en: "Travel platform where you can book hotels, apartments, holiday homes and other accommodation worldwide, as well as flights, car rental and airport taxis.",
      nl: "Reisplatform waar je wereldwijd hotels, appartementen, vakantiehuizen en andere accommodaties boekt, en daarnaast ook vluchten, huurauto's en luchthaventaxi's.",
      fr: "Plateforme de voyage sur laquelle vous pouvez réserver des hôtels, des appartements, des maisons de vacances et d'autres hébergements dans le monde entier, ainsi que des vols, des voitures de location et des taxis aéroport.",
      es: "Plataforma de viajes en la que puedes reservar hoteles, apartamentos, casas vacacionales y otros alojamientos en todo el mundo, además de vuelos, coches de alquiler y traslados al aeropuerto.",
      de: "Reiseplattform, auf der Sie weltweit Hotels, Apartments, Ferienhäuser und andere Unterkünfte sowie Flüge, Mietwagen und Flughafentaxis buchen können.",
    },
  },
  {
    slug: "expedia",
    name: "Expedia",
    category: "travel",
    cashbackRateBps: 500,
    affiliateUrl: "https://www.expedia.com",
    description: {
      en: "Online travel agency for booking flights, hotels, rental cars and package holidays that combine several of these.",
      nl: "Online reisbureau waar je vluchten, hotels, huurauto's en pakketreizen boekt waarin meerdere van deze onderdelen zijn gecombineerd.",
      fr: "Agence de voyage en ligne permettant de réserver des vols, des hôtels, des voitures de location et des séjours combinant plusieurs de ces prestations.",
      es: "Agencia de viajes online para reservar vuelos, hoteles, coches de alquiler y paquetes vacacionales que combinan varios de estos servicios.",
      de: "Online-Reisebüro für die Buchung von Flügen, Hotels, Mietwagen und Pauschalreisen, die mehrere dieser Leistungen kombinieren.",
    },
  },
  {
    slug: "hotels-com",
    name: "Hotels.com",
    category: "travel",
    cashbackRateBps: 600,
    affiliateUrl: "https://www.hotels.com",
    description: {
      en: "Accommodation booking site for hotels, apartments and other places to stay in destinations around the world.",
      nl: "Boekingssite voor hotels, appartementen en andere overnachtingsmogelijkheden op bestemmingen over de hele wereld.",
      fr: "Site de réservation d'hébergements pour des hôtels, des appartements et d'autres logements dans des destinations du monde entier.",
      es: "Web de reservas de alojamiento para hoteles, apartamentos y otros lugares donde hospedarse en destinos de todo el mundo.",
      de: "Buchungsportal für Hotels, Apartments und andere Unterkünfte an Reisezielen auf der ganzen Welt.",
    },
  },

  // ---------------------------------------------------------------------------
  // Home
  // ---------------------------------------------------------------------------
  {
    slug: "ikea",
    name: "IKEA",
    category: "home",
    cashbackRateBps: 300,
    affiliateUrl: "https://www.ikea.com",
    description: {
      en: "Swedish home furnishing retailer selling furniture, kitchens, storage solutions, textiles, lighting and home accessories.",
      nl: "Zweedse woonwinkel met meubels, keukens, opbergoplossingen, textiel, verlichting en woonaccessoires.",
      fr: "Enseigne suédoise d'ameublement proposant des meubles, des cuisines, des solutions de rangement, du textile, des luminaires et des accessoires pour la maison.",
      es: "Cadena sueca de muebles y decoración que vende muebles, cocinas, soluciones de almacenaje, textiles, iluminación y accesorios para el hogar.",
      de: "Schwedisches Einrichtungshaus mit Möbeln, Küchen, Aufbewahrungslösungen, Textilien, Beleuchtung und Wohnaccessoires.",
    },
  },
  {
    slug: "wayfair",
    name: "Wayfair",
    category: "home",
    cashbackRateBps: 500,
    affiliateUrl: "https://www.wayfair.com",
    description: {
      en: "Online retailer of furniture, home decor, lighting, bedding and household goods from a large number of suppliers.",
      nl: "Webwinkel in meubels, woondecoratie, verlichting, beddengoed en huishoudartikelen van een groot aantal leveranciers.",
      fr: "Commerçant en ligne de meubles, de décoration, de luminaires, de linge de lit et d'articles pour la maison provenant de nombreux fournisseurs.",
      es: "Tienda online de muebles, decoración, iluminación, ropa de cama y artículos para el hogar de un gran número de proveedores.",
      de: "Onlinehändler für Möbel, Wohndeko, Leuchten, Bettwaren und Haushaltswaren von einer Vielzahl von Anbietern.",
    },
  },
  {
    slug: "maisons-du-monde",
    name: "Maisons du Monde",
    category: "home",
    cashbackRateBps: 450,
    affiliateUrl: "https://www.maisonsdumonde.com",
    description: {
      en: "French retailer of furniture and home decoration, with collections for the living room, bedroom, dining room and garden.",
      nl: "Franse winkel in meubels en woondecoratie, met collecties voor de woonkamer, slaapkamer, eetkamer en tuin.",
      fr: "Enseigne française de meubles et de décoration, avec des collections pour le salon, la chambre, la salle à manger et le jardin.",
      es: "Cadena francesa de muebles y decoración, con colecciones para el salón, el dormitorio, el comedor y el jardín.",
      de: "Französischer Anbieter von Möbeln und Wohndekoration mit Kollektionen für Wohnzimmer, Schlafzimmer, Esszimmer und Garten.",
    },
  },

  // ---------------------------------------------------------------------------
  // Beauty
  // ---------------------------------------------------------------------------
  {
    slug: "sephora",
    name: "Sephora",
    category: "beauty",
    cashbackRateBps: 700,
    affiliateUrl: "https://www.sephora.com",
    description: {
      en: "Beauty retailer selling makeup, skincare, fragrance and haircare from many brands as well as its own Sephora Collection.",
      nl: "Beautyketen met make-up, huidverzorging, parfum en haarverzorging van veel merken en van het eigen merk Sephora Collection.",
      fr: "Enseigne de beauté proposant du maquillage, des soins de la peau, des parfums et des soins capillaires de nombreuses marques ainsi que de sa propre gamme Sephora Collection.",
      es: "Cadena de belleza que vende maquillaje, cuidado de la piel, perfumes y cuidado del cabello de muchas marcas, además de su propia línea Sephora Collection.",
      de: "Beauty-Händler mit Make-up, Hautpflege, Düften und Haarpflege zahlreicher Marken sowie der Eigenmarke Sephora Collection.",
    },
  },
  {
    slug: "lookfantastic",
    name: "Lookfantastic",
    category: "beauty",
    cashbackRateBps: 900,
    affiliateUrl: "https://www.lookfantastic.com",
    description: {
      en: "Online beauty store offering skincare, haircare, makeup and fragrances from a broad selection of brands.",
      nl: "Online beautywinkel met huidverzorging, haarverzorging, make-up en parfums van een brede selectie merken.",
      fr: "Boutique de beauté en ligne proposant des soins de la peau, des soins capillaires, du maquillage et des parfums d'une large sélection de marques.",
      es: "Tienda de belleza online con productos de cuidado de la piel y del cabello, maquillaje y perfumes de una amplia selección de marcas.",
      de: "Online-Beautyshop mit Hautpflege, Haarpflege, Make-up und Düften einer breiten Auswahl an Marken.",
    },
  },
  {
    slug: "douglas",
    name: "Douglas",
    category: "beauty",
    cashbackRateBps: 600,
    affiliateUrl: "https://www.douglas.de",
    description: {
      en: "European perfumery and beauty retailer selling fragrances, makeup, skincare and haircare products.",
      nl: "Europese parfumerie- en beautyketen met geuren, make-up, huidverzorging en haarverzorgingsproducten.",
      fr: "Enseigne européenne de parfumerie et de beauté proposant des parfums, du maquillage, des soins de la peau et des produits capillaires.",
      es: "Cadena europea de perfumería y belleza que vende perfumes, maquillaje, productos de cuidado de la piel y del cabello.",
      de: "Europäische Parfümerie- und Beauty-Kette mit Düften, Make-up, Hautpflege und Haarpflegeprodukten.",
    },
  },

  // ---------------------------------------------------------------------------
  // Sports
  // ---------------------------------------------------------------------------
  {
    slug: "nike",
    name: "Nike",
    category: "sports",
    cashbackRateBps: 700,
    affiliateUrl: "https://www.nike.com",
    description: {
      en: "Sportswear brand selling shoes, clothing and equipment for running, football, basketball, training and everyday wear.",
      nl: "Sportmerk met schoenen, kleding en uitrusting voor hardlopen, voetbal, basketbal, training en dagelijks gebruik.",
      fr: "Marque de sport proposant des chaussures, des vêtements et des équipements pour la course à pied, le football, le basketball, l'entraînement et le quotidien.",
      es: "Marca deportiva que vende calzado, ropa y equipamiento para running, fútbol, baloncesto, entrenamiento y uso diario.",
      de: "Sportmarke mit Schuhen, Bekleidung und Ausrüstung für Laufen, Fußball, Basketball, Training und den Alltag.",
    },
  },
  {
    slug: "adidas",
    name: "Adidas",
    category: "sports",
    cashbackRateBps: 800,
    affiliateUrl: "https://www.adidas.com",
    description: {
      en: "German sportswear brand offering shoes, clothing and accessories for sport and leisure for women, men and children.",
      nl: "Duits sportmerk met schoenen, kleding en accessoires voor sport en vrije tijd, voor dames, heren en kinderen.",
      fr: "Marque de sport allemande proposant des chaussures, des vêtements et des accessoires de sport et de loisirs pour femmes, hommes et enfants.",
      es: "Marca deportiva alemana con calzado, ropa y complementos para el deporte y el tiempo libre para mujer, hombre y niños.",
      de: "Deutsche Sportmarke mit Schuhen, Bekleidung und Accessoires für Sport und Freizeit für Damen, Herren und Kinder.",
    },
  },
  {
    slug: "decathlon",
    name: "Decathlon",
    category: "sports",
    cashbackRateBps: 350,
    affiliateUrl: "https://www.decathlon.com",
    description: {
      en: "French sporting goods retailer selling equipment and clothing for a wide range of sports, largely under its own brands.",
      nl: "Franse sportwinkelketen met uitrusting en kleding voor een groot aantal sporten, grotendeels van eigen merken.",
      fr: "Enseigne française d'articles de sport proposant des équipements et des vêtements pour un grand nombre de sports, principalement sous ses propres marques.",
      es: "Cadena francesa de artículos deportivos que vende equipamiento y ropa para una gran variedad de deportes, en su mayoría de marcas propias.",
      de: "Französischer Sportartikelhändler mit Ausrüstung und Bekleidung für eine Vielzahl von Sportarten, überwiegend unter Eigenmarken.",
    },
  },

  // ---------------------------------------------------------------------------
  // Food
  // ---------------------------------------------------------------------------
  {
    slug: "hellofresh",
    name: "HelloFresh",
    category: "food",
    cashbackRateBps: 500,
    affiliateUrl: "https://www.hellofresh.com",
    description: {
      en: "Meal kit service that delivers recipes with pre-portioned ingredients to your door, so you can cook the dishes yourself at home.",
      nl: "Maaltijdboxservice die recepten met afgemeten ingrediënten bij je thuis bezorgt, zodat je de gerechten zelf kunt koken.",
      fr: "Service de box repas qui vous livre à domicile des recettes accompagnées d'ingrédients prédosés, pour cuisiner vous-même les plats chez vous.",
      es: "Servicio de cajas de comida que te lleva a casa recetas con los ingredientes ya porcionados, para que cocines los platos tú mismo.",
      de: "Kochboxdienst, der Ihnen Rezepte mit vorportionierten Zutaten nach Hause liefert, damit Sie die Gerichte selbst zubereiten können.",
    },
  },
  {
    slug: "marley-spoon",
    name: "Marley Spoon",
    category: "food",
    cashbackRateBps: 450,
    affiliateUrl: "https://marleyspoon.com",
    description: {
      en: "Meal kit delivery service offering a weekly menu of recipes with the matching fresh ingredients.",
      nl: "Maaltijdboxbezorger met elke week een menu van recepten en de bijbehorende verse ingrediënten.",
      fr: "Service de livraison de box repas proposant chaque semaine un menu de recettes avec les ingrédients frais correspondants.",
      es: "Servicio de entrega de cajas de comida con un menú semanal de recetas y los ingredientes frescos correspondientes.",
      de: "Lieferdienst für Kochboxen mit einem wöchentlichen Rezeptmenü und den passenden frischen Zutaten.",
    },
  },
  {
    slug: "deliveroo",
    name: "Deliveroo",
    category: "food",
    cashbackRateBps: 250,
    affiliateUrl: "https://deliveroo.co.uk",
    description: {
      en: "Food delivery platform for ordering meals from local restaurants and, in many areas, groceries from nearby shops.",
      nl: "Bezorgplatform waarop je maaltijden van lokale restaurants bestelt en in veel gebieden ook boodschappen van winkels in de buurt.",
      fr: "Plateforme de livraison sur laquelle vous commandez des repas de restaurants locaux et, dans de nombreuses zones, des courses auprès de magasins à proximité.",
      es: "Plataforma de reparto en la que pides comida de restaurantes locales y, en muchas zonas, la compra de tiendas cercanas.",
      de: "Lieferplattform, über die Sie Essen von Restaurants in Ihrer Nähe und in vielen Gebieten auch Lebensmittel aus umliegenden Geschäften bestellen.",
    },
  },

  // ---------------------------------------------------------------------------
  // Books
  // ---------------------------------------------------------------------------
  {
    slug: "bookshop-org",
    name: "Bookshop.org",
    category: "books",
    cashbackRateBps: 500,
    affiliateUrl: "https://bookshop.org",
    description: {
      en: "Online bookshop selling new books across all genres and sharing part of its revenue with independent bookshops.",
      nl: "Online boekwinkel met nieuwe boeken in alle genres, die een deel van de omzet deelt met onafhankelijke boekhandels.",
      fr: "Librairie en ligne qui vend des livres neufs de tous les genres et reverse une partie de ses revenus aux librairies indépendantes.",
      es: "Librería online que vende libros nuevos de todos los géneros y comparte parte de sus ingresos con librerías independientes.",
      de: "Online-Buchhandlung mit neuen Büchern aller Genres, die einen Teil ihrer Einnahmen mit unabhängigen Buchhandlungen teilt.",
    },
  },
  {
    slug: "waterstones",
    name: "Waterstones",
    category: "books",
    cashbackRateBps: 400,
    affiliateUrl: "https://www.waterstones.com",
    description: {
      en: "British bookshop chain selling fiction, non-fiction and children's books online, along with stationery and gifts.",
      nl: "Britse boekhandelketen die online fictie, non-fictie en kinderboeken verkoopt, en daarnaast kantoorartikelen en cadeaus.",
      fr: "Chaîne de librairies britannique qui vend en ligne des romans, des essais et des livres pour enfants, ainsi que de la papeterie et des cadeaux.",
      es: "Cadena de librerías británica que vende online ficción, no ficción y libros infantiles, además de papelería y regalos.",
      de: "Britische Buchhandelskette, die online Belletristik, Sachbücher und Kinderbücher sowie Schreibwaren und Geschenke verkauft.",
    },
  },
  {
    slug: "abebooks",
    name: "AbeBooks",
    category: "books",
    cashbackRateBps: 350,
    affiliateUrl: "https://www.abebooks.com",
    description: {
      en: "Online marketplace for new, used, rare and out-of-print books offered by independent booksellers around the world.",
      nl: "Online marktplaats voor nieuwe, tweedehands, zeldzame en niet meer leverbare boeken van onafhankelijke boekverkopers over de hele wereld.",
      fr: "Place de marché en ligne de livres neufs, d'occasion, rares et épuisés proposés par des libraires indépendants du monde entier.",
      es: "Mercado online de libros nuevos, usados, raros y descatalogados ofrecidos por libreros independientes de todo el mundo.",
      de: "Online-Marktplatz für neue, gebrauchte, seltene und vergriffene Bücher von unabhängigen Buchhändlern aus aller Welt.",
    },
  },

  // ---------------------------------------------------------------------------
  // Software
  // ---------------------------------------------------------------------------
  {
    slug: "adobe",
    name: "Adobe",
    category: "software",
    cashbackRateBps: 1200,
    affiliateUrl: "https://www.adobe.com",
    description: {
      en: "Software company offering creative and document applications such as Photoshop, Illustrator, Premiere Pro and Acrobat, mainly by subscription.",
      nl: "Softwarebedrijf met creatieve en documentprogramma's zoals Photoshop, Illustrator, Premiere Pro en Acrobat, voornamelijk via een abonnement.",
      fr: "Éditeur de logiciels proposant des applications de création et de gestion de documents comme Photoshop, Illustrator, Premiere Pro et Acrobat, principalement sur abonnement.",
      es: "Empresa de software que ofrece aplicaciones creativas y de documentos como Photoshop, Illustrator, Premiere Pro y Acrobat, principalmente mediante suscripción.",
      de: "Softwareunternehmen mit Kreativ- und Dokumentanwendungen wie Photoshop, Illustrator, Premiere Pro und Acrobat, überwiegend im Abonnement.",
    },
  },
  {
    slug: "nordvpn",
    name: "NordVPN",
    category: "software",
    cashbackRateBps: 2500,
    affiliateUrl: "https://nordvpn.com",
    description: {
      en: "VPN service that encrypts your internet connection, with apps for computers, phones, tablets and other devices.",
      nl: "VPN-dienst die je internetverbinding versleutelt, met apps voor computers, telefoons, tablets en andere apparaten.",
      fr: "Service VPN qui chiffre votre connexion internet, avec des applications pour ordinateurs, téléphones, tablettes et autres appareils.",
      es: "Servicio VPN que cifra tu conexión a internet, con aplicaciones para ordenadores, móviles, tabletas y otros dispositivos.",
      de: "VPN-Dienst, der Ihre Internetverbindung verschlüsselt, mit Apps für Computer, Smartphones, Tablets und weitere Geräte.",
    },
  },
  {
    slug: "canva",
    name: "Canva",
    category: "software",
    cashbackRateBps: 1500,
    affiliateUrl: "https://www.canva.com",
    description: {
      en: "Online design platform for creating presentations, social media graphics, documents and videos from templates, with free and paid plans.",
      nl: "Online ontwerpplatform waarmee je op basis van sjablonen presentaties, social-mediaafbeeldingen, documenten en video's maakt, met gratis en betaalde abonnementen.",
      fr: "Plateforme de conception en ligne qui vous permet de créer des présentations, des visuels pour les réseaux sociaux, des documents et des vidéos à partir de modèles, avec des formules gratuites et payantes.",
      es: "Plataforma de diseño online con la que creas presentaciones, gráficos para redes sociales, documentos y vídeos a partir de plantillas, con planes gratuitos y de pago.",
      de: "Online-Designplattform, mit der Sie auf Basis von Vorlagen Präsentationen, Social-Media-Grafiken, Dokumente und Videos erstellen, mit kostenlosen und kostenpflichtigen Tarifen.",
    },
  },

  // ---------------------------------------------------------------------------
  // Marketplace
  // ---------------------------------------------------------------------------
  {
    slug: "amazon",
    name: "Amazon",
    category: "marketplace",
    cashbackRateBps: 150,
    affiliateUrl: "https://www.amazon.com",
    description: {
      en: "Online marketplace with a very broad range of products, including books, electronics, household goods and fashion, sold by Amazon and by third-party sellers.",
      nl: "Online marktplaats met een zeer breed assortiment, waaronder boeken, elektronica, huishoudartikelen en mode, verkocht door Amazon en door externe verkopers.",
      fr: "Place de marché en ligne proposant un très large choix de produits, dont des livres, de l'électronique, des articles pour la maison et de la mode, vendus par Amazon et par des vendeurs tiers.",
      es: "Mercado online con una gama muy amplia de productos, como libros, electrónica, artículos para el hogar y moda, vendidos por Amazon y por vendedores externos.",
      de: "Online-Marktplatz mit einem sehr breiten Sortiment, darunter Bücher, Elektronik, Haushaltswaren und Mode, verkauft von Amazon und von Drittanbietern.",
    },
  },
  {
    slug: "ebay",
    name: "eBay",
    category: "marketplace",
    cashbackRateBps: 200,
    affiliateUrl: "https://www.ebay.com",
    description: {
      en: "Online marketplace where you can buy new and used items from private and business sellers, at a fixed price or by auction.",
      nl: "Online marktplaats waar je nieuwe en tweedehands artikelen koopt van particuliere en zakelijke verkopers, voor een vaste prijs of via een veiling.",
      fr: "Place de marché en ligne où vous pouvez acheter des articles neufs et d'occasion auprès de vendeurs particuliers et professionnels, à prix fixe ou aux enchères.",
      es: "Mercado online donde puedes comprar artículos nuevos y de segunda mano a vendedores particulares y profesionales, a precio fijo o en subasta.",
      de: "Online-Marktplatz, auf dem Sie neue und gebrauchte Artikel von privaten und gewerblichen Verkäufern zum Festpreis oder per Auktion kaufen können.",
    },
  },
  {
    slug: "etsy",
    name: "Etsy",
    category: "marketplace",
    cashbackRateBps: 400,
    affiliateUrl: "https://www.etsy.com",
    description: {
      en: "Online marketplace for handmade goods, vintage items and craft supplies offered by independent sellers.",
      nl: "Online marktplaats voor handgemaakte producten, vintage artikelen en hobbymaterialen van onafhankelijke verkopers.",
      fr: "Place de marché en ligne d'articles faits main, d'objets vintage et de fournitures créatives proposés par des vendeurs indépendants.",
      es: "Mercado online de productos hechos a mano, artículos vintage y materiales para manualidades ofrecidos por vendedores independientes.",
      de: "Online-Marktplatz für Handgemachtes, Vintage-Artikel und Bastelbedarf von unabhängigen Verkäufern.",
    },
  },
];
