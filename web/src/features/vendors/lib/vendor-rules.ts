import { VENDOR_ADDRESS_MAX } from '../../../../../shared/constants';

/** The address as the table shows it: at most 30 characters, then '...'. */
export function truncateAddress(address: string | null | undefined, max = VENDOR_ADDRESS_MAX): string {
  const text = (address ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
