/** Display rules from spec section 9, used by the SPA and by exports (CSV) alike. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** `$1,234.50`; other currencies keep their own symbol. */
export function formatMoney(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  if (currency === 'USD') return usd.format(amount);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
      amount,
    );
  } catch {
    return usd.format(amount);
  }
}

/** US short date (`Jan 5, 2025`), or `N/A` when missing or unparseable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  // A bare ISO date is a calendar day: format it in UTC so it never shifts a day west of Greenwich.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const utc = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(utc ? { timeZone: 'UTC' } : {}),
  });
}

/** US short date and time in the viewer's zone (`Jan 5, 2025, 3:04 PM`), or `N/A`. */
export function formatDateTime(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The last 8 characters of an id, shown where an invoice has no number and as the organization id. */
export function shortId(id: string): string {
  return id.slice(-8);
}

/** Human-readable size with two decimals: Bytes, KB, MB, GB. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** AI confidence (fraction 0..1) as a percentage, `digits` decimals. */
export function formatConfidence(fraction: number | null | undefined, digits = 1): string {
  if (fraction === null || fraction === undefined) return 'N/A';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** `Mask the API key to its first 8 characters plus '...'. */
export function maskApiKey(keyOrPrefix: string): string {
  return `${keyOrPrefix.slice(0, 8)}...`;
}

export function initials(firstName?: string | null, lastName?: string | null, email?: string | null): string {
  const text = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase();
  return text || (email?.[0]?.toUpperCase() ?? '?');
}
