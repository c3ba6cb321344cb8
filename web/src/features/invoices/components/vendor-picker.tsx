import { Link2, Plus } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useCreateVendorFromName, useVendorOptions } from '@/features/invoices/api/get-vendor-options';
import { errorDetail } from '@/lib/api-client';

/** Names compared as vendors are matched: letters and digits, case-insensitive. */
const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Under the Vendor Name field: the organization's vendors matching the typed name, to link the invoice
 * to one, or 'Create vendor' from the typed name. Without a pick, saving a new name links the vendor of
 * that name (or a new suggested one): the vendor a misread made never stays linked.
 */
export function VendorPicker({
  name,
  linked,
  contact,
  onPick,
}: {
  /** The name typed in the Vendor Name field. */
  name: string;
  /** The vendor the invoice is linked to (or will be, once saved), by id and name. */
  linked: { id: string; name: string } | null;
  /** The vendor details typed in the form, which a vendor created from the name starts with. */
  contact: { email: string | null; phone: string | null; address: string | null };
  onPick: (vendor: { id: string; name: string }) => void;
}) {
  const typed = useDeferredValue(name.trim());
  const options = useVendorOptions(typed);
  const create = useCreateVendorFromName();
  const vendors = options.data?.items ?? [];
  const exact = vendors.some((v) => nameKey(v.name) === nameKey(typed));
  const linkedHere = linked && nameKey(linked.name) === nameKey(name);
  const onCreate = () =>
    create.mutate(
      { name: typed, ...contact },
      {
        onSuccess: (vendor) => onPick(vendor),
        onError: (e) =>
          toast({
            title: 'Error',
            description: `Failed to create vendor: ${errorDetail(e)}`,
            variant: 'destructive',
          }),
      },
    );
  return (
    <div className="grid gap-1.5 text-xs">
      {linked && linkedHere ? (
        <p className="flex items-center gap-1 text-slate-600 dark:text-slate-400">
          <Link2 className="size-3.5" aria-hidden /> Linked to vendor {linked.name}
        </p>
      ) : typed ? (
        <p className="text-slate-600 dark:text-slate-400">
          Saved as is, the invoice links the vendor of this name (a new suggested one if there is none).
        </p>
      ) : null}
      {typed && (vendors.length > 0 || !exact) ? (
        <ul aria-label="Vendors matching the name" className="flex flex-wrap gap-1.5">
          {vendors
            .filter((v) => v.id !== linked?.id || !linkedHere)
            .map((v) => (
              <li key={v.id}>
                <Button type="button" variant="outline" size="sm" onClick={() => onPick(v)}>
                  Use {v.name}
                  {v.status === 'SUGGESTED' ? (
                    <Badge tone="gray" className="px-1.5 py-0 text-[10px]">
                      Suggested
                    </Badge>
                  ) : null}
                </Button>
              </li>
            ))}
          {!exact ? (
            <li>
              <Button type="button" variant="ghost" size="sm" onClick={onCreate} disabled={create.isPending}>
                {create.isPending ? <Spinner /> : <Plus aria-hidden />} Create vendor “{typed}”
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
