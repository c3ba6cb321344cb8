import { describe, expect, it } from 'vitest';
import { LABEL_CLASSES, type LabelClass } from './lexicon';

const classesOf = (label: string) =>
  (Object.keys(LABEL_CLASSES) as LabelClass[]).filter((k) => LABEL_CLASSES[k].test(label));

describe('sum-row vocabulary', () => {
  it('tells a sum before tax, a sum with tax, an amount to pay and a carried sum apart, in six languages', () => {
    expect(classesOf('Rechnungssumme ohne USt.')).toEqual(expect.arrayContaining(['total', 'net']));
    expect(classesOf('Rechnungssumme ohne USt.')).not.toContain('gross');
    expect(classesOf('Total excl. VAT')).toContain('net');
    expect(classesOf('Montant HT')).toContain('net');
    expect(classesOf('Totale imponibile')).toContain('net');
    expect(classesOf('Total TTC')).toEqual(expect.arrayContaining(['total', 'gross']));
    expect(classesOf('Rechnungssumme inkl. USt.')).toContain('gross');
    expect(classesOf('Totaal incl. btw')).toContain('gross');
    for (const payable of [
      'Zahlbetrag',
      'Amount due',
      'Net à payer',
      'Te betalen',
      'Total a pagar',
      'Totale da pagare',
    ])
      expect(classesOf(payable), payable).toContain('payable');
    for (const carried of ['Übertrag', 'Carried forward', 'À reporter', 'Suma y sigue', 'Riporto'])
      expect(classesOf(carried), carried).toContain('carried');
    expect(classesOf('Belegsummen')).toContain('total');
  });

  it('finds no sum word in an item or an address', () => {
    for (const text of ['Wartung Heizung', 'Netherlands', 'Transportation services', 'Hauptstraße 12'])
      expect(
        classesOf(text).filter((k) => ['net', 'gross', 'payable', 'carried'].includes(k)),
        text,
      ).toEqual([]);
  });
});
