import { compactName, normaliseName } from './name-normaliser.js';

/**
 * A maker's part number folded for matching: `DVD-2500BT/CI`, `dvd 2500btci` and
 * `DVD2500BTCI` are one part (letters and digits only, lower case, accents dropped).
 */
export const partNumberKey = (mpn: string): string => compactName(normaliseName(mpn));
