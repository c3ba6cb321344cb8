import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from './categories';
import { classify } from './classify';
import { linkVendor, matchProperty, matchVendor } from './match';
import { normalizeVendorKey } from './text-keys';

describe('DEFAULT_CATEGORIES', () => {
  it('has at least 20 categories with unique kebab-case codes', () => {
    const codes = DEFAULT_CATEGORIES.map((c) => c.code);
    expect(codes.length).toBeGreaterThanOrEqual(20);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});

describe('classify', () => {
  it('files a drain-cleaning invoice under plumbing', () => {
    const r = classify({
      vendorName: 'Northside Drain Experts',
      lineDescriptions: ['Clear clogged kitchen drain', 'Replace leaking water heater valve'],
    });
    expect(r.categoryCode).toBe('plumbing');
    expect(r.source).toBe('model');
    expect(r.confidence).toBeGreaterThan(0.5);
  });

  it('tells snow removal from landscaping and utilities from insurance', () => {
    expect(
      classify({
        vendorName: 'Polar Plow Co',
        lineDescriptions: ['Plowing and salting of parking lot after storm'],
      }).categoryCode,
    ).toBe('snow-removal');
    expect(
      classify({ vendorName: 'Riverside Lawn Care', lineDescriptions: ['Mowing and hedge trimming'] })
        .categoryCode,
    ).toBe('landscaping');
    expect(
      classify({ vendorName: 'Municipal Water Authority', lineDescriptions: ['Sewer usage charge'] })
        .categoryCode,
    ).toBe('utilities-water-sewer');
    expect(
      classify({ vendorName: 'Harbor Mutual', lineDescriptions: ['Liability policy premium renewal'] })
        .categoryCode,
    ).toBe('insurance');
  });

  it('gives a category per line', () => {
    const r = classify({
      vendorName: 'Handy Services',
      lineDescriptions: ['Exterminate cockroaches in unit 4', 'Paint hallway walls'],
    });
    expect(r.perLine.map((l) => l.categoryCode)).toEqual(['pest-control', 'painting']);
  });

  it("uses the organisation's correction for a vendor it has corrected before", () => {
    const input = { vendorName: 'ACME Plumbing, Inc.', lineDescriptions: ['Drain cleaning'] };
    expect(classify(input).categoryCode).toBe('plumbing');

    const r = classify(input, {
      vendorCategory: { [normalizeVendorKey('Acme Plumbing LLC')]: 'repairs-maintenance' },
    });

    expect(r).toMatchObject({ categoryCode: 'repairs-maintenance', source: 'org-memory' });
  });

  it('answers only with categories of the given chart', () => {
    const chart = DEFAULT_CATEGORIES.filter((c) => c.code !== 'plumbing');
    const r = classify({ vendorName: 'Roto-Rooter', lineDescriptions: ['Drain cleaning'] }, undefined, chart);
    expect(r.categoryCode).not.toBe('plumbing');
    expect(chart.map((c) => c.code)).toContain(r.categoryCode);
  });

  it('answers nothing when no word is known', () => {
    expect(classify({ vendorName: 'Zyxw', lineDescriptions: ['qqq'] })).toMatchObject({
      categoryCode: null,
      confidence: 0,
      source: 'none',
    });
  });
});

describe('matchVendor', () => {
  const vendors = [
    { id: 'v1', name: 'Acme Plumbing LLC' },
    { id: 'v2', name: 'Brightline Electrical Contractors' },
  ];

  it('matches despite case, punctuation, legal suffix and an OCR slip', () => {
    expect(matchVendor('ACME PLUMBING, INC.', vendors)).toEqual({ vendorId: 'v1', score: 1 });
    const slip = matchVendor('Brightline Electrica1 Contractors', vendors);
    expect(slip?.vendorId).toBe('v2');
    expect(slip?.score).toBeGreaterThan(0.9);
  });

  it('returns null for an unknown vendor', () => {
    expect(matchVendor('Northwind Landscaping', vendors)).toBeNull();
  });
});

describe('matchProperty', () => {
  const properties = [
    { id: 'p1', name: 'Maple Court', address: '120 Maple Street, Springfield, IL 62701' },
    { id: 'p2', name: 'Oak Towers', address: '45 Oak Avenue, Springfield, IL 62702' },
  ];

  it('matches a service address written with abbreviations', () => {
    expect(matchProperty('Service address: 120 Maple St, Springfield IL 62701', properties)?.propertyId).toBe(
      'p1',
    );
  });

  it('does not match the right street with another house number', () => {
    expect(matchProperty('121 Maple St, Springfield IL', properties)).toBeNull();
  });

  it('matches by property name', () => {
    expect(matchProperty('Job site: Oak Towers lobby', properties)?.propertyId).toBe('p2');
  });
});

describe('linkVendor', () => {
  const vendors = [
    {
      id: 'v1',
      name: 'Acme Plumbing Inc.',
      email: 'billing@acme.test',
      phone: '+1 (555) 010-2000',
      address: '12 Harbor Street, Springfield',
      taxId: '12-3456789',
    },
    { id: 'v2', name: 'Zed Electric', email: null, phone: null, address: null, taxId: null },
  ];

  it('links by a close name, keeping the score', () => {
    expect(linkVendor({ name: 'ACME PLUMBING, LLC' }, vendors)).toEqual({
      vendorId: 'v1',
      score: 1,
      by: 'name',
    });
    expect(linkVendor({ name: 'Zed Electrc' }, vendors)).toMatchObject({ vendorId: 'v2', by: 'name' });
  });

  it('links a renamed vendor by its tax id, e-mail, phone or street address', () => {
    expect(linkVendor({ name: 'AP Services', taxId: '123456789' }, vendors)).toEqual({
      vendorId: 'v1',
      score: 1,
      by: 'taxId',
    });
    expect(linkVendor({ name: 'Other', email: 'Billing@Acme.test ' }, vendors)?.by).toBe('email');
    expect(linkVendor({ name: 'Other', phone: '555.010.2000' }, vendors)).toEqual({
      vendorId: 'v1',
      score: 0.95,
      by: 'phone',
    });
    expect(linkVendor({ name: 'Other', address: '12 Harbor St Springfield' }, vendors)).toMatchObject({
      vendorId: 'v1',
      by: 'address',
    });
  });

  it('links nothing when no detail is close enough', () => {
    expect(
      linkVendor(
        { name: 'Globex', phone: '555 999 1234', address: '14 Harbor Street, Springfield' },
        vendors,
      ),
    ).toBeNull();
    expect(linkVendor({}, vendors)).toBeNull();
  });
});

describe('learning from an organization’s corrections', () => {
  it('files another vendor’s invoice by the words of lines a reviewer filed before', () => {
    const input = {
      vendorName: 'Quorvex Partners',
      lineDescriptions: ['Quorvex lift modernization phase two'],
    };
    const before = classify(input, { vendorCategory: {} });
    expect(before.categoryCode).not.toBe('elevator');
    const memory = {
      vendorCategory: {},
      examples: [
        {
          vendorName: 'Other Co',
          lineDescriptions: ['Quorvex lift modernization phase one'],
          categoryCode: 'elevator',
        },
      ],
    };
    expect(classify(input, memory)).toMatchObject({ categoryCode: 'elevator', source: 'model' });
  });
});
