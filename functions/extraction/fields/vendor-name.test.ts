import { describe, expect, it } from 'vitest';
import { addressAfterName, cleanVendorName, hasOnlyLegalWords } from './vendor-name';

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

describe('cleanVendorName: OCR and registration numbers', () => {
  it('reads letters OCR took for digits inside words, and leaves numbers and short codes alone', () => {
    expect(cleanVendorName('URBAN 1DEA SDN BHD')).toBe('URBAN IDEA SDN BHD');
    expect(cleanVendorName('MR. D.1.Y. (M) SDN BHD')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(cleanVendorName('Rec0rd Stores Ltd')).toBe('Record Stores Ltd');
    expect(cleanVendorName('99 SPEED MART S/B')).toBe('99 SPEED MART S/B');
    expect(cleanVendorName('A1 Plumbing LLC')).toBe('A1 Plumbing LLC');
    expect(cleanVendorName('10 GRAM Gourmet SDN BHD')).toBe('10 GRAM Gourmet SDN BHD');
    expect(cleanVendorName('NO.1 PHARMACY SDN BHD')).toBe('NO.1 PHARMACY SDN BHD');
    expect(cleanVendorName('Harbor Electric Supply 1ee8c26a')).toBe('Harbor Electric Supply 1ee8c26a');
  });

  it('drops a registration number printed bare after the legal form, not a number in the name', () => {
    expect(cleanVendorName('MOONLIGHT CAKE H0USE SDN BHD 862725-U')).toBe('MOONLIGHT CAKE HOUSE SDN BHD');
    expect(cleanVendorName("KING'S CONFECTIONERY S/B 273500-U (GKJ)")).toBe("KING'S CONFECTIONERY S/B");
    expect(cleanVendorName('Triple Six Point Enterprise 666')).toBe('Triple Six Point Enterprise 666');
  });
});

describe('addressAfterName', () => {
  it("reads the address on the name's own line after a separator, dashes glued by OCR too", () => {
    expect(addressAfterName('Nordlicht GmbH • Hafenstraße 20 • D-20457 Hamburg')).toBe(
      'Hafenstraße 20, D-20457 Hamburg',
    );
    expect(addressAfterName('Boulangerie Martin SARL - 15 rue des Lilas - 69003 Lyon - France')).toBe(
      '15 rue des Lilas, 69003 Lyon, France',
    );
    expect(addressAfterName('Boulangerie Martin SARL-15 rue des Lilas-69003 Lyon-France')).toBe(
      '15 rue des Lilas, 69003 Lyon-France',
    );
  });

  it('finds none without a separator after the legal form, or without a number', () => {
    expect(addressAfterName('Anglia Co-operative Society')).toBeNull();
    expect(addressAfterName('Nordlicht GmbH')).toBeNull();
    expect(addressAfterName('Nordlicht GmbH - Ihr Partner für Technik')).toBeNull();
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
