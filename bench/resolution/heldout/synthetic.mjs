// Synthetic reviews and offers for the held-out catalog, shaped like the development set's:
// 1 to 3 reviews from fictional sources with taxonomy criteria, 0 to 2 offers on .example.

const CRITERIA = [
  'core_performance',
  'speed',
  'output_quality',
  'energy_efficiency',
  'build_quality',
  'materials',
  'comfort',
  'portability',
  'setup',
  'ease_of_use',
  'controls',
  'app_software',
  'feature_set',
  'connectivity',
  'compatibility',
  'customization',
  'durability',
  'consistency',
  'defect_rate',
  'longevity',
  'price_to_performance',
  'running_costs',
  'resale_value',
  'included_extras',
  'warranty',
  'customer_support',
  'repairability',
];

const SOURCES = [
  ['Example Lab', 'lab_test', 'lab.example'],
  ['Benchmark Bureau', 'lab_test', 'bench-bureau.example'],
  ['Gadget Critic Weekly', 'expert_review', 'critic.example'],
  ['The Review Desk', 'expert_review', 'reviewdesk.example'],
  ['Buyer Ratings Hub', 'user_reviews', 'ratings.example'],
  ['Shopper Voices', 'user_reviews', 'voices.example'],
  ['Owners Forum', 'community', 'forum.example'],
  ['Tinkerers Board', 'community', 'board.example'],
];

const RETAILERS = [
  ['Example Shop', 'https://shop.example/p/'],
  ['Sample Mart', 'https://samplemart.example/p/'],
  ['Demo Electronics', 'https://demo-electronics.example/p/'],
  ['Test Depot', 'https://testdepot.example/p/'],
  ['Placeholder Outlet', 'https://outlet.example/p/'],
];

// A typical price by category, in USD.
const PRICES = {
  printer: 240,
  scanner: 180,
  camera: 420,
  'camera lens': 550,
  gpu: 380,
  'graphics card': 330,
  'network adapter': 90,
  'storage controller': 260,
  'sound card': 80,
  'drawing tablet': 210,
  'media player/phone': 190,
};

const GOOD = ['Excellent', 'Strong', 'Very good', 'Class-leading'];
const BAD = ['mediocre', 'weak', 'disappointing', 'below average'];
const clamp = (x) => Math.max(0, Math.min(100, Math.round(x)));
const pad = (n) => String(n).padStart(2, '0');
const label = (key) => key.replaceAll('_', ' ');

function date(rng, fromYear, toYear, withHour) {
  const y = fromYear + rng.int(toYear - fromYear + 1);
  const hour = withHour ? pad(rng.int(24)) : '00';
  return `${y}-${pad(1 + rng.int(12))}-${pad(1 + rng.int(28))}T${hour}:00:00Z`;
}

export function reviews(rng, id) {
  const count = 1 + rng.int(3);
  return rng
    .shuffle(SOURCES)
    .slice(0, count)
    .map(([source, sourceType, host]) => {
      const score = 55 + rng.int(44);
      const keys = rng.shuffle(CRITERIA).slice(0, 3 + rng.int(6));
      const criteria = Object.fromEntries(keys.map((k) => [k, clamp(score + rng.int(31) - 15)]));
      const sorted = [...keys].sort((a, b) => criteria[b] - criteria[a]);
      const best = label(sorted[0]);
      const worst = label(sorted[sorted.length - 1]);
      const summary = `${rng.pick(GOOD)} ${best}; ${worst} is ${rng.pick(BAD)}.`;
      return {
        source,
        source_type: sourceType,
        score,
        summary: summary.charAt(0).toUpperCase() + summary.slice(1),
        url: `https://${host}/reviews/${id}`,
        reviewed_at: date(rng, 2024, 2026, false),
        criteria,
      };
    });
}

export function offers(rng, id, category) {
  const count = rng.int(3);
  const base = (PRICES[category] ?? 60) * (0.4 + 1.6 * rng.next());
  return rng
    .shuffle(RETAILERS)
    .slice(0, count)
    .map(([retailer, url]) => ({
      retailer_name: retailer,
      price: Math.round(base * (0.9 + 0.2 * rng.next()) * 100) / 100,
      price_as_of: date(rng, 2026, 2026, true),
      url: `${url}${id}`,
    }));
}
