/**
 * Whether an inbox's allowlist admits a sender: an entry with `@` admits that address, any other entry
 * admits its domain and the domain's subdomains. An empty list admits everyone.
 */
export function isSenderAllowed(sender: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return true;
  const address = sender.trim().toLowerCase();
  const domain = address.split('@').at(-1) ?? '';
  return allowlist.some((entry) => {
    const wanted = entry.toLowerCase();
    if (wanted.includes('@')) return address === wanted;
    return domain === wanted || domain.endsWith(`.${wanted}`);
  });
}

/** The local part of an address at `domain` (case-insensitive), or undefined for any other address. */
export function localPartAt(address: string, domain: string): string | undefined {
  const at = address.lastIndexOf('@');
  if (at <= 0) return undefined;
  if (address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined;
  return address.slice(0, at).toLowerCase();
}
