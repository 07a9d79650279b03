// Cleaning shared by the held-out set's builder: folding, vendor names to brands, name filters
// and a seeded PRNG. See README.md beside this file.

/** The sets' folding: case, accents, punctuation and spacing removed. */
export function fold(text) {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** mulberry32: a small deterministic PRNG, seeded. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (xs) => xs[int(xs.length)];
  const shuffle = (xs) => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  return { next, int, pick, shuffle, chance: (p) => next() < p };
}

// Vendor names as the sources write them, folded, to the brand people use.
const BRANDS = {
  advancedmicrodevicesincamdati: 'AMD',
  advancedmicrodevicesincamd: 'AMD',
  atitechnologiesinc: 'AMD',
  nvidiacorporation: 'NVIDIA',
  nvidiacorp: 'NVIDIA',
  intelcorporation: 'Intel',
  intelcorp: 'Intel',
  hewlettpackard: 'HP',
  hewlettpackardcompany: 'HP',
  hp: 'HP',
  hpinc: 'HP',
  hewlettpackardenterprise: 'HPE',
  asustekcomputerinc: 'ASUS',
  asus: 'ASUS',
  asustekcomputerincasus: 'ASUS',
  seikoepsoncorp: 'Epson',
  epson: 'Epson',
  eastmankodakco: 'Kodak',
  fuji: 'Fujifilm',
  fujifilm: 'Fujifilm',
  fujiphotofilmcoltd: 'Fujifilm',
  sonyericsson: 'Sony Ericsson',
  sonyericssonmobilecommunicationsab: 'Sony Ericsson',
  nvidia: 'NVIDIA',
  konicaminolta: 'Konica Minolta',
  benq: 'BenQ',
  agfa: 'AGFA',
  umax: 'UMAX',
  medionlifetectevioncytron: 'Medion',
  artecultima: 'Artec',
  minoltaqms: 'Minolta',
  corexdymo: 'Corex',
  konica: 'Konica',
  lgelectronicsinc: 'LG',
  lge: 'LG',
  samsungelectronicscoltd: 'Samsung',
  microstarinternationalcoltdmsi: 'MSI',
  gigabytetechnologycoltd: 'Gigabyte',
  evgacomcorp: 'EVGA',
  tulcorporationpowercolor: 'PowerColor',
  dellinc: 'Dell',
  dell: 'Dell',
  sonycorp: 'Sony',
  sony: 'Sony',
  ricohcoltd: 'Ricoh',
  logitechinc: 'Logitech',
  microsoftcorp: 'Microsoft',
  canoninc: 'Canon',
  nikoncorp: 'Nikon',
  olympusopticalcoltd: 'Olympus',
  brotherindustriesltd: 'Brother',
  lexmarkinternationalinc: 'Lexmark',
  broadcominc: 'Broadcom',
  broadcomincandsubsidiaries: 'Broadcom',
  realteksemiconductorcorp: 'Realtek',
  creativetechnologyltd: 'Creative',
  creativelabs: 'Creative',
  sandiskcorp: 'SanDisk',
  zotacinternationalmcoltd: 'ZOTAC',
  palitmicrosystemsinc: 'Palit',
  xfxpinegroupinc: 'XFX',
  lenovo: 'Lenovo',
  iriver: 'iRiver',
  bq: 'bq',
  amazon: 'Amazon',
  nokiamobilephones: 'Nokia',
  okidata: 'Oki',
  dlinksystem: 'D-Link',
  dlinksystems: 'D-Link',
  belkincomponents: 'Belkin',
  kye: 'Genius',
  kyesystems: 'Genius',
  futuretechnologydevicesinternational: 'FTDI',
  futuretechnologydevices: 'FTDI',
  siemensinformationandcommunication: 'Siemens',
  siemensinformationandcommunicationproducts: 'Siemens',
  chelsiocommunications: 'Chelsio',
  sierrawireless: 'Sierra Wireless',
  pcpartner: 'PC Partner',
  yubicocom: 'Yubico',
  pcpartnerlimitedsapphiretechnology: 'Sapphire',
  bitlandinformation: 'Bitland',
  bitlandshenzheninformation: 'Bitland',
  fujitsutechnologysolutions: 'Fujitsu',
  fujitsusiemens: 'Fujitsu Siemens',
  iodatadevice: 'I-O Data',
  iodata: 'I-O Data',
  ztewcdmatechnologiesmsm: 'ZTE',
  samsungoptoelectroncs: 'Samsung',
  olympusimaging: 'Olympus',
  victorcompanyofjapan: 'JVC',
  konicaminoltacamera: 'Konica Minolta',
  samsungoptoelectronics: 'Samsung',
};

