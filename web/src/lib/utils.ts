import { type ClassValue, clsx } from 'clsx';

/** Joins class names; later classes are expected not to conflict with earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

/** `5 minutes ago`, `2 days ago`, `just now` (dashboard relative times). */
export function formatRelativeTime(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return 'N/A';
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return 'N/A';
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 30) return rtf.format(-days, 'day');
  const months = Math.round(days / 30);
  if (months < 12) return rtf.format(-months, 'month');
  return rtf.format(-Math.round(months / 12), 'year');
}

/** Saves a blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name from a Content-Disposition header, if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}

/** "First Last", or the e-mail address when the person has no name yet ('' without either). */
export function personName(p: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  return [p.firstName, p.lastName].filter((part) => part?.trim()).join(' ') || p.email || '';
}
