// Readers of the printer, scanner, camera, lens and tablet databases, each giving records
// { brand, name, aliases, category, source, vendor } like sources.mjs. See README.md beside this
// file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanBrand, fold } from './clean.mjs';
import { MODE_NOTE } from './sources.mjs';

const utf8 = (file) => readFileSync(file, 'utf8');

/** foomatic-db: one XML file a printer, <make> and <model>. */
export function readFoomatic(dir) {
  const out = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.xml')) continue;
    const xml = utf8(path.join(dir, f));
    const make = /<make>([^<]+)<\/make>/.exec(xml);
    const model = /<model>([^<]+)<\/model>/.exec(xml);
    if (!make || !model) continue;
    const vendor = make[1].trim();
    if (/^generic$/i.test(vendor)) continue;
    out.push({
      brand: cleanBrand(vendor),
      name: model[1].trim(),
      aliases: [],
      category: 'printer',
      source: 'foomatic-db',
      vendor,
    });
  }
  return out;
}

const TWO_WORD = new Set([
  'packardbell',
  'konicaminolta',
  'hewlettpackard',
  'sonyericsson',
  'texasinstruments',
  'nationalsemiconductor',
  'bando',
  'lenovomotorola',
]);

/** Splits "Vendor Model words" into the vendor as written and the rest. */
function splitVendor(label) {
  const words = label
    .trim()
    .replace(/^(\S+),? (?:Inc\.?|Corp\.?|Corporation|Ltd\.?|Co\.?)(?: \(for [^)]+\))?\s/i, '$1 ')
    .split(/\s+/);
  const n = words.length > 2 && TWO_WORD.has(fold(words.slice(0, 2).join(' '))) ? 2 : 1;
  return { vendor: words.slice(0, n).join(' '), name: words.slice(n).join(' ') };
}

/** A udev hwdb file whose comments name the devices of the match lines below them. */
function hwdbEntries(file) {
  const lines = utf8(file).split('\n');
  const out = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const m = /^# (.+)$/.exec(lines[i]);
    if (!m || !/^usb:v[0-9A-Fa-f]{4}p/.test(lines[i + 1])) continue;
    let j = i + 2;
    const props = [];
    while (j < lines.length && lines[j].startsWith(' ')) props.push(lines[j++].trim());
    out.push({ label: m[1].trim(), props });
  }
  return out;
}

/** sane-backends' hwdb (libsane1): scanners, "Vendor Model | Vendor Model" a USB id. */
export function readSane(file) {
  const out = [];
  for (const { label } of hwdbEntries(file)) {
    for (const one of label.split(' | ')) {
      const { vendor, name } = splitVendor(one);
      if (!/^[A-Z][\w&/-]+$/i.test(vendor.replace(' ', ''))) continue;
      out.push({
        brand: cleanBrand(vendor),
        name,
        aliases: [],
        category: 'scanner',
        source: 'sane-backends',
        vendor,
      });
    }
  }
  return out;
}

/** libgphoto2's hwdb: cameras, and media players and phones that talk PTP or MTP. */
export function readGphoto(file) {
  const out = [];
  for (const { label, props } of hwdbEntries(file)) {
    const clean = label
      .replace(MODE_NOTE, '')
      .replace(/\s+(MTP|PTP|ADB|RNDIS|UMS|CDROM)([+/ ]+(MTP|PTP|ADB|RNDIS|UMS|CDROM))*\s*$/i, '')
      .replace(/^(\S+) (Electronics|Mobile) (Inc\.?|Ltd\.?|Co\.?|Corp\.?)\s+/i, '$1 ');
    const { vendor, name } = splitVendor(clean);
    if (!/^[A-Za-z][A-Za-z&-]+$/.test(vendor)) continue;
    const category = props.includes('ID_MEDIA_PLAYER=1') ? 'media player/phone' : 'camera';
    out.push({
      brand: cleanBrand(vendor),
      name: name.trim(),
      aliases: [],
      category,
      source: 'libgphoto2',
      vendor,
    });
  }
  return out;
}

/** lensfun's XML database: lenses and cameras, <maker> and <model>. */
export function readLensfun(dir) {
  const out = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.xml')) continue;
    const xml = utf8(path.join(dir, f));
    for (const [, tag, body] of xml.matchAll(/<(lens|camera)>([\s\S]*?)<\/\1>/g)) {
      const maker = /<maker>([^<]+)<\/maker>/.exec(body);
      const en = /<model lang="en">([^<]+)<\/model>/.exec(body);
      const model = en ?? /<model>([^<]+)<\/model>/.exec(body);
      if (!maker || !model || /^generic$/i.test(maker[1].trim())) continue;
      const category = tag === 'lens' ? 'camera lens' : 'camera';
      const vendor = maker[1].trim();
      const [name, ...aliases] = model[1].split(' / ').map((m) => m.trim());
      out.push({ brand: cleanBrand(vendor), name, aliases, category, source: 'lensfun', vendor });
    }
  }
  return out;
}

/** exiftool's Canon model ids: "PowerShot S300 / Digital IXUS 300 / IXY Digital 300". */
export function readExiftoolCanon(file) {
  const pm = utf8(file);
  const table = /%canonModelID = \(([\s\S]*?)\n\);/.exec(pm);
  const out = [];
  for (const [, names] of (table ? table[1] : '').matchAll(/=>\s*'([^']+)'/g)) {
    const [name, ...aliases] = names.split(' / ').map((s) => s.trim());
    out.push({
      brand: 'Canon',
      name,
      aliases,
      category: 'camera',
      source: 'exiftool',
      vendor: 'Canon',
    });
  }
  return out;
}

const TABLET_BRANDS = new Set([
  'wacom',
  'huion',
  'xppen',
  'gaomon',
  'waltop',
  'ugee',
  'veikk',
  'parblo',
  'dell',
  'lenovo',
  'hp',
  'samsung',
  'microsoft',
  'elan',
  'ntrig',
  'asus',
  'acer',
  'fujitsu',
  'toshiba',
  'panasonic',
  'google',
  'gechic',
  'xencelabs',
  'dialogic',
]);

/** libwacom's .tablet files: Name= and ModelName= (the model code, a real alias). */
export function readWacom(dir) {
  const out = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.tablet')) continue;
    const ini = utf8(path.join(dir, f));
    const name = /^Name=(.+)$/m.exec(ini)?.[1].trim();
    const model = /^ModelName=(.+)$/m.exec(ini)?.[1].trim();
    if (!name || /\b(?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]{4}$/.test(name)) continue; // a touch panel's USB id
    const first = name.split(' ')[0];
    let brand;
    if (TABLET_BRANDS.has(fold(first))) brand = cleanBrand(first);
    else if (/Wacom/.test(name) || /usb\|056a/i.test(ini)) brand = 'Wacom';
    else continue;
    const aliases = model && fold(model) !== fold(name) ? [model] : [];
    out.push({
      brand,
      name,
      aliases,
      category: 'drawing tablet',
      source: 'libwacom',
      vendor: brand,
    });
  }
  return out;
}
