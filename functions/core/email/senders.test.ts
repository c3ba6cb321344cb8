import { describe, expect, it } from 'vitest';
import { isSenderAllowed, localPartAt } from './senders';

describe('isSenderAllowed', () => {
  it('admits everyone when the allowlist is empty', () => {
    expect(isSenderAllowed('anyone@anywhere.test', [])).toBe(true);
  });

  it('admits listed addresses exactly and listed domains with their subdomains', () => {
    const list = ['billing@acme.com', 'plumbing.test'];
    expect(isSenderAllowed('Billing@ACME.com', list)).toBe(true);
    expect(isSenderAllowed('sales@acme.com', list)).toBe(false);
    expect(isSenderAllowed('ap@plumbing.test', list)).toBe(true);
    expect(isSenderAllowed('ap@eu.plumbing.test', list)).toBe(true);
    // A look-alike domain is not a subdomain.
    expect(isSenderAllowed('ap@evilplumbing.test', list)).toBe(false);
  });
});

describe('localPartAt', () => {
  it('answers the lowercased local part of an address at the domain, else undefined', () => {
    expect(localPartAt('Harbor-ABC@Inbox.Example.com', 'inbox.example.com')).toBe('harbor-abc');
    expect(localPartAt('harbor-abc@example.com', 'inbox.example.com')).toBeUndefined();
    expect(localPartAt('@inbox.example.com', 'inbox.example.com')).toBeUndefined();
  });
});
