/**
 * Made-up e-invoices written as CII (Factur-X / ZUGFeRD 2.x) and UBL (XRechnung) XML, for the tests
 * of e-invoice-xml.ts and of the PDF attachments adapter. No corpus document is copied: the seller,
 * lines and amounts are invented, and the XML carries only what the reader reads.
 */

export interface SampleLine {
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

export interface SampleEInvoice {
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  /** YYYY-MM-DD, or null for none. */
  dueDate: string | null;
  /** UNTDID 1001: 380 invoice, 381 credit note. */
  typeCode: string;
  currency: string;
  seller: {
    name: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    email: string | null;
    phone: string | null;
  };
  lines: SampleLine[];
  net: number;
  tax: number;
  grand: number;
  due: number;
}

/** A facility-services invoice: two lines, 19 % VAT. */
export const SAMPLE_E_INVOICE: SampleEInvoice = {
  number: 'BW-2025-0412',
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  typeCode: '380',
  currency: 'EUR',
  seller: {
    name: 'Brightwater Facility Services GmbH',
    street: 'Hafenweg 7',
    postcode: '20457',
    city: 'Hamburg',
    country: 'DE',
    email: 'billing@brightwater.example',
    phone: '+49 40 5550123',
  },
  lines: [
    { name: 'Quarterly lift maintenance, Building A', quantity: 1, unitPrice: 480, total: 480 },
    { name: 'Replacement door sensor', quantity: 2, unitPrice: 62.5, total: 125 },
  ],
  net: 605,
  tax: 114.95,
  grand: 719.95,
  due: 719.95,
};

const money = (n: number) => n.toFixed(2);
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The invoice as Factur-X / ZUGFeRD 2.x CII XML (`rsm:CrossIndustryInvoice`); `padding` adds a note of that many characters. */
export function ciiXml(x: SampleEInvoice, padding = 0): string {
  const date = (iso: string) =>
    `<udt:DateTimeString format="102">${iso.replace(/-/g, '')}</udt:DateTimeString>`;
  const lines = x.lines
    .map(
      (l, i) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${xmlText(l.name)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>${money(l.unitPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity.toFixed(4)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(l.total)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  const contact =
    x.seller.email || x.seller.phone
      ? `<ram:DefinedTradeContact>${x.seller.phone ? `<ram:TelephoneUniversalCommunication><ram:CompleteNumber>${x.seller.phone}</ram:CompleteNumber></ram:TelephoneUniversalCommunication>` : ''}${x.seller.email ? `<ram:EmailURIUniversalCommunication><ram:URIID>${x.seller.email}</ram:URIID></ram:EmailURIUniversalCommunication>` : ''}</ram:DefinedTradeContact>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${x.number}</ram:ID>
    <ram:TypeCode>${x.typeCode}</ram:TypeCode>
    <ram:IssueDateTime>${date(x.issueDate)}</ram:IssueDateTime>
    ${padding > 0 ? `<ram:IncludedNote><ram:Content>${'x'.repeat(padding)}</ram:Content></ram:IncludedNote>` : ''}
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>${xmlText(x.seller.name)}</ram:Name>
        ${contact}
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>${x.seller.postcode}</ram:PostcodeCode>
          <ram:LineOne>${xmlText(x.seller.street)}</ram:LineOne>
          <ram:CityName>${xmlText(x.seller.city)}</ram:CityName>
          <ram:CountryID>${x.seller.country}</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE999999999</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Harborview Property Management</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${x.currency}</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${money(x.tax)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>${money(x.net)}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      ${x.dueDate ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime>${date(x.dueDate)}</ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : ''}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${money(x.net)}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${money(x.net)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${x.currency}">${money(x.tax)}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${money(x.grand)}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${money(x.due)}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** The invoice as UBL 2.1 XML (XRechnung UBL): `Invoice`, or `CreditNote` for a credit note. */
export function ublXml(x: SampleEInvoice, root: 'Invoice' | 'CreditNote' = 'Invoice'): string {
  const lineName = root === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = root === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const lines = x.lines
    .map(
      (l, i) => `
  <cac:${lineName}>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${quantityName} unitCode="C62">${l.quantity}</cbc:${quantityName}>
    <cbc:LineExtensionAmount currencyID="${x.currency}">${money(l.total)}</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>${xmlText(l.name)}</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${x.currency}">${money(l.unitPrice)}</cbc:PriceAmount></cac:Price>
  </cac:${lineName}>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ID>${x.number}</cbc:ID>
  <cbc:IssueDate>${x.issueDate}</cbc:IssueDate>
  ${root === 'Invoice' && x.dueDate ? `<cbc:DueDate>${x.dueDate}</cbc:DueDate>` : ''}
  <cbc:${root}TypeCode>${x.typeCode}</cbc:${root}TypeCode>
  <cbc:DocumentCurrencyCode>${x.currency}</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="EM">${x.seller.email ?? 'none@example.invalid'}</cbc:EndpointID>
      <cac:PartyName><cbc:Name>Brightwater</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>${xmlText(x.seller.street)}</cbc:StreetName>
        <cbc:CityName>${xmlText(x.seller.city)}</cbc:CityName>
        <cbc:PostalZone>${x.seller.postcode}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>${x.seller.country}</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyLegalEntity><cbc:RegistrationName>${xmlText(x.seller.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
      ${x.seller.phone ? `<cac:Contact><cbc:Telephone>${x.seller.phone}</cbc:Telephone></cac:Contact>` : ''}
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Harborview Property Management</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  ${root === 'CreditNote' && x.dueDate ? `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>${x.dueDate}</cbc:PaymentDueDate></cac:PaymentMeans>` : ''}
  <cac:TaxTotal><cbc:TaxAmount currencyID="${x.currency}">${money(x.tax)}</cbc:TaxAmount></cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${x.currency}">${money(x.net)}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="${x.currency}">${money(x.net)}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${x.currency}">${money(x.grand)}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="${x.currency}">${money(x.due)}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>${lines}
</${root}>
`;
}

/** What the reader should make of `x`: its fields as the product keeps them (a credit note's amounts negative). */
export function expectedFields(x: SampleEInvoice, credit = x.typeCode === '381') {
  const sign = credit ? -1 : 1;
  return {
    vendorName: x.seller.name,
    vendorAddress: `${x.seller.street}, ${x.seller.postcode} ${x.seller.city}, ${x.seller.country}`,
    vendorEmail: x.seller.email,
    vendorPhone: x.seller.phone,
    invoiceNumber: x.number,
    invoiceDate: x.issueDate,
    dueDate: x.dueDate,
    subtotal: sign * x.net,
    taxAmount: sign * x.tax,
    totalAmount: sign * x.grand,
    currency: x.currency,
    lineItems: x.lines.map((l) => ({
      description: l.name,
      quantity: l.quantity,
      unitPrice: sign * l.unitPrice,
      totalPrice: sign * l.total,
    })),
  };
}
