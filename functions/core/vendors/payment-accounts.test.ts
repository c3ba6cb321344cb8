import { describe, expect, it } from 'vitest';
import { isValidIban, isValidRoutingNumber, paymentAccountsIn, sameAccount } from './payment-accounts';

describe('the bank accounts an invoice asks to be paid to', () => {
  it('checks IBANs by their mod-97 digits and routing numbers by their checksum', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB29NWBK60161331926819')).toBe(true);
    // One digit changed.
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('021000022')).toBe(false);
    expect(isValidRoutingNumber('000000000')).toBe(false);
  });

  it('reads an IBAN printed in groups, keeping only a fingerprint and its last four', () => {
    const [account, ...rest] = paymentAccountsIn('org-1', [
      'Bankverbindung: Sparkasse',
      'IBAN: DE89 3704 0044 0532 0130 00 BIC: COBADEFFXXX',
    ]);
    expect(rest).toEqual([]);
    expect(account).toMatchObject({ kind: 'iban', last4: '3000' });
    expect(JSON.stringify(account)).not.toContain('0532');
  });

  it('reads a US routing number only when labelled, with the account number beside it', () => {
    const [account] = paymentAccountsIn('org-1', [
      'Remit by ACH to First Bank',
      'Routing number: 021000021  Account number: 4432 1187 09',
    ]);
    expect(account).toMatchObject({ kind: 'us-bank', last4: '8709' });
    expect(account.accountFingerprint).toBeTruthy();
    // A utility bill's customer account and a nine-digit number without a routing label are not bank details.
    expect(paymentAccountsIn('org-1', ['Account number 021000021', 'Total due 021000021'])).toEqual([]);
    // A checksum that fails is not a routing number, labelled or not.
    expect(paymentAccountsIn('org-1', ['ABA 021000022 Acct 12345678'])).toEqual([]);
  });

  it('tells accounts apart within an organization and gives another organization other fingerprints', () => {
    const lines = ['IBAN GB29 NWBK 6016 1331 9268 19'];
    const [here] = paymentAccountsIn('org-1', lines);
    const [again] = paymentAccountsIn('org-1', lines);
    const [elsewhere] = paymentAccountsIn('org-2', lines);
    const [other] = paymentAccountsIn('org-1', ['IBAN DE89 3704 0044 0532 0130 00']);
    expect(sameAccount(here, again)).toBe(true);
    expect(sameAccount(here, other)).toBe(false);
    expect(elsewhere.fingerprint).not.toBe(here.fingerprint);
  });

  it('takes a routing number printed without its account as the same bank, not a new account', () => {
    const [full] = paymentAccountsIn('org-1', ['Routing 021000021 Account 99887766']);
    const [bankOnly] = paymentAccountsIn('org-1', ['Wire transfer: ABA routing 021000021']);
    const [otherAccount] = paymentAccountsIn('org-1', ['Routing 021000021 Account 11223344']);
    expect(sameAccount(full, bankOnly)).toBe(true);
    expect(sameAccount(full, otherAccount)).toBe(false);
  });
});
