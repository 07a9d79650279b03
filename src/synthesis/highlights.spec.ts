import { describe, expect, it } from '@jest/globals';
import { scoreProduct } from './criterion-scores.js';
import { strongCriteria, weakCriteria } from './highlights.js';
import { notableFacts } from './notable-facts.js';
import { config, flatPriors, offer, review } from './synthesis.fixtures.js';
import type { OfferRecord, ReviewRecord } from './synthesis.types.js';

const titles = (list: { title: string }[]) => list.map((x) => x.title);

describe('strong and weak criteria', () => {
  const lab = review('Example Lab', 'lab_test', 75, {
    speed: 90,
    comfort: 95,
    warranty: 90,
    controls: 80,
    defect_rate: 30,
    longevity: 55,
    materials: 58,
    portability: 65,
    setup: 66,
  });
  const scores = scoreProduct([lab], flatPriors(60), config);

  it('keeps the 3 strongest at 75 or more, best first, ties in taxonomy order', () => {
    // comfort 95; speed and warranty tie at 90 (speed comes first); controls 80 is 4th.
    expect(titles(strongCriteria(scores))).toEqual(['Comfort', 'Speed', 'Warranty']);
  });

  it('keeps the 3 weakest at 65 or less, weakest first', () => {
    // defect_rate 30, longevity 55, materials 58; portability 65 would be 4th; setup 66 is no weakness.
    expect(titles(weakCriteria(scores))).toEqual(['Defect record', 'Longevity', 'Materials']);
  });

  it('cites the sources each entry rests on', () => {
    expect(strongCriteria(scores)[0]).toEqual({
      title: 'Comfort',
      detail: '95/100 from 1 source (Example Lab 95); the category average is 60.',
      sources: ['Example Lab'],
    });
  });

  it('never names a criterion no source rated, however high or low its prior', () => {
    const priors = flatPriors(60);
    priors.criteria.output_quality = { mean: 95, basis: 'category_prior' };
    priors.criteria.warranty = { mean: 20, basis: 'category_prior' };
    const s = scoreProduct(
      [review('Example Lab', 'lab_test', 70, { speed: 82, comfort: 70 })],
      priors,
      config,
    );
    expect(titles(strongCriteria(s))).toEqual(['Speed']);
    expect(weakCriteria(s)).toEqual([]);
  });

  it('praises nothing below its prior, and faults what lies 10 or more below it', () => {
    // speed 80 against a category that averages 92: good in itself, weak for its kind.
    const priors = flatPriors(60);
    priors.criteria.speed = { mean: 92, basis: 'category_prior' };
    const s = scoreProduct(
      [review('Example Lab', 'lab_test', 80, { speed: 80, comfort: 70 })],
      priors,
      config,
    );
    expect(strongCriteria(s)).toEqual([]);
    expect(titles(weakCriteria(s))).toEqual(['Speed']);
  });

  it("never praises the product's lowest rated criterion", () => {
    // A coffee machine its one source rates well on everything, slowest at speed.
    const s = scoreProduct(
      [review('Brew Lab', 'lab_test', 85, { speed: 78, output_quality: 90, ease_of_use: 88 })],
      flatPriors(60),
      config,
    );
    expect(titles(strongCriteria(s))).toEqual(['Output quality', 'Ease of use']);
    // One rated criterion is its own lowest: no criterion highlight at all.
    const one = scoreProduct(
      [review('Brew Lab', 'lab_test', 85, { speed: 95 })],
      flatPriors(60),
      config,
    );
    expect(strongCriteria(one)).toEqual([]);
  });

  it('says what a score rests on: how many sources, which, and whether they agree', () => {
    const s = scoreProduct(
      [
        review('Forum Folks', 'community', 80, { output_quality: 90, comfort: 70 }),
        review('Example Lab', 'lab_test', 88, { output_quality: 91, comfort: 74 }),
      ],
      flatPriors(60, 60, 'catalog_prior'),
      config,
    );
    // (0.75*60 + 1.5*91 + 0.75*90) / 3 = 83 lies below both ratings: kept at 90, their edge.
    expect(strongCriteria(s)[0]).toEqual({
      title: 'Output quality',
      detail:
        '90/100 from 2 sources (Example Lab 91, Forum Folks 90), who agree within 1 point; ' +
        'the catalog average is 60.',
      sources: ['Example Lab', 'Forum Folks'],
    });
  });

  it('states a wide disagreement between the sources of one criterion', () => {
    const s = scoreProduct(
      [
        review('Example Lab', 'lab_test', 88, { comfort: 95, speed: 60 }),
        review('Gadget Ledger', 'expert_review', 80, { comfort: 85 }),
        review('Forum Folks', 'community', 70, { comfort: 65 }),
      ],
      flatPriors(60),
      { ...config, priorStrength: 0 },
    );
    // (1.5*95 + 1.25*85 + 0.75*65) / 3.5 = 297.5/3.5 = 85
    expect(strongCriteria(s)[0]?.detail).toBe(
      '85/100 from 3 sources (Example Lab 95, Gadget Ledger 85, Forum Folks 65), ' +
        'who disagree widely, 30 points apart; the category average is 60.',
    );
  });
});

describe('notableFacts', () => {
  const facts = (reviews: ReviewRecord[], offers: OfferRecord[]) =>
    notableFacts(scoreProduct(reviews, flatPriors(60), config), reviews, offers);
  const lab = review('Example Lab', 'lab_test', 88, { comfort: 80, speed: 70 });
  const forum = review('Forum Folks', 'community', 70, { comfort: 60 });

  it('says when there is no current offer', () => {
    expect(facts([lab, forum], [])).toEqual([
      {
        title: 'No current offer',
        detail: 'No retailer offer is listed, so there is no current price or purchase link.',
        sources: [],
      },
    ]);
  });

  it('says nothing when there are offers and sources less than 20 points apart', () => {
    expect(facts([lab, forum], [offer()])).toEqual([]);
  });

  it('says when everything rests on one source', () => {
    expect(facts([lab], [offer()])).toEqual([
      {
        title: 'Only one source',
        detail:
          'The overall score and the 2 criteria it rated rest on a single lab test (Example Lab).',
        sources: ['Example Lab'],
      },
    ]);
  });

  it('considers nothing for a product no source reviewed but the missing offer', () => {
    expect(facts([], [offer()])).toEqual([]);
    expect(titles(facts([], []))).toEqual(['No current offer']);
  });

  it('says when the overall scores are 20 or more points apart, citing both ends', () => {
    const harsh = review('Gadget Ledger', 'expert_review', 68);
    expect(facts([lab, forum, harsh], [offer()])).toEqual([
      {
        title: 'Sources disagree',
        detail:
          'Overall scores range from 68 (Gadget Ledger) to 88 (Example Lab), 20 points apart.',
        sources: ['Gadget Ledger', 'Example Lab'],
      },
    ]);
    // 88 against 68.1 is 19.9 points: not wide.
    expect(facts([lab, review('Gadget Ledger', 'expert_review', 68.1)], [offer()])).toEqual([]);
  });
});
