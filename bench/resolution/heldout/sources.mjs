// Readers of pci.ids and usb.ids, each giving records { brand, name, aliases, category, source,
// vendor } where vendor is the maker as the source writes it. Names are raw here: pool.mjs
// cleans them. See README.md beside this file.
import { readFileSync } from 'node:fs';
import { cleanBrand } from './clean.mjs';

const text = (file) => readFileSync(file, 'latin1').toString();

const GPU =
  /GeForce|Quadro|Tesla|TITAN|Radeon|FirePro|FireGL|Instinct|\bArc\b|Iris|Graphics|RTX|GRID|\bNVS\b/;
const NOT_GPU =
  /Audio|HDMI|USB|Controller|Bridge|\bPCI|Host|SMBus|SATA|Serial|Thermal|DRAM|Root|Function|Secondary|\bPort\b|Engine|Processor|Northbridge|Chipset|Memory|Virtual|Display Device \d/i;
const PCI_KINDS = [
  [/Ethernet|Network|Gigabit|10GbE|Wireless|Wi-?Fi|WLAN|802\.11|\bLAN\b/i, 'network adapter'],
  [/NVMe|\bSSD\b|SATA|RAID|\bSAS\b|Fibre Channel|Storage|\bHBA\b/i, 'storage controller'],
  [/Audio|Sound ?Blaster|Sound Card/i, 'sound card'],
  [/TV Tuner|Video Capture|Capture Card/i, 'capture card'],
];

/** Bracketed marketing names ("GP104 [GeForce GTX 1080]"): the name and its alternatives. */
function marketing(name) {
  const m = /\[([^\]]+)\]\s*$/.exec(name);
  const inner = m ? m[1] : name;
  const [first, ...rest] = inner.split(' / ').map((s) => s.trim());
  const real = (a) => /\d/.test(a) && a.length >= 3 && !/rebrand|series/i.test(a);
  return { name: first, aliases: rest.filter(real) };
}

/** pci.ids: GPUs of NVIDIA, AMD and Intel, add-in boards of other brands, other controllers. */
export function readPci(file) {
  const lines = text(file).split('\n');
  const vendors = new Map();
  for (const line of lines) {
    if (line.startsWith('C ')) break;
    const v = /^([0-9a-f]{4})\s+(.+)$/.exec(line);
    if (v) vendors.set(v[1], v[2].trim());
  }
  const out = [];
  let vendor = null;
  let gpu = null;
  for (const line of lines) {
    if (line.startsWith('C ')) break;
    const v = /^([0-9a-f]{4})\s+(.+)$/.exec(line);
    if (v) {
      vendor = v[1];
      gpu = null;
      continue;
    }
    const d = /^\t([0-9a-f]{4})\s+(.+)$/.exec(line);
    if (d && vendor !== null) {
      const raw = d[2].trim();
      const { name, aliases } = marketing(raw);
      const chip = ['10de', '1002', '8086'].includes(vendor);
      const brand = cleanBrand(vendors.get(vendor));
      gpu = chip && GPU.test(name) && !NOT_GPU.test(raw) ? brand : null;
      if (gpu !== null) {
        out.push({
          brand,
          name,
          aliases,
          category: 'gpu',
          source: 'pci.ids',
          vendor: vendors.get(vendor),
        });
        continue;
      }
      const kind = PCI_KINDS.find(([re]) => re.test(raw));
      if (kind && /\d/.test(name)) {
        out.push({
          brand,
          name,
          aliases,
          category: kind[1],
          source: 'pci.ids',
          vendor: vendors.get(vendor),
        });
      }
      continue;
    }
    const s = /^\t\t([0-9a-f]{4}) ([0-9a-f]{4})\s+(.+)$/.exec(line);
    if (s && gpu !== null && vendors.has(s[1])) {
      const brand = cleanBrand(vendors.get(s[1]));
      if (brand === gpu || !/\d/.test(s[3])) continue;
      const { name, aliases } = marketing(s[3].trim());
      out.push({
        brand,
        name,
        aliases,
        category: 'graphics card',
        source: 'pci.ids',
        vendor: vendors.get(s[1]),
      });
    }
  }
  return out;
}

