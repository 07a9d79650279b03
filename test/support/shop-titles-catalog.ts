import { product } from './catalog-files.js';

// The catalog that shop titles (issue 30) are read against (test/resolution-title-*.e2e-spec.ts).
// Each file imports all of it: the counts resolution reads (which words tell siblings apart,
// which code no other product carries) come from the whole catalog.

const listing = (id: string, brand: string, name: string, aliases?: string[]) =>
  product(id, { brand, name, ...(aliases && { aliases }) });

export const SHOP_TITLES_CATALOG = [
  // Colours the catalog tells siblings apart by.
  listing('lamp-black', 'Deskco', 'Desk Lamp Black'),
  listing('lamp-gray', 'Deskco', 'Desk Lamp Gray'),
  listing('lamp-white', 'Deskco', 'Desk Lamp White'),
  listing('fan-black', 'Deskco', 'Desk Fan Black'),
  listing('fan-gray', 'Deskco', 'Desk Fan Gray'),
  listing('ssk107', 'Seal Shield', 'SSK107 Medical Grade Keyboard'),
  listing('stratus', 'Samsung', 'Stratus GSM Phone Black', ['C3050']),
  listing('erc-09b', 'Epson', 'Black Ribbon Cassette for M-160 ERC-09B'),
  // Its model number reads the query better than its name, which leaves five codes unsaid.
  listing('erc-38b', 'Epson', 'Erc Ribbon Cassette for TMU200D TM300A TM300B TM267 TM288', [
    'ERC-38B',
  ]),
  listing('organizer', 'Rubbermaid', 'Rotary Desk Organizer with Supplies'),
  listing('folders', 'Smead', '37160 - Recycled End Tab Fastener Folders 11 Point Legal'),
  listing('charging-kit', 'Inland', 'Pro iPhone and iPod 3-In-One Charging Kit'),
  // A title that says "Slim", which tells no two products apart here; and "Lite", which does.
  listing('ssd', 'Driveco', 'RevoDisk 110 GB PCI Express Slim Solid State Drive DRV1RVD0110'),
  listing('printer', 'Labelco', 'Label Printer'),
  listing('printer-lite', 'Labelco', 'Label Printer Lite'),
  listing('printer-roll', 'Labelco', 'Thermal Label Printer Lite with Roll Holder and Cutter'),
  // Codes that no other product carries, and siblings of their lines.
  listing('qx-4410', 'Vantor', 'QX-4410 Portable Speaker Blue'),
  listing('qx-4420', 'Vantor', 'QX-4420 Portable Speaker Red'),
  listing('mk-2209', 'Memco', 'MK-2209 USB Flash Drive 64 GB'),
  listing('hl-90', 'Vantor', 'HL-90 Headlamp'),
  listing('hl-90-plus', 'Vantor', 'HL-90 Plus Headlamp'),
  listing('nx-330', 'Netco', 'NX-330 NetFabric Ethernet Partition'),
  listing('nx-340', 'Netco', 'NX-340 NetFabric 10Gb RDMA Ethernet Controller'),
  // A phone, and a case of another phone whose name does not say "case": the catalog
  // holds cases, though no candidate of the title does.
  product('zp-9100', { brand: 'Zentro', name: 'ZP-9100 128 GB', category: 'smartphones' }),
  product('a5-cover', {
    brand: 'Caseco',
    name: 'Slim Cover for Aurion A5',
    category: 'phone cases',
  }),
  // A television by its size in inches, a laptop and a charger, a 12-cup coffee maker.
  product('tv-55', { brand: 'Lumora', name: '55UX700 55-Inch 4K Smart TV', category: 'tvs' }),
  product('laptop', {
    brand: 'Pellix',
    name: 'Book 14 Laptop PB14-2026',
    category: 'laptops',
  }),
  product('charger', { brand: 'Pellix', name: 'PC-65 USB-C Charger', category: 'chargers' }),
  // A desk fan in two colours, which a title may name in the shop's language.
  product('breeze-black', {
    brand: 'Kestra',
    name: 'Breeze 40 Desk Fan, Black',
    category: 'fans',
  }),
  product('breeze-white', {
    brand: 'Kestra',
    name: 'Breeze 40 Desk Fan, White',
    category: 'fans',
  }),
  // Two chargers of one line told apart by their power.
  product('brick-65', {
    brand: 'Pellix',
    name: 'PowerBrick 65W USB-C',
    category: 'chargers',
  }),
  product('brick-100', {
    brand: 'Pellix',
    name: 'PowerBrick 100W USB-C',
    category: 'chargers',
  }),
  product('coffee', {
    brand: 'Brewco',
    name: 'Cafe 12-Cup Coffee Maker CM1200',
    category: 'coffee makers',
  }),
  // Curated names: a line's number before the code; a family in two colours; a cable.
  product('washer', {
    brand: 'Wascho',
    name: 'Serie 6 WX28PH9 Washing Machine 9 kg',
    category: 'washing machines',
  }),
  product('wq-silver', {
    brand: 'Sonic',
    name: 'WQ-3300XM Wireless Headphones Silver',
  }),
  product('wq-black', { brand: 'Sonic', name: 'WQ-3300XM Wireless Headphones Black' }),
  product('cable', { brand: 'Linkco', name: 'USB-C Cable 2 m', category: 'cables' }),
  // A laptop sleeve whose name shares none of a title's rarest runs of words ("Sleeve in").
  listing('sleeve-121', 'Quillon', 'QL-121 Lady Damask Laptop Sleeve Black White'),
  listing('sleeve-119', 'Quillon', 'QL-119 Lady Damask Netbook Sleeve Black Black'),
  listing('sleeve-122', 'Quillon', 'QL-122 Lady Damask Netbook Sleeve Red Black'),
  listing('tote', 'Toteco', 'Ladies Laptop Tote Orange'),
  listing('sleeve-in', 'Bagsco', 'Computer Sleeve in Gray'),
  listing('tabs', 'Tabco', 'Plastic Tabs in White'),
  // Earphones whose long name a short title names every word of, but not its brand.
  listing('pods', 'Nexo', 'Streetwave SW1003 The NightOwl Beat Pods Ear Buds Earphones'),
  // Two power banks told apart by their capacity, which a title may write with a comma.
  listing('bank-24k', 'Voltix', 'PowerCell Power Bank 24000mAh'),
  listing('bank-10k', 'Voltix', 'PowerCell Power Bank 10000mAh'),
];
