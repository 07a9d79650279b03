import { criteria, list, type CategorySpec } from './category-spec.js';

// The synthetic catalog's world. Every brand and product line is invented; names are chosen to
// look plausible without being real brands. Invariants the name construction relies on (checked
// by the unit tests): brand names are unique and prefix-free across the whole catalog once
// normalised, line names are letters only and prefix-free within their category.

const COLOURS = list('Black, White, Silver, Graphite, Midnight Blue, Sage, Sand, Red');

export const CATEGORIES: readonly CategorySpec[] = [
  {
    name: 'headphones',
    brands: list(
      'Veltra, Sonaris, Auralyn, Hushwell, Tonvik, Quillon, Earvana, Mirelle, Kalvo, Halden Acoustics, Brisk Audio',
    ),
    lines: list(
      'Aria, Pulse, Drift, Serene, Tempo, Nimbus, Vox, Cadence, Lull, Opus, Strata, Calm',
    ),
    variants: ['', 'Pro', 'Max', 'Lite', 'SE', 'Plus'],
    generations: ['', '(2nd Gen)', '(3rd Gen)'],
    sizes: list(''),
    colours: COLOURS,
    price: [39, 449],
    sizeStep: 0,
    criteria: criteria(
      'output_quality, comfort, build_quality, energy_efficiency, connectivity, app_software, controls, portability, durability, price_to_performance, feature_set',
    ),
    output: 'sound quality',
  },
  {
    name: 'smartphones',
    brands: list(
      'Nordvik, Zentro, Orbia, Kivaro, Lumex, Tessaro, Vantrix, Myriel, Cobalto, Aventi, Solvane',
    ),
    lines: list('Nova, Edge, Flux, Apex, Zenith, Orbit, Prism, Volt, Spark, Halo, Core, Luma'),
    variants: ['', 'Plus', 'Pro', 'Pro Max', 'Ultra', 'Mini', 'Lite', 'SE'],
    generations: ['', '(2025)', '(2026)'],
    sizes: list('128GB, 256GB, 512GB, 1TB'),
    colours: COLOURS,
    price: [179, 1299],
    sizeStep: 0.12,
    criteria: criteria(
      'core_performance, speed, output_quality, energy_efficiency, build_quality, ease_of_use, app_software, connectivity, durability, longevity, price_to_performance, resale_value',
    ),
    output: 'camera quality',
  },
  {
    name: 'laptops',
    brands: list(
      'Arcline, Corvane, Meridia, Tesseron, Bytewell, Kestral, Ombrix, Velocor, Irisio, Dunmore, Parallax Computing',
    ),
    lines: list(
      'Book, Studio, Forge, Slate, Vector, Atlas, Summit, Ridge, Folio, Nexus, Quill, Pilot',
    ),
    variants: ['', 'Pro', 'Air', 'Plus', 'Ultra'],
    generations: ['', '(2025)', '(2026)'],
    sizes: list('13-inch, 14-inch, 15-inch, 16-inch'),
    colours: list(''),
    price: [429, 2499],
    sizeStep: 0.1,
    criteria: criteria(
      'core_performance, speed, output_quality, energy_efficiency, build_quality, portability, controls, connectivity, repairability, durability, price_to_performance, warranty',
    ),
    output: 'display quality',
  },
  {
    name: 'tvs',
    brands: list(
      'Lumora, Vistrel, Claravue, Spectrion, Orvane, Telvix, Brightane, Kinemo, Pixora, Auravis, Halcyra',
    ),
    lines: list(
      'Vista, Cinema, Horizon, Lumen, Aurora, Canvas, Theatre, Spectra, Vivid, Panorama, Glow, Optic',
    ),
    variants: ['', 'Plus', 'Pro', 'Ultra'],
    generations: ['(2024)', '(2025)', '(2026)'],
    sizes: list('43", 50", 55", 65", 75", 85"'),
    colours: list(''),
    price: [249, 1799],
    sizeStep: 0.35,
    criteria: criteria(
      'output_quality, core_performance, energy_efficiency, build_quality, setup, ease_of_use, app_software, connectivity, compatibility, longevity, price_to_performance, warranty',
    ),
    output: 'picture quality',
  },
  {
    name: 'cameras',
    brands: list(
      'Kaimora, Lensfield, Fotara, Shutterline, Aperion, Vellum Optics, Corvex, Lumicraft, Tanaki, Sorell, Hikari Works',
    ),
    lines: list(
      'Frame, Focus, Vantage, Lumo, Field, Street, Studio, Optix, Prime, Reflex, Candid, Vista',
    ),
    variants: ['', 'Pro', 'Mini', 'Lite', 'Max'],
    generations: ['', 'Mk II', 'Mk III'],
    sizes: list(''),
    colours: list('Black, Silver, Graphite'),
    price: [399, 3499],
    sizeStep: 0,
    criteria: criteria(
      'output_quality, speed, core_performance, energy_efficiency, build_quality, materials, controls, portability, customization, durability, price_to_performance, resale_value',
    ),
    output: 'image quality',
  },
  {
    name: 'smartwatches',
    brands: list(
      'Tempora, Pulsewright, Trailmark, Horvik, Vitalo, Stridewell, Kairon, Wristal, Oxly, Meterra, Cadenz',
    ),
    lines: list(
      'Trail, Motion, Summit, Vital, Stride, Orbit, Runner, Quest, Peak, Tide, Chrono, Sprint',
    ),
    variants: ['', 'Pro', 'Ultra', 'SE', 'Lite', 'Active', 'Sport'],
    generations: ['', '(2nd Gen)', '(3rd Gen)'],
    sizes: list('40mm, 41mm, 44mm, 45mm, 49mm'),
    colours: COLOURS,
    price: [99, 799],
    sizeStep: 0.06,
    criteria: criteria(
      'core_performance, output_quality, energy_efficiency, comfort, build_quality, app_software, ease_of_use, connectivity, compatibility, durability, price_to_performance',
    ),
    output: 'tracking accuracy',
  },
  {
    name: 'tablets',
    brands: list(
      'Slateon, Folia, Paperline, Quire, Lectra, Vellora, Pagewise, Tabrix, Novella, Glimra, Scriba',
    ),
    lines: list('Slate, Tab, Note, Canvas, Page, Sketch, Leaf, Scribe, Pad, Folio, Vista, Quartz'),
    variants: ['', 'Air', 'Pro', 'Mini', 'Plus', 'Lite'],
    generations: ['', '(2nd Gen)', '(2025)'],
    sizes: list('8-inch, 11-inch, 13-inch'),
    colours: list('Graphite, Silver, Midnight Blue, Sage'),
    price: [129, 1199],
    sizeStep: 0.18,
    criteria: criteria(
      'core_performance, speed, output_quality, energy_efficiency, build_quality, portability, app_software, ease_of_use, compatibility, longevity, price_to_performance, included_extras',
    ),
    output: 'display quality',
  },
  {
    name: 'speakers',
    brands: list(
      'Sonoré, Boomfield, Resona, Echolane, Basswick, Tonehaus, Roomtone, Amplora, Celesto, Kordia, Lydmark',
    ),
    lines: list('Boom, Wave, Ripple, Beacon, Pebble, Tower, Arc, Stage, Room, Dome, Crest, Pulse'),
    variants: ['', 'Mini', 'Max', 'Plus', 'Go', 'Pro'],
    generations: ['', '(2nd Gen)', 'Mk II'],
    sizes: list(''),
    colours: COLOURS,
    price: [35, 499],
    sizeStep: 0,
    criteria: criteria(
      'output_quality, energy_efficiency, build_quality, portability, setup, app_software, connectivity, compatibility, durability, price_to_performance',
    ),
    output: 'sound quality',
  },
  {
    name: 'monitors',
    brands: list(
      'Viewmark, Clarix, Panelworks, Dispra, Ultrava, Gridline, Hexaview, Prismo, Vantage Display, Ostera, Linea',
    ),
    lines: list(
      'View, Vision, Panel, Studio, Arena, Focus, Crystal, Vertex, Horizon, Prism, Canvas, Clarity',
    ),
    variants: ['', 'Pro', 'Ultra', 'Plus'],
    generations: ['', '(2025)', '(2026)'],
    sizes: list('24", 27", 32", 34", 49"'),
    colours: list(''),
    price: [129, 999],
    sizeStep: 0.25,
    criteria: criteria(
      'output_quality, speed, energy_efficiency, build_quality, setup, controls, connectivity, compatibility, consistency, defect_rate, price_to_performance, warranty',
    ),
    output: 'picture quality',
  },
  {
    name: 'robot vacuums',
    brands: list(
      'Dustrel, Sweepo, Tidyon, Neatwise, Floorix, Cleanova, Sparkbot, Mopwell, Roamly, Brushline, Kleenic',
    ),
    lines: list(
      'Clean, Sweep, Rover, Scout, Glide, Orbit, Breeze, Spot, Ranger, Nimbus, Pilot, Dash',
    ),
    variants: ['', 'Plus', 'Pro', 'Ultra', 'Max', 'Lite'],
    generations: ['', '(2025)', 'Gen 2'],
    sizes: list(''),
    colours: list('Black, White'),
    price: [169, 1399],
    sizeStep: 0,
    criteria: criteria(
      'core_performance, output_quality, energy_efficiency, setup, app_software, ease_of_use, feature_set, consistency, durability, running_costs, price_to_performance, customer_support',
    ),
    output: 'cleaning performance',
  },
  {
    name: 'coffee machines',
    brands: list(
      'Crèmora, Baristo, Espressa, Kaffeld, Brewhaus, Moccara, Ristra, Tamperly, Beanworth, Cupola, Doppio Works',
    ),
    lines: list(
      'Barista, Crema, Ristretto, Lungo, Cortado, Roast, Brew, Aroma, Bloom, Velvet, Origin, Classic',
    ),
    variants: ['', 'Plus', 'Pro', 'Mini', 'Touch'],
    generations: ['', 'Mk II', '(2nd Gen)'],
    sizes: list(''),
    colours: list('Black, Silver, Cream, Red'),
    price: [79, 1799],
    sizeStep: 0,
    criteria: criteria(
      'output_quality, speed, build_quality, materials, ease_of_use, controls, customization, consistency, durability, running_costs, repairability, price_to_performance',
    ),
    output: 'coffee quality',
  },
  {
    name: 'e-bikes',
    brands: list(
      'Nordhäll, Voltrail, Pedalon, Cyclera, Ampride, Spokewell, Urbanik, Gearloft, Veloria, Torqen, Wheelwright',
    ),
    lines: list(
      'Urban, Trail, Tour, Metro, Summit, Ridge, Cruise, Flow, Glide, Terra, Swift, Volt',
    ),
    variants: ['', 'Plus', 'Pro', 'Lite', 'ST'],
    generations: ['', '(2025)', '(2026)', 'Gen 2'],
    sizes: list('400Wh, 500Wh, 625Wh, 750Wh'),
    colours: list('Black, Sage, Sand, Graphite'),
    price: [899, 4999],
    sizeStep: 0.08,
    criteria: criteria(
      'core_performance, output_quality, energy_efficiency, build_quality, comfort, controls, app_software, durability, longevity, repairability, price_to_performance, customer_support',
    ),
    output: 'ride quality',
  },
];