const USB_KINDS = [
  [/\bmouse\b|\bmice\b/i, 'mouse'],
  [/keyboard/i, 'keyboard'],
  [/headset|headphone/i, 'headset'],
  [/webcam|web ?cam/i, 'webcam'],
  [/printer/i, 'printer'],
  [/scanner/i, 'scanner'],
  [
    /flash drive|pen ?drive|thumb ?drive|card reader|\bSSD\b|hard ?drive|\bHDD\b|portable drive/i,
    'storage',
  ],
  [/wireless lan|\bWLAN\b|802\.11|wi-?fi|ethernet|network adapter/i, 'network adapter'],
  [/bluetooth/i, 'bluetooth adapter'],
  [/gamepad|joystick|game ?pad|racing wheel|controller for/i, 'game controller'],
  [/speaker|sound ?card|\bDAC\b|microphone/i, 'audio'],
  [/\bmodem\b|\bLTE\b|\bHSPA\b|\bUMTS\b/i, 'modem'],
];

export const MODE_NOTE =
  /\s*\((?:ID\s?\d+|[^)]*\b(?:mode|MTP|PTP|ADB|RNDIS|storage|debug|charging|fastboot|normal|tethering|bootloader|firmware|DFU|download)\b[^)]*)\)/gi;

// A bracket of usb.ids that names the chip inside, not the product.
const CHIP =
  /^(e\.?g\.?|ralink|realtek|rtl|intersil|prism|atheros|broadcom|bcm|zydas|zd\d|marvell|conexant|philips|cypress|prolific|ftdi|cx\d|em\d|af\d|it\d|dib|tusb|ti |via|sis|ali|uli|nec|jmicron|genesys|alcor|mediatek|mt\d|ch\d|pl\d|cp\d|sunplus|spca|ov\d|zc\d|gl\d|sonix|pixart|vimicro|chip|based|uses|with|for|probably|maybe|rev|version|firmware|mode)/i;

// A bracket that describes the device rather than naming it.
const PLAIN =
  /\b(usb|wireless|adapter|ethernet|controller|device|dual|card|reader|hub|bluetooth|keyboard|mouse|webcam|camera|interface|receiver|drive|chipset|bridge|port)\b/i;

/** usb.ids: devices whose name carries a model identity (a digit). */
export function readUsb(file) {
  const out = [];
  let vendor = null;
  for (const line of text(file).split('\n')) {
    if (line.startsWith('C ')) break;
    const v = /^([0-9a-f]{4})\s+(.+)$/.exec(line);
    if (v) {
      vendor = v[2].trim();
      continue;
    }
    const d = /^\t([0-9a-f]{4})\s+(.+)$/.exec(line);
    if (!d || vendor === null) continue;
    const raw = d[2].trim();
    if (/boot ?loader|\bDFU\b|firmware|recovery|\bmode\b/i.test(raw.replace(MODE_NOTE, '')))
      continue;
    if (/^(openmoko|linux foundation)|vendor id/i.test(vendor)) continue; // ids handed to hobby projects, not one maker's
    const bracket = /\s*\[([^\]]+)\]\s*$/.exec(raw.replace(MODE_NOTE, ''));
    const name = raw
      .replace(MODE_NOTE, '')
      .replace(/\s*\[[^\]]*\]/g, '')
      .trim();
    if (!/\d/.test(name)) continue;
    const alias = bracket?.[1].trim();
    const aliases =
      alias && /\d/.test(alias) && !CHIP.test(alias) && !PLAIN.test(alias) ? [alias] : [];
    const kind = USB_KINDS.find(([re]) => re.test(name));
    out.push({
      brand: cleanBrand(vendor),
      name,
      aliases,
      category: kind ? kind[1] : 'usb device',
      source: 'usb.ids',
      vendor,
    });
  }
  return out;
}