// Words that end a vendor's legal name and are no part of its brand.
const CORPORATE =
  /[\s,.]+(&|ltda|k\.?k|s\.p\.a|inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|ag|sa|s\.a|spa|bv|b\.v|nv|plc|pte|pty|oy|ab|as|kg|srl|sas|kk|technology|technologies|tech|semiconductor|semiconductors|electronics|electronic|international|industries|industrial|computer|computers|systems|microsystems|group|holdings|communications|components|mfg|manufacturing|enterprise|enterprises|products|america|usa|japan|europe|taiwan|korea|china)\.?$/i;

/** The brand a vendor name stands for, and whether it was shortened from a longer legal name. */
export function cleanBrand(vendor) {
  const raw = vendor
    .replace(/\[hex\]|\(wrong id\)/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const known = BRANDS[fold(raw)];
  if (known !== undefined) return known;
  const bracket = /\[([^\]]+)\]/.exec(raw);
  if (bracket) return cleanBrand(bracket[1].split('/')[0]);
  let brand = raw.replace(/\([^)]*\)/g, ' ').split(/,|\s\/\s/)[0];
  brand = brand.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 4; i++) {
    const shorter = brand.replace(CORPORATE, '').trim();
    if (shorter === brand || shorter.length < 3 || /\b(of|and|&|de|e|the|for)$/i.test(shorter))
      break;
    brand = shorter;
  }
  return BRANDS[fold(brand)] ?? brand.replace(/\.com$/i, '').replace(/[.,]+$/, '');
}

const GENERIC = new Set(
  [
    'unknown',
    'other',
    'device',
    'generic',
    'reserved',
    'usbhub',
    'hub',
    'massstorage',
    'massstoragedevice',
    'camera',
    'webcam',
    'printer',
    'scanner',
    'mouse',
    'keyboard',
    'modem',
    'audio',
    'storage',
    'diskdrive',
    'flashdrive',
    'cardreader',
    'composite',
    'compositedevice',
    'bootloader',
    'receiver',
    'tablet',
    'phone',
    'mtp',
    'ptp',
    'controller',
    'hostcontroller',
    'bridge',
    'adapter',
    'ethernetadapter',
    'serialport',
    'usbserial',
    'test',
    'demo',
    'dummy',
    'prototype',
    'engineeringsample',
  ].map(fold),
);

const MOJIBAKE = /Ã.|Â.|â€|\uFFFD|Ð.|Ñ.|\?\?/;
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\p{Zs}]+$/u;

/** A source's name made tidy: trademark signs gone, spacing collapsed; null when unusable. */
export function cleanName(name, brand) {
  let n = name
    .replace(/[™®©]|\((?:R|TM|C)\)/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-,:;/ ]+|[-,:;/ ]+$/g, '');
  // The brand written again at the start of the name: "Canon EF 50mm" under Canon.
  const words = n.split(' ');
  const brandWords = brand.split(' ').length;
  if (words.length > brandWords && fold(words.slice(0, brandWords).join(' ')) === fold(brand)) {
    n = words.slice(brandWords).join(' ');
  }
  const f = fold(n);
  if (n.length < 2 || f.length < 2 || n.length > 80) return null;
  if (MOJIBAKE.test(n) || !LATIN.test(n) || !LATIN.test(brand)) return null;
  if (f === fold(brand) || GENERIC.has(f)) return null;
  if (/^0x[0-9a-f]+$/i.test(n) || (/^[0-9a-f]{4,}$/.test(n) && /[a-f]/.test(n) && /\d/.test(n)))
    return null;
  if (/\b(unknown|reserved|placeholder|engineering sample|not used|unused)\b/i.test(n)) return null;
  if (/[<>{}\\|?]|\.\.\.|^\d+$/.test(n) && !/^\d{3,5}$/.test(n)) return null;
  return n;
}

/** A catalog id from a brand and a name: a-z0-9 and hyphens, at most 120 characters. */
export function slug(brand, name) {
  const s = `${brand} ${name}`
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s.slice(0, 110).replace(/-+$/, '');
}
