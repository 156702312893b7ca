/**
 * Seeded partner webshops (demo data): 30 stores across the directory's categories. Every store
 * here is invented for the demo (names, rates, texts and marks); their addresses are on the
 * reserved `.example` domain. Real partner stores are added by an admin under the network's terms.
 */
import type { StoreCategory } from "../../app/stores/categories";

export { STORE_CATEGORIES, type StoreCategory } from "../../app/stores/categories";

export interface SeedStore {
  slug: string; // kebab-case ASCII, unique; its mark is public/images/stores/<slug>.svg
  name: string;
  category: StoreCategory;
  cashbackRateBps: number; // basis points of the sale: 450 = 4.5 %
  affiliateUrl: string; // https URL on the reserved .example domain: these demo shops do not exist
  description: { en: string; nl: string; fr: string; es: string; de: string }; // 1-2 sentences each, neutral
}

/** The path of a seeded store's original demo mark (an SVG under public/). */
export function seedStoreLogo(slug: string): string {
  return `/images/stores/${slug}.svg`;
}

export const SEED_STORES: SeedStore[] = [
  // ---------------------------------------------------------------------------
  // Fashion
  // ---------------------------------------------------------------------------
  {
    slug: "larkstitch",
    name: "Larkstitch",
    category: "fashion",
    cashbackRateBps: 600,
    affiliateUrl: "https://larkstitch.example",
    description: {
      en: "Clothing, shoes and accessories for women, men and children. A fictional shop in the Cashwise demo.",
      nl: "Kleding, schoenen en accessoires voor dames, heren en kinderen. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Vêtements, chaussures et accessoires pour femmes, hommes et enfants. Une boutique fictive de la démo de Cashwise.",
      es: "Ropa, calzado y complementos para mujer, hombre y niños. Una tienda ficticia de la demo de Cashwise.",
      de: "Kleidung, Schuhe und Accessoires für Damen, Herren und Kinder. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "pebble-and-pleat",
    name: "Pebble & Pleat",
    category: "fashion",
    cashbackRateBps: 500,
    affiliateUrl: "https://pebble-and-pleat.example",
    description: {
      en: "Casual wear, knitwear and bags. A fictional shop in the Cashwise demo.",
      nl: "Vrijetijdskleding, breigoed en tassen. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Vêtements décontractés, mailles et sacs. Une boutique fictive de la démo de Cashwise.",
      es: "Ropa informal, prendas de punto y bolsos. Una tienda ficticia de la demo de Cashwise.",
      de: "Freizeitmode, Strickwaren und Taschen. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "corduroy-comet",
    name: "Corduroy Comet",
    category: "fashion",
    cashbackRateBps: 450,
    affiliateUrl: "https://corduroy-comet.example",
    description: {
      en: "Jackets, jeans and everyday basics. A fictional shop in the Cashwise demo.",
      nl: "Jassen, jeans en basics voor elke dag. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Vestes, jeans et basiques du quotidien. Une boutique fictive de la démo de Cashwise.",
      es: "Chaquetas, vaqueros y básicos para el día a día. Una tienda ficticia de la demo de Cashwise.",
      de: "Jacken, Jeans und Basics für jeden Tag. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Electronics
  // ---------------------------------------------------------------------------
  {
    slug: "quillwire",
    name: "Quillwire",
    category: "electronics",
    cashbackRateBps: 150,
    affiliateUrl: "https://quillwire.example",
    description: {
      en: "Laptops, tablets and phone accessories. A fictional shop in the Cashwise demo.",
      nl: "Laptops, tablets en accessoires voor telefoons. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Ordinateurs portables, tablettes et accessoires pour téléphones. Une boutique fictive de la démo de Cashwise.",
      es: "Portátiles, tabletas y accesorios para móviles. Una tienda ficticia de la demo de Cashwise.",
      de: "Laptops, Tablets und Handyzubehör. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "diodeberry",
    name: "Diodeberry",
    category: "electronics",
    cashbackRateBps: 300,
    affiliateUrl: "https://diodeberry.example",
    description: {
      en: "Televisions, audio equipment and smart home devices. A fictional shop in the Cashwise demo.",
      nl: "Televisies, audioapparatuur en slimme apparaten voor in huis. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Téléviseurs, matériel audio et objets connectés pour la maison. Une boutique fictive de la démo de Cashwise.",
      es: "Televisores, equipos de audio y dispositivos para el hogar inteligente. Una tienda ficticia de la demo de Cashwise.",
      de: "Fernseher, Audiogeräte und Smart-Home-Geräte. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "circuitmoth",
    name: "Circuitmoth",
    category: "electronics",
    cashbackRateBps: 200,
    affiliateUrl: "https://circuitmoth.example",
    description: {
      en: "Household appliances, cameras and gaming gear. A fictional shop in the Cashwise demo.",
      nl: "Huishoudelijke apparaten, camera's en gameaccessoires. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Électroménager, appareils photo et équipement de jeu vidéo. Une boutique fictive de la démo de Cashwise.",
      es: "Electrodomésticos, cámaras y accesorios para videojuegos. Una tienda ficticia de la demo de Cashwise.",
      de: "Haushaltsgeräte, Kameras und Gaming-Zubehör. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Travel
  // ---------------------------------------------------------------------------
  {
    slug: "driftcompass",
    name: "Driftcompass",
    category: "travel",
    cashbackRateBps: 400,
    affiliateUrl: "https://driftcompass.example",
    description: {
      en: "Hotel and holiday-home bookings. A fictional shop in the Cashwise demo.",
      nl: "Boekingen van hotels en vakantiehuizen. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Réservations d'hôtels et de locations de vacances. Une boutique fictive de la démo de Cashwise.",
      es: "Reservas de hoteles y casas de vacaciones. Una tienda ficticia de la demo de Cashwise.",
      de: "Buchungen von Hotels und Ferienunterkünften. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "tidewander",
    name: "Tidewander",
    category: "travel",
    cashbackRateBps: 500,
    affiliateUrl: "https://tidewander.example",
    description: {
      en: "Flights, package holidays and car hire. A fictional shop in the Cashwise demo.",
      nl: "Vluchten, pakketreizen en autohuur. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Vols, séjours tout compris et location de voitures. Une boutique fictive de la démo de Cashwise.",
      es: "Vuelos, paquetes vacacionales y alquiler de coches. Una tienda ficticia de la demo de Cashwise.",
      de: "Flüge, Pauschalreisen und Mietwagen. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "nightjar-stays",
    name: "Nightjar Stays",
    category: "travel",
    cashbackRateBps: 600,
    affiliateUrl: "https://nightjar-stays.example",
    description: {
      en: "City hotels and short breaks. A fictional shop in the Cashwise demo.",
      nl: "Stadshotels en korte uitstapjes. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Hôtels en ville et courts séjours. Une boutique fictive de la démo de Cashwise.",
      es: "Hoteles urbanos y escapadas cortas. Una tienda ficticia de la demo de Cashwise.",
      de: "Stadthotels und Kurzurlaube. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Home
  // ---------------------------------------------------------------------------
  {
    slug: "hearthwren",
    name: "Hearthwren",
    category: "home",
    cashbackRateBps: 300,
    affiliateUrl: "https://hearthwren.example",
    description: {
      en: "Furniture, storage and kitchenware. A fictional shop in the Cashwise demo.",
      nl: "Meubels, opbergers en keukengerei. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Meubles, rangements et ustensiles de cuisine. Une boutique fictive de la démo de Cashwise.",
      es: "Muebles, almacenaje y menaje de cocina. Una tienda ficticia de la demo de Cashwise.",
      de: "Möbel, Aufbewahrung und Küchenutensilien. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "lampwick-loft",
    name: "Lampwick Loft",
    category: "home",
    cashbackRateBps: 500,
    affiliateUrl: "https://lampwick-loft.example",
    description: {
      en: "Lighting, rugs and home decoration. A fictional shop in the Cashwise demo.",
      nl: "Verlichting, vloerkleden en woondecoratie. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Luminaires, tapis et décoration intérieure. Une boutique fictive de la démo de Cashwise.",
      es: "Iluminación, alfombras y decoración del hogar. Una tienda ficticia de la demo de Cashwise.",
      de: "Leuchten, Teppiche und Wohndekoration. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "sill-and-saucer",
    name: "Sill & Saucer",
    category: "home",
    cashbackRateBps: 450,
    affiliateUrl: "https://sill-and-saucer.example",
    description: {
      en: "Tableware, houseplants and garden accessories. A fictional shop in the Cashwise demo.",
      nl: "Servies, kamerplanten en tuinaccessoires. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Vaisselle, plantes d'intérieur et accessoires de jardin. Une boutique fictive de la démo de Cashwise.",
      es: "Vajilla, plantas de interior y accesorios de jardín. Una tienda ficticia de la demo de Cashwise.",
      de: "Geschirr, Zimmerpflanzen und Gartenzubehör. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Beauty
  // ---------------------------------------------------------------------------
  {
    slug: "dewmellow",
    name: "Dewmellow",
    category: "beauty",
    cashbackRateBps: 700,
    affiliateUrl: "https://dewmellow.example",
    description: {
      en: "Skincare, make-up and fragrances. A fictional shop in the Cashwise demo.",
      nl: "Huidverzorging, make-up en parfums. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Soins de la peau, maquillage et parfums. Une boutique fictive de la démo de Cashwise.",
      es: "Cuidado de la piel, maquillaje y perfumes. Una tienda ficticia de la demo de Cashwise.",
      de: "Hautpflege, Make-up und Düfte. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "petalvane",
    name: "Petalvane",
    category: "beauty",
    cashbackRateBps: 900,
    affiliateUrl: "https://petalvane.example",
    description: {
      en: "Hair care, bath products and beauty tools. A fictional shop in the Cashwise demo.",
      nl: "Haarverzorging, badproducten en beautyaccessoires. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Soins capillaires, produits pour le bain et accessoires de beauté. Une boutique fictive de la démo de Cashwise.",
      es: "Cuidado del cabello, productos de baño y accesorios de belleza. Una tienda ficticia de la demo de Cashwise.",
      de: "Haarpflege, Badeprodukte und Beauty-Zubehör. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "glowfinch",
    name: "Glowfinch",
    category: "beauty",
    cashbackRateBps: 600,
    affiliateUrl: "https://glowfinch.example",
    description: {
      en: "Perfume, cosmetics and gift sets. A fictional shop in the Cashwise demo.",
      nl: "Parfum, cosmetica en cadeausets. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Parfums, cosmétiques et coffrets cadeaux. Une boutique fictive de la démo de Cashwise.",
      es: "Perfumes, cosméticos y estuches de regalo. Una tienda ficticia de la demo de Cashwise.",
      de: "Parfums, Kosmetik und Geschenksets. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Sports
  // ---------------------------------------------------------------------------
  {
    slug: "stridefern",
    name: "Stridefern",
    category: "sports",
    cashbackRateBps: 700,
    affiliateUrl: "https://stridefern.example",
    description: {
      en: "Running shoes and sportswear. A fictional shop in the Cashwise demo.",
      nl: "Hardloopschoenen en sportkleding. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Chaussures de course et vêtements de sport. Une boutique fictive de la démo de Cashwise.",
      es: "Zapatillas de running y ropa deportiva. Una tienda ficticia de la demo de Cashwise.",
      de: "Laufschuhe und Sportbekleidung. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "ridgebolt",
    name: "Ridgebolt",
    category: "sports",
    cashbackRateBps: 800,
    affiliateUrl: "https://ridgebolt.example",
    description: {
      en: "Training apparel, footwear and gym equipment. A fictional shop in the Cashwise demo.",
      nl: "Trainingskleding, schoenen en fitnessmateriaal. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Vêtements d'entraînement, chaussures et matériel de fitness. Une boutique fictive de la démo de Cashwise.",
      es: "Ropa de entrenamiento, calzado y material de gimnasio. Una tienda ficticia de la demo de Cashwise.",
      de: "Trainingskleidung, Schuhe und Fitnessgeräte. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "trailmarten",
    name: "Trailmarten",
    category: "sports",
    cashbackRateBps: 350,
    affiliateUrl: "https://trailmarten.example",
    description: {
      en: "Camping, hiking and cycling gear. A fictional shop in the Cashwise demo.",
      nl: "Uitrusting voor kamperen, wandelen en fietsen. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Équipement de camping, de randonnée et de vélo. Une boutique fictive de la démo de Cashwise.",
      es: "Equipamiento para camping, senderismo y ciclismo. Una tienda ficticia de la demo de Cashwise.",
      de: "Ausrüstung für Camping, Wandern und Radfahren. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Food
  // ---------------------------------------------------------------------------
  {
    slug: "basil-bicycle",
    name: "Basil Bicycle",
    category: "food",
    cashbackRateBps: 500,
    affiliateUrl: "https://basil-bicycle.example",
    description: {
      en: "Weekly meal kits with recipes and pre-portioned ingredients. A fictional shop in the Cashwise demo.",
      nl: "Wekelijkse maaltijdboxen met recepten en afgewogen ingrediënten. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Paniers repas hebdomadaires avec recettes et ingrédients déjà dosés. Une boutique fictive de la démo de Cashwise.",
      es: "Cajas de comida semanales con recetas e ingredientes ya porcionados. Una tienda ficticia de la demo de Cashwise.",
      de: "Wöchentliche Kochboxen mit Rezepten und vorportionierten Zutaten. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "crumbharbor",
    name: "Crumbharbor",
    category: "food",
    cashbackRateBps: 450,
    affiliateUrl: "https://crumbharbor.example",
    description: {
      en: "Groceries, baked goods and pantry staples. A fictional shop in the Cashwise demo.",
      nl: "Boodschappen, brood en gebak, en voorraadproducten. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Courses, boulangerie et produits d'épicerie. Une boutique fictive de la démo de Cashwise.",
      es: "Alimentación, panadería y productos de despensa. Una tienda ficticia de la demo de Cashwise.",
      de: "Lebensmittel, Backwaren und Vorratsprodukte. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "ladle-lantern",
    name: "Ladle Lantern",
    category: "food",
    cashbackRateBps: 250,
    affiliateUrl: "https://ladle-lantern.example",
    description: {
      en: "Meals ordered from local restaurants. A fictional shop in the Cashwise demo.",
      nl: "Maaltijden besteld bij restaurants in de buurt. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Repas commandés auprès de restaurants locaux. Une boutique fictive de la démo de Cashwise.",
      es: "Comidas pedidas a restaurantes locales. Una tienda ficticia de la demo de Cashwise.",
      de: "Bestellte Gerichte von Restaurants in der Nähe. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Books
  // ---------------------------------------------------------------------------
  {
    slug: "inkwhistle",
    name: "Inkwhistle",
    category: "books",
    cashbackRateBps: 500,
    affiliateUrl: "https://inkwhistle.example",
    description: {
      en: "New books, e-books and audiobooks. A fictional shop in the Cashwise demo.",
      nl: "Nieuwe boeken, e-books en luisterboeken. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Livres neufs, livres numériques et livres audio. Une boutique fictive de la démo de Cashwise.",
      es: "Libros nuevos, libros electrónicos y audiolibros. Una tienda ficticia de la demo de Cashwise.",
      de: "Neue Bücher, E-Books und Hörbücher. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "dogear-lane",
    name: "Dogear Lane",
    category: "books",
    cashbackRateBps: 400,
    affiliateUrl: "https://dogear-lane.example",
    description: {
      en: "Fiction, children's books and stationery. A fictional shop in the Cashwise demo.",
      nl: "Romans, kinderboeken en schrijfwaren. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Romans, livres pour enfants et papeterie. Une boutique fictive de la démo de Cashwise.",
      es: "Novela, libros infantiles y papelería. Una tienda ficticia de la demo de Cashwise.",
      de: "Romane, Kinderbücher und Schreibwaren. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "marginalia-mill",
    name: "Marginalia Mill",
    category: "books",
    cashbackRateBps: 350,
    affiliateUrl: "https://marginalia-mill.example",
    description: {
      en: "Second-hand and out-of-print books. A fictional shop in the Cashwise demo.",
      nl: "Tweedehands en uitverkochte boeken. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Livres d'occasion et épuisés. Une boutique fictive de la démo de Cashwise.",
      es: "Libros de segunda mano y descatalogados. Una tienda ficticia de la demo de Cashwise.",
      de: "Gebrauchte und vergriffene Bücher. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Software
  // ---------------------------------------------------------------------------
  {
    slug: "pixelquarry",
    name: "Pixelquarry",
    category: "software",
    cashbackRateBps: 1200,
    affiliateUrl: "https://pixelquarry.example",
    description: {
      en: "Subscriptions for photo, video and design software. A fictional shop in the Cashwise demo.",
      nl: "Abonnementen op software voor foto, video en ontwerp. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Abonnements à des logiciels de photo, de vidéo et de design. Une boutique fictive de la démo de Cashwise.",
      es: "Suscripciones a software de foto, vídeo y diseño. Una tienda ficticia de la demo de Cashwise.",
      de: "Abonnements für Foto-, Video- und Designsoftware. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "tunnelkite",
    name: "Tunnelkite",
    category: "software",
    cashbackRateBps: 2500,
    affiliateUrl: "https://tunnelkite.example",
    description: {
      en: "Privacy and security apps for computers and phones. A fictional shop in the Cashwise demo.",
      nl: "Apps voor privacy en beveiliging op computers en telefoons. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Applications de confidentialité et de sécurité pour ordinateurs et téléphones. Une boutique fictive de la démo de Cashwise.",
      es: "Aplicaciones de privacidad y seguridad para ordenadores y móviles. Una tienda ficticia de la demo de Cashwise.",
      de: "Apps für Datenschutz und Sicherheit auf Computern und Smartphones. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "sketchgrove",
    name: "Sketchgrove",
    category: "software",
    cashbackRateBps: 1500,
    affiliateUrl: "https://sketchgrove.example",
    description: {
      en: "Online tools for presentations, social media graphics and documents. A fictional shop in the Cashwise demo.",
      nl: "Onlinetools voor presentaties, afbeeldingen voor sociale media en documenten. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Outils en ligne pour les présentations, les visuels pour les réseaux sociaux et les documents. Une boutique fictive de la démo de Cashwise.",
      es: "Herramientas online para presentaciones, imágenes para redes sociales y documentos. Una tienda ficticia de la demo de Cashwise.",
      de: "Online-Tools für Präsentationen, Social-Media-Grafiken und Dokumente. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },

  // ---------------------------------------------------------------------------
  // Marketplace
  // ---------------------------------------------------------------------------
  {
    slug: "tradewinkle",
    name: "Tradewinkle",
    category: "marketplace",
    cashbackRateBps: 150,
    affiliateUrl: "https://tradewinkle.example",
    description: {
      en: "A marketplace where many sellers offer products in most categories. A fictional shop in the Cashwise demo.",
      nl: "Een marktplaats waar veel verkopers producten in bijna alle categorieën aanbieden. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Une place de marché où de nombreux vendeurs proposent des produits dans la plupart des catégories. Une boutique fictive de la démo de Cashwise.",
      es: "Un marketplace donde muchos vendedores ofrecen productos de casi todas las categorías. Una tienda ficticia de la demo de Cashwise.",
      de: "Ein Marktplatz, auf dem viele Händler Produkte aus fast allen Kategorien anbieten. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "swapsparrow",
    name: "Swapsparrow",
    category: "marketplace",
    cashbackRateBps: 200,
    affiliateUrl: "https://swapsparrow.example",
    description: {
      en: "New and second-hand items from private and professional sellers. A fictional shop in the Cashwise demo.",
      nl: "Nieuwe en tweedehands artikelen van particuliere en zakelijke verkopers. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Articles neufs et d'occasion de vendeurs particuliers et professionnels. Une boutique fictive de la démo de Cashwise.",
      es: "Artículos nuevos y de segunda mano de vendedores particulares y profesionales. Una tienda ficticia de la demo de Cashwise.",
      de: "Neue und gebrauchte Artikel von privaten und gewerblichen Verkäufern. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
  {
    slug: "handmade-heron",
    name: "Handmade Heron",
    category: "marketplace",
    cashbackRateBps: 400,
    affiliateUrl: "https://handmade-heron.example",
    description: {
      en: "Handmade, vintage and craft items from independent makers. A fictional shop in the Cashwise demo.",
      nl: "Handgemaakte, vintage en ambachtelijke artikelen van onafhankelijke makers. Een verzonnen winkel in de demo van Cashwise.",
      fr: "Objets faits main, vintage et artisanaux de créateurs indépendants. Une boutique fictive de la démo de Cashwise.",
      es: "Artículos hechos a mano, vintage y de artesanía de creadores independientes. Una tienda ficticia de la demo de Cashwise.",
      de: "Handgemachte, Vintage- und Kunsthandwerksartikel unabhängiger Hersteller. Ein erfundener Shop in der Cashwise-Demo.",
    },
  },
];
