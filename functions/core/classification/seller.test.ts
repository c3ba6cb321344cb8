import { describe, expect, it } from 'vitest';
import { addressKey, sameStreet } from './address-key';
import { matchProperty } from './match';
import { chooseSeller, isBuyerName, type KnownSeller } from './seller';

const buyer = {
  names: ['Maple Property Holdings LLC', 'Oak Terrace'],
  addresses: ['12 North Main Street, Springfield, MA 01101'],
};
const acme: KnownSeller = {
  id: 'V1',
  name: 'Acme Plumbing',
  phone: '(555) 010-2000',
  email: 'billing@acmeplumbing.com',
  taxId: '12-3456789',
  address: '400 Industrial Pkwy, Springfield, MA 01104',
};
const bolt: KnownSeller = { id: 'V2', name: 'Bolt Electric', website: 'https://www.boltelectric.net' };
const read = (name: string | null, confidence = 0.9) => ({ name, confidence });

describe('the buyer is never the seller', () => {
  it('knows the organization, its legal names and its properties as the buyer, however they are printed', () => {
    expect(isBuyerName('MAPLE PROPERTY HOLDINGS, L.L.C.', buyer)).toBe(true);
    expect(isBuyerName('Oak Terrace', buyer)).toBe(true);
    expect(isBuyerName('12 N Main St', buyer)).toBe(true);
    expect(isBuyerName('Acme Plumbing', buyer)).toBe(false);
  });

  it("takes the reading's next candidate when its pick is the buyer, less surely", () => {
    const choice = chooseSeller(
      read('Maple Property Holdings LLC'),
      { sellerNames: ['Maple Property Holdings LLC', 'Oak Terrace', 'Fresh Cuts Landscaping'], text: '' },
      buyer,
      [],
    );
    expect(choice.vendorName).toBe('Fresh Cuts Landscaping');
    expect(choice.confidence).toBeLessThan(0.9);
    expect(choice.link).toBeNull();
  });

  it('leaves the name empty rather than naming the buyer when no other candidate is read', () => {
    const choice = chooseSeller(read('Oak Terrace'), { sellerNames: [], text: '' }, buyer, []);
    expect(choice.vendorName).toBeNull();
  });
});

describe('the vendor master is evidence for the seller', () => {
  const page = (text: string) => ({ sellerNames: ['Your Account Summary'], text });

  it.each([
    ['its phone number', 'Questions? Call 555.010.2000 any day', 'phone'],
    ['its e-mail address', 'Contact billing@acmeplumbing.com', 'email'],
    ['its tax ID', 'EIN 12-3456789', 'taxId'],
    ['its address', 'Remit to: 400 Industrial Parkway\nSpringfield MA 01104', 'address'],
  ])('links a vendor by %s printed on the page and shows its master name', (words, text, by) => {
    const choice = chooseSeller(read('Your Account Summary', 0.5), page(text), buyer, [acme, bolt]);
    expect(choice.vendorName).toBe('Acme Plumbing');
    expect(choice.link).toMatchObject({ vendorId: 'V1', by });
    expect(choice.note).toBe(`Linked to Acme Plumbing by ${words}.`);
  });

  it("links by the vendor's web domain, and by the e-mail the invoice came from", () => {
    expect(
      chooseSeller(read(null), page('Pay online at boltelectric.net/pay'), buyer, [acme, bolt]).link,
    ).toMatchObject({
      vendorId: 'V2',
      by: 'website',
    });
    const sent = chooseSeller(read(null), page('Invoice'), buyer, [acme, bolt], 'Ann <ann@acmeplumbing.com>');
    expect(sent).toMatchObject({ vendorName: 'Acme Plumbing', link: { vendorId: 'V1', by: 'sender' } });
    expect(sent.note).toBe('Linked to Acme Plumbing by the e-mail it was sent from.');
  });

  it('keeps a layout name that is itself a known vendor, and a new name when nothing known is printed', () => {
    const known = chooseSeller(read('Bolt Electric'), page('Call 555 010 2000'), buyer, [acme, bolt]);
    expect(known).toMatchObject({ vendorName: 'Bolt Electric', link: { vendorId: 'V2', by: 'name' } });
    const fresh = chooseSeller(read('Fresh Cuts Landscaping'), page('Thank you'), buyer, [acme, bolt]);
    expect(fresh).toMatchObject({ vendorName: 'Fresh Cuts Landscaping', link: null, note: null });
  });

  it('does not pick between two vendors found equally surely', () => {
    const twin = { ...bolt, id: 'V3', name: 'Bolt Two', phone: '555-010-2000' };
    const choice = chooseSeller(read('Header Words'), page('Call 555-010-2000'), buyer, [acme, twin]);
    expect(choice.vendorName).toBe('Header Words');
  });
});

describe('property from the address', () => {
  const properties = [
    { id: 'P1', name: 'Maple Court', address: '12 North Main Street, Springfield, MA 01101' },
    { id: 'P2', name: 'Oak Terrace', address: '12 Main Street, Boston, MA 02108' },
  ];

  it('compares street number, street name and zip, however the address is formatted', () => {
    expect(sameStreet(addressKey('12 N MAIN ST APT 3'), addressKey('12 North Main Street'))).toBe(true);
    expect(sameStreet(addressKey('12 Main St 02108'), addressKey('12 Main Street, Springfield 01101'))).toBe(
      false,
    );
    const match = matchProperty('SERVICE ADDRESS\n12 MAIN ST APT 2\nBOSTON MA 02108-1234', properties);
    expect(match).toMatchObject({ propertyId: 'P2', by: 'address' });
    expect(match!.score).toBeGreaterThanOrEqual(0.95);
    // The zip tells the two Main Streets apart when the street words alone would not.
    expect(matchProperty('12 Main St\nSpringfield MA 01101', properties)).toMatchObject({ propertyId: 'P1' });
  });
});
