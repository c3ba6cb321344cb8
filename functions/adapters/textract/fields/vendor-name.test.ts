import { describe, expect, it } from 'vitest';
import { cleanVendorName, hasOnlyLegalWords } from './vendor-name';

describe('cleanVendorName', () => {
  it('ends the name at its legal form when a separator and an address follow', () => {
    expect(cleanVendorName('Au bon moulin SARL - 1242 chemin de l’olive - 84340 Malaucène')).toBe(
      'Au bon moulin SARL',
    );
    // OCR lost the spaces around the dash.
    expect(cleanVendorName('Aubonmoulin SARL-1242 chemin de Tolive-84340 Malaucene-France')).toBe(
      'Aubonmoulin SARL',
    );
    expect(cleanVendorName('Nordlicht GmbH | Hafenstraße 20')).toBe('Nordlicht GmbH');
  });

  it('keeps hyphens inside words and a legal form of several parts', () => {
    expect(cleanVendorName('Anglia Co-operative Society')).toBe('Anglia Co-operative Society');
    expect(cleanVendorName('Grundbesitz GmbH & Co. KG - Verwaltung')).toBe('Grundbesitz GmbH & Co. KG');
  });
});

describe('hasOnlyLegalWords', () => {
  it('tells a bare legal form from a name with one', () => {
    expect(hasOnlyLegalWords(' GmbH')).toBe(true);
    expect(hasOnlyLegalWords('SDN BHD')).toBe(true);
    expect(hasOnlyLegalWords('Lieferant GmbH')).toBe(false);
    expect(hasOnlyLegalWords('')).toBe(false);
  });
});
