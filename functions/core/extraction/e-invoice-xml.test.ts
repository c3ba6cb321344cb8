import { describe, expect, it } from 'vitest';
import { ciiXml, expectedFields, SAMPLE_E_INVOICE, ublXml } from './e-invoice.fixture';
import { MAX_E_INVOICE_XML_BYTES, parseEInvoiceXml } from './e-invoice-xml';

const bytes = (s: string) => new TextEncoder().encode(s);
const credit = { ...SAMPLE_E_INVOICE, typeCode: '381', number: 'BW-CN-0007' };

describe('parseEInvoiceXml', () => {
  it('reads every field and line of a Factur-X / ZUGFeRD 2.x CII invoice', () => {
    const parsed = parseEInvoiceXml(bytes(ciiXml(SAMPLE_E_INVOICE)));

    expect(parsed).toEqual({
      ...expectedFields(SAMPLE_E_INVOICE),
      syntax: 'CII',
      creditNote: false,
      amountDue: SAMPLE_E_INVOICE.due,
    });
  });

  it('gives a CII credit note (type 381) negative amounts', () => {
    const parsed = parseEInvoiceXml(bytes(ciiXml(credit)));

    expect(parsed).toMatchObject({ ...expectedFields(credit), creditNote: true, amountDue: -credit.due });
  });

  it('keeps the grand total as the total when prepayments leave less to pay', () => {
    const parsed = parseEInvoiceXml(bytes(ciiXml({ ...SAMPLE_E_INVOICE, due: 219.95 })));

    expect(parsed).toMatchObject({ totalAmount: SAMPLE_E_INVOICE.grand, amountDue: 219.95 });
  });

  it('reads a UBL invoice (XRechnung) and a UBL credit note', () => {
    expect(parseEInvoiceXml(bytes(ublXml(SAMPLE_E_INVOICE)))).toEqual({
      ...expectedFields(SAMPLE_E_INVOICE),
      syntax: 'UBL',
      creditNote: false,
      amountDue: SAMPLE_E_INVOICE.due,
    });
    expect(parseEInvoiceXml(bytes(ublXml({ ...credit, typeCode: '381' }, 'CreditNote')))).toEqual({
      ...expectedFields(credit),
      syntax: 'UBL',
      creditNote: true,
      amountDue: -credit.due,
    });
  });

  it('reads a ZUGFeRD 1.0 CrossIndustryDocument, deriving a unit price it does not state', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:HeaderExchangedDocument><ram:ID>77-0031</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240902</udt:DateTimeString></ram:IssueDateTime></rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>Nordlicht Gebäudereinigung KG</ram:Name>
      <ram:PostalTradeAddress><ram:PostcodeCode>01067</ram:PostcodeCode><ram:LineOne>Elbufer 3</ram:LineOne><ram:CityName>Dresden</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
    </ram:SellerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">90.00</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount currencyID="EUR">90.00</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">17.10</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="EUR">107.10</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>
    <ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument/>
      <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="HUR">4.0000</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
      <ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">90.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement>
      <ram:SpecifiedTradeProduct><ram:Name>Glass cleaning
 stairwell</ram:Name></ram:SpecifiedTradeProduct>
    </ram:IncludedSupplyChainTradeLineItem>
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;

    expect(parseEInvoiceXml(bytes(xml))).toEqual({
      syntax: 'CII',
      creditNote: false,
      vendorName: 'Nordlicht Gebäudereinigung KG',
      vendorAddress: 'Elbufer 3, 01067 Dresden, DE',
      vendorEmail: null,
      vendorPhone: null,
      invoiceNumber: '77-0031',
      invoiceDate: '2024-09-02',
      dueDate: null,
      subtotal: 90,
      taxAmount: 17.1,
      totalAmount: 107.1,
      amountDue: null,
      currency: 'EUR',
      lineItems: [{ description: 'Glass cleaning stairwell', quantity: 4, unitPrice: 22.5, totalPrice: 90 }],
    });
  });

  it('keeps the lowest lines of nested sub-invoice lines, whose totals make the sum of lines', () => {
    const line = (id: string, parent: string | null, status: string, name: string, total: string) => `
      <ram:IncludedSupplyChainTradeLineItem>
        <ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID>${parent ? `<ram:ParentLineID>${parent}</ram:ParentLineID>` : ''}<ram:LineStatusReasonCode>${status}</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument>
        <ram:SpecifiedTradeProduct><ram:Name>${name}</ram:Name></ram:SpecifiedTradeProduct>
        <ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${total}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
      </ram:IncludedSupplyChainTradeLineItem>`;
    const xml = ciiXml({ ...SAMPLE_E_INVOICE, lines: [] }).replace(
      '<rsm:SupplyChainTradeTransaction>',
      `<rsm:SupplyChainTradeTransaction>${line('1', null, 'GROUP', 'Maintenance', '605.00')}${line('1.1', '1', 'DETAIL', 'Lift', '480.00')}${line('1.2', '1', 'DETAIL', 'Door sensor', '125.00')}${line('2', null, 'INFORMATION', 'Next visit in June', '0.00')}`,
    );

    expect(parseEInvoiceXml(bytes(xml))?.lineItems.map((l) => [l.description, l.totalPrice])).toEqual([
      ['Lift', 480],
      ['Door sensor', 125],
    ]);
  });

  it('decodes character references and the XML entities in names', () => {
    const xml = ciiXml(SAMPLE_E_INVOICE).replace(
      SAMPLE_E_INVOICE.seller.name,
      'M&#252;ller &amp; S&#xF6;hne',
    );

    expect(parseEInvoiceXml(bytes(xml))?.vendorName).toBe('Müller & Söhne');
  });

  it('refuses malformed XML, a DTD with entities, an oversized file and a root that is no e-invoice', () => {
    const good = ciiXml(SAMPLE_E_INVOICE);
    const bomb =
      `<?xml version="1.0"?><!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${good.slice(good.indexOf('<rsm:CrossIndustryInvoice'))}`.replace(
        'BW-2025-0412',
        '&b;',
      );
    const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${good.slice(good.indexOf('<rsm:'))}`;

    expect(parseEInvoiceXml(bytes(good.slice(0, good.length / 2)))).toBeNull();
    expect(parseEInvoiceXml(bytes(bomb))).toBeNull();
    expect(parseEInvoiceXml(bytes(external))).toBeNull();
    expect(parseEInvoiceXml(bytes(ciiXml(SAMPLE_E_INVOICE, MAX_E_INVOICE_XML_BYTES)))).toBeNull();
    expect(parseEInvoiceXml(bytes('<?xml version="1.0"?><Order><ID>1</ID></Order>'))).toBeNull();
    expect(parseEInvoiceXml(new Uint8Array([0xff, 0x00, 0x3c, 0x3e]))).toBeNull();
  });
});
