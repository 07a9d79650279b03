import type { Criterion, SourceType } from '../../src/taxonomy/taxonomy.js';

// Invented review sources and retailers. Each has a fictional domain under .example.

export interface SourceSpec {
  readonly name: string;
  readonly type: SourceType;
  readonly domain: string;
  /** Systematic lean of this source's scores, in points. */
  readonly bias: number;
  /** The name as a JSON string literal. */
  readonly json: string;
}

const domainOf = (name: string): string =>
  name
    .toLowerCase()
    .replace(/^the /, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') + '.example';

const sources = (type: SourceType, names: string): SourceSpec[] =>
  names.split(', ').map((name, i) => ({
    name,
    type,
    domain: domainOf(name),
    bias: ((i * 7) % 9) - 4,
    json: JSON.stringify(name),
  }));

export const SOURCES: readonly SourceSpec[] = [
  ...sources(
    'lab_test',
    'Northfield Test Lab, Kestrel Labs, Brightline Testing, Meridian Test Bench, Calder Metrics, Halvorsen Lab, Ironbridge Testing, Ashgrove Lab, Pinecrest Benchmarks, Verity Test House',
  ),
  ...sources(
    'expert_review',
    'Gadget Ledger, The Circuit Review, Techfield Journal, Signal & Noise, Byteline Reviews, The Gear Desk, Current Review, Hardware Chronicle, Folio Tech, Review Harbor',
  ),
  ...sources(
    'user_reviews',
    'Consumer Panel Weekly, ShopperVoice, Buyer Ratings Hub, OwnerScore, Crowdrate, Verified Owners Digest, RatePlace, Homeowner Reviews, UserVerdict, Everyday Owners',
  ),
  ...sources(
    'community',
    'Gearheads Forum, The Tinker Board, Makers Thread, Open Bench Community, Tech Lounge, Upgrade Club, Hobbyist Hub, Signal Forum, Night Owl Gear Chat, Fixers Collective',
  ),
];

export interface RetailerSpec {
  readonly name: string;
  readonly domain: string;
  readonly json: string;
}

export const RETAILERS: readonly RetailerSpec[] = (
  'Brightcart, Harbor Electronics, ValueNest, Circuit Depot, Northgate Store, PixelMart, ' +
  'Urban Gadget Co, Metro Tech Outlet, Bluefin Retail, Summit Shop, Keystone Direct, ' +
  'Orchard Electronics, Lakeside Supply, Parcelpoint'
)
  .split(', ')
  .map((name) => ({ name, domain: domainOf(name), json: JSON.stringify(name) }));

/** Criteria the reviews of each source type rate: [fewest, most]. */
export const CRITERIA_PER_REVIEW: Readonly<Record<SourceType, readonly [number, number]>> = {
  lab_test: [4, 8],
  expert_review: [3, 6],
  user_reviews: [2, 4],
  community: [2, 3],
};

const LABELS: Readonly<Record<Criterion, string>> = {
  core_performance: 'performance',
  speed: 'speed',
  output_quality: 'output quality',
  energy_efficiency: 'efficiency',
  build_quality: 'build quality',
  materials: 'materials',
  comfort: 'comfort',
  portability: 'portability',
  setup: 'setup',
  ease_of_use: 'ease of use',
  controls: 'controls',
  app_software: 'the app',
  feature_set: 'features',
  connectivity: 'connectivity',
  compatibility: 'compatibility',
  customization: 'customisation',
  durability: 'durability',
  consistency: 'consistency',
  defect_rate: 'reliability',
  longevity: 'longevity',
  price_to_performance: 'value',
  running_costs: 'running costs',
  resale_value: 'resale value',
  included_extras: 'included extras',
  warranty: 'the warranty',
  customer_support: 'support',
  repairability: 'repairability',
};

/** How a review names a criterion (output_quality takes the category's own word). */
export function criterionLabel(criterion: Criterion, output: string): string {
  return criterion === 'output_quality' ? output : LABELS[criterion];
}

// Summary templates by score band, highest band first: {b} is the best-rated criterion, {w} the
// worst. The band is chosen from the review's score, so a summary never contradicts it.
type Summary = (best: string, worst: string) => string;

const compile = (template: string): Summary => {
  const parts = template.split(/(\{[bw]\})/);
  return (best, worst) => {
    let out = '';
    for (const part of parts) out += part === '{b}' ? best : part === '{w}' ? worst : part;
    return out;
  };
};

const bands: readonly { readonly min: number; readonly templates: string[] }[] = [
  {
    min: 85,
    templates: [
      'Outstanding {b}; hard to fault.',
      'Class-leading {b} with few compromises.',
      'Excellent all-rounder with standout {b}.',
      'Superb {b}; {w} is merely good.',
    ],
  },
  {
    min: 70,
    templates: [
      'Strong {b}, though {w} could be better.',
      'Very good overall; {w} is the weak spot.',
      'Impressive {b}, minor gripes with {w}.',
      'Easy to recommend for its {b}.',
    ],
  },
  {
    min: 55,
    templates: [
      'Decent {b}, but {w} holds it back.',
      'Solid but unremarkable; {w} disappoints.',
      'Mixed: good {b}, weak {w}.',
    ],
  },
  {
    min: 40,
    templates: [
      'Below par; {w} is a real problem.',
      'Fair {b} cannot offset poor {w}.',
      'Hard to love: {w} lets it down.',
    ],
  },
  {
    min: 0,
    templates: [
      'Disappointing, especially {w}.',
      'Serious issues with {w}; look elsewhere.',
      'Poor {w} and unconvincing {b}.',
    ],
  },
];

export const SUMMARY_BANDS = bands.map(({ min, templates }) => ({
  min,
  templates: templates.map(compile),
}));
