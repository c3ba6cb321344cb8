import { zodResolver } from '@hookform/resolvers/zod';
import { formatFieldValue, INVOICE_FIELD_LABELS } from '@shared/invoice-fields';
import { type Invoice, invoiceUpdateSchema } from '@shared/schemas/invoice';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCategories, usePropertyOptions } from '@/features/invoices/api/get-lookups';
import { useUpdateInvoice } from '@/features/invoices/api/invoice-actions';
import { editInputName, type ReviewField } from '@/features/invoices/lib/invoice-rules';
import { allocationsOf, draftOf, splitStatus, splitTotal } from '@/features/invoices/lib/split-rules';
import { useOrganization } from '@/features/organization';
import { ApiError, errorDetail } from '@/lib/api-client';
import { useClearHighlightOnUnmount, useFieldHighlight } from './field-highlight';
import {
  LineItemSplits,
  type UnbalancedSplit,
  UnbalancedSplits,
  useLineItemSplits,
} from './line-item-splits';
import { isTyping } from './review-shortcuts';
import { INVOICE_SPLIT, SplitEditor } from './split-editor';
import { VendorPicker } from './vendor-picker';

const text = z.string();
/**
 * The edit form works on strings; on submit they become the shared update body: amounts empty → 0,
 * empty dates/email → null, property and category empty → null, a picked vendor's id (none: the server
 * links by name), plus the version the form loaded. Amounts may be negative (a credit note).
 */
export const invoiceFormSchema = z
  .object({
    version: z.number(),
    vendorName: text,
    /** The master vendor picked for the invoice; empty when the name was typed (or left as it was). */
    vendorId: text,
    vendorEmail: text,
    vendorPhone: text,
    vendorAddress: text,
    invoiceNumber: text,
    invoiceDate: text,
    dueDate: text,
    subtotal: text,
    taxAmount: text,
    totalAmount: text,
    amountDue: text,
    accountNumber: text,
    serviceAddress: text,
    servicePeriodStart: text,
    servicePeriodEnd: text,
    currency: text,
    propertyId: text,
    categoryId: text,
    notes: text,
  })
  .transform((v, ctx) => {
    const body = {
      ...v,
      vendorId: v.vendorId || undefined,
      vendorEmail: v.vendorEmail.trim() || null,
      invoiceDate: v.invoiceDate || null,
      dueDate: v.dueDate || null,
      subtotal: v.subtotal.trim() === '' ? 0 : Number(v.subtotal),
      taxAmount: v.taxAmount.trim() === '' ? 0 : Number(v.taxAmount),
      totalAmount: v.totalAmount.trim() === '' ? 0 : Number(v.totalAmount),
      // A bill's account fields are not an invoice's: empty stays empty.
      amountDue: v.amountDue.trim() === '' ? null : Number(v.amountDue),
      accountNumber: v.accountNumber.trim() || null,
      serviceAddress: v.serviceAddress.trim() || null,
      servicePeriodStart: v.servicePeriodStart || null,
      servicePeriodEnd: v.servicePeriodEnd || null,
      propertyId: v.propertyId || null,
      categoryId: v.categoryId || null,
    };
    const parsed = invoiceUpdateSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });

export type InvoiceFormValues = z.input<typeof invoiceFormSchema>;

export function formValuesOf(invoice: Invoice): InvoiceFormValues {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    version: invoice.version,
    vendorName: s(invoice.vendorName),
    vendorId: '',
    vendorEmail: s(invoice.vendorEmail),
    vendorPhone: s(invoice.vendorPhone),
    vendorAddress: s(invoice.vendorAddress),
    invoiceNumber: s(invoice.invoiceNumber),
    invoiceDate: s(invoice.invoiceDate),
    dueDate: s(invoice.dueDate),
    subtotal: s(invoice.subtotal),
    taxAmount: s(invoice.taxAmount),
    totalAmount: s(invoice.totalAmount),
    amountDue: s(invoice.amountDue),
    accountNumber: s(invoice.accountNumber),
    serviceAddress: s(invoice.serviceAddress),
    servicePeriodStart: s(invoice.servicePeriodStart),
    servicePeriodEnd: s(invoice.servicePeriodEnd),
    currency: invoice.currency ?? 'USD',
    propertyId: s(invoice.propertyId),
    categoryId: s(invoice.categoryId),
    notes: s(invoice.notes),
  };
}

const AMOUNTS = ['subtotal', 'taxAmount', 'totalAmount'] as const;

/**
 * A select's choices with the invoice's current one always among them (a property deleted since, or a
 * list still loading). The selects are controlled (`value`): an uncontrolled select whose chosen option
 * is replaced when the list arrives falls back to "No …", and saving any other field then cleared the
 * category the AI had chosen.
 */
function withCurrent(
  items: readonly { id: string; name: string }[] | undefined,
  currentId: string | null | undefined,
  currentName: string,
): { id: string; name: string }[] {
  const list = items ?? [];
  if (!currentId || list.some((item) => item.id === currentId)) return [...list];
  return [{ id: currentId, name: currentName }, ...list];
}

/** ISO 4217 codes with their names, the organization's default first, then the invoice's, then A–Z. */
function currencyOptions(first: string[]): { code: string; label: string }[] {
  const names = new Intl.DisplayNames('en', { type: 'currency' });
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  const codes = [...new Set([...first, ...all])];
  return codes.map((code) => ({ code, label: `${code} · ${names.of(code) ?? code}` }));
}

/** The fields of the newer saved version that differ from what the person typed, as History words them. */
function savedDifferences(saved: Invoice, values: InvoiceFormValues, changed: readonly string[]) {
  const current = formValuesOf(saved);
  return changed
    .filter((k) => k in INVOICE_FIELD_LABELS || k === 'categoryId' || k === 'propertyId')
    .filter((k) => current[k as keyof InvoiceFormValues] !== values[k as keyof InvoiceFormValues])
    .map((k) => {
      const value = saved[k as keyof Invoice];
      const text =
        k === 'categoryId'
          ? saved.categoryName
          : (formatFieldValue(k, value, saved.currency ?? 'USD') ?? (value as string | null));
      return {
        field: k,
        label: INVOICE_FIELD_LABELS[k] ?? (k === 'categoryId' ? 'Category' : 'Property'),
        text,
      };
    });
}

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/**
 * Edits the extracted fields; sends the loaded version so a concurrent change is a 409. `invoice` is the
 * latest reading: the form starts from it and keeps what the person typed when a newer one arrives.
 * After a 409 the fields the person did not change take the newer saved version, the ones they changed
 * keep their text, and the saved values of those are shown beside, so nothing typed is lost.
 */
export function InvoiceEditForm({
  invoice,
  onDone,
  focusField,
}: {
  invoice: Invoice;
  onDone: () => void;
  /** The field to start on (the first needing attention); its input takes the focus when the form opens. */
  focusField?: ReviewField;
}) {
  const update = useUpdateInvoice();
  const properties = usePropertyOptions();
  const categories = useCategories();
  const orgCurrency = useOrganization().data?.defaultCurrency ?? 'USD';
  const form = useForm<InvoiceFormValues, unknown, z.output<typeof invoiceFormSchema>>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: formValuesOf(invoice),
  });
  const { register, handleSubmit, formState, setFocus, setValue } = form;
  const { dirtyFields } = formState;
  // The version a save met a newer one on (409); the newer saved version once it is in.
  const [conflictOn, setConflictOn] = useState<number | null>(null);
  const [saved, setSaved] = useState<Invoice | null>(null);
  useEffect(() => {
    if (conflictOn === null || invoice.version <= conflictOn) return;
    form.reset(formValuesOf(invoice), { keepDirtyValues: true });
    setSaved(invoice);
    setConflictOn(null);
  }, [conflictOn, invoice, form]);
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const vendorName = form.watch('vendorName');
  // Split coding lives beside the form's fields: its rows are edited as a whole and sent as amounts.
  const [split, setSplit] = useState(() => draftOf(invoice.allocations ?? []));
  const { cents: totalCents, credit } = splitTotal(form.watch('totalAmount') || '0');
  const invoiceSplitStatus = splitStatus(split, totalCents);
  const lineSplits = useLineItemSplits(invoice);
  const unbalanced: UnbalancedSplit[] = [
    ...(split.rows.length > 0 && invoiceSplitStatus.kind !== 'balanced'
      ? [{ key: 'invoice', name: 'Invoice', status: invoiceSplitStatus, whole: INVOICE_SPLIT.whole }]
      : []),
    ...lineSplits.unbalanced,
  ];
  const splitBlocked = unbalanced.length > 0;
  const splitChanged = split.rows.length > 0 || (invoice.allocations ?? []).length > 0;
  // Before paint, in the commit that shows the form: focusing later could pull the caret out of a field
  // the person has already clicked or typed into (their text would land in the attention field). Only
  // once per form: a newer reading arriving meanwhile (another attention field) must not move the caret,
  // and never away from a field they are in.
  const startedOn = useRef(false);
  useLayoutEffect(() => {
    if (startedOn.current || !focusField || isTyping(document.activeElement)) return;
    startedOn.current = true;
    setFocus(editInputName(focusField) as keyof InvoiceFormValues);
  }, [focusField, setFocus]);
  const { setFocused } = useFieldHighlight();
  useClearHighlightOnUnmount();
  const err = (k: keyof InvoiceFormValues) => formState.errors[k]?.message as string | undefined;
  const field = (k: keyof InvoiceFormValues, options?: Parameters<typeof register>[1]) => ({
    id: `edit-${k}`,
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `edit-${k}-error` : undefined,
    ...register(k, options),
  });

  // Awaited rather than mutate's callbacks: mutate drops the callbacks of a form unmounted meanwhile
  // (after a 409 the form is remounted on the latest version).
  const onSubmit = handleSubmit(async (fields) => {
    if (splitBlocked) return;
    const raw = form.getValues();
    // An amount that was empty and was left empty is not the person's 0: it is not sent.
    const untouched = AMOUNTS.filter((k) => raw[k].trim() === '' && !dirtyFields[k]);
    const sent = Object.fromEntries(
      Object.entries(fields).filter(([k]) => !untouched.includes(k as (typeof AMOUNTS)[number])),
    ) as typeof fields;
    const body = {
      ...sent,
      ...(splitChanged ? { allocations: allocationsOf(split, totalCents ?? 0, credit) } : {}),
      ...(lineSplits.lineItems ? { lineItems: lineSplits.lineItems } : {}),
    };
    try {
      await update.mutateAsync({ id: invoice.id, body });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setConflictOn(fields.version);
      toast({
        title: 'Error',
        description:
          e instanceof ApiError && e.status === 409
            ? `Failed to update invoice: ${errorDetail(e)}. The latest version has been loaded.`
            : `Failed to update invoice: ${errorDetail(e)}`,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Success', description: 'Invoice updated successfully', variant: 'success' });
    onDone();
  });
  const differences = saved
    ? savedDifferences(
        saved,
        form.getValues(),
        Object.keys(dirtyFields).filter((k) => k !== 'vendorId'),
      )
    : [];
  const linked =
    picked ?? (invoice.vendorId ? { id: invoice.vendorId, name: invoice.vendorName ?? '' } : null);

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      // Focus bubbles here from every input; its name is the invoice field whose box the preview shows
      // (a field with no location shows none). On the form, as register() owns each input's onBlur.
      onFocus={(e) => setFocused((e.target as Partial<HTMLInputElement>).name || null)}
      onBlur={() => setFocused(null)}
    >
      {saved && differences.length > 0 ? (
        <section
          aria-label="Newer saved version"
          className="grid gap-1.5 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
        >
          <p className="font-semibold">Saved by someone else meanwhile</p>
          <p>Your changes are kept below; the other fields show the saved version. Its values for yours:</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
            {differences.map((d) => (
              <div key={d.field} className="contents">
                <dt>{d.label}</dt>
                <dd className="break-words">{d.text || '—'}</dd>
              </div>
            ))}
          </dl>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => {
              form.reset(formValuesOf(saved));
              setPicked(null);
              setSaved(null);
            }}
          >
            Use the saved version
          </Button>
        </section>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-vendorName" label="Vendor Name" error={err('vendorName')}>
          <Input
            {...field('vendorName', {
              // A typed name is no longer the picked vendor's: the server links by name.
              onChange: () => {
                setValue('vendorId', '', { shouldDirty: true });
                setPicked(null);
              },
            })}
          />
          <VendorPicker
            name={vendorName}
            linked={linked}
            contact={{
              email: form.getValues('vendorEmail').trim() || null,
              phone: form.getValues('vendorPhone').trim() || null,
              address: form.getValues('vendorAddress').trim() || null,
            }}
            onPick={(vendor) => {
              setValue('vendorName', vendor.name, { shouldDirty: true });
              setValue('vendorId', vendor.id, { shouldDirty: true });
              setPicked({ id: vendor.id, name: vendor.name });
            }}
          />
        </FormField>
        <FormField id="edit-invoiceNumber" label="Invoice Number" error={err('invoiceNumber')}>
          <Input {...field('invoiceNumber')} />
        </FormField>
        <FormField id="edit-vendorEmail" label="Vendor Email" error={err('vendorEmail')}>
          <Input type="email" {...field('vendorEmail')} />
        </FormField>
        <FormField id="edit-vendorPhone" label="Vendor Phone" error={err('vendorPhone')}>
          <Input type="tel" {...field('vendorPhone')} />
        </FormField>
        <FormField
          id="edit-vendorAddress"
          label="Vendor Address"
          error={err('vendorAddress')}
          className="sm:col-span-2"
        >
          <Input {...field('vendorAddress')} />
        </FormField>
        <FormField id="edit-invoiceDate" label="Invoice Date" error={err('invoiceDate')}>
          <Input type="date" {...field('invoiceDate')} />
        </FormField>
        <FormField id="edit-dueDate" label="Due Date" error={err('dueDate')}>
          <Input type="date" {...field('dueDate')} />
        </FormField>
      </div>
      {/* No minimum: a credit note's amounts are negative. */}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <FormField id="edit-currency" label="Currency" error={err('currency')}>
          {/* Controlled: the options reorder once the organization's default is known. */}
          <select className={selectClass} {...field('currency')} value={form.watch('currency')}>
            {currencyOptions([orgCurrency, invoice.currency ?? orgCurrency]).map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="edit-subtotal" label="Subtotal" error={err('subtotal')}>
          <Input type="number" step="0.01" inputMode="decimal" {...field('subtotal')} />
        </FormField>
        <FormField id="edit-taxAmount" label="Tax Amount" error={err('taxAmount')}>
          <Input type="number" step="0.01" inputMode="decimal" {...field('taxAmount')} />
        </FormField>
        <FormField
          id="edit-totalAmount"
          label="Total Amount"
          error={err('totalAmount')}
          hint={credit ? 'Negative: saved as a credit note.' : undefined}
        >
          <Input type="number" step="0.01" inputMode="decimal" {...field('totalAmount')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="edit-amountDue"
          label="Amount Due"
          error={err('amountDue')}
          hint="With any balance carried forward; the total is this period's charges."
        >
          <Input type="number" step="0.01" inputMode="decimal" {...field('amountDue')} />
        </FormField>
        <FormField id="edit-accountNumber" label="Account Number" error={err('accountNumber')}>
          <Input {...field('accountNumber')} />
        </FormField>
        <FormField id="edit-serviceAddress" label="Service Address" error={err('serviceAddress')}>
          <Input {...field('serviceAddress')} />
        </FormField>
        <FormField
          id="edit-servicePeriodStart"
          label="Service Period Start"
          error={err('servicePeriodStart')}
        >
          <Input type="date" {...field('servicePeriodStart')} />
        </FormField>
        <FormField id="edit-servicePeriodEnd" label="Service Period End" error={err('servicePeriodEnd')}>
          <Input type="date" {...field('servicePeriodEnd')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-propertyId" label="Property" error={err('propertyId')}>
          <select className={selectClass} {...field('propertyId')} value={form.watch('propertyId')}>
            <option value="">No property</option>
            {withCurrent(properties.data?.items, invoice.propertyId, 'Current property').map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="edit-categoryId" label="Category" error={err('categoryId')}>
          <select className={selectClass} {...field('categoryId')} value={form.watch('categoryId')}>
            <option value="">No category</option>
            {withCurrent(
              categories.data?.items,
              invoice.categoryId,
              invoice.categoryName ?? invoice.categoryId ?? '',
            ).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <SplitEditor
        draft={split}
        onChange={setSplit}
        totalCents={totalCents}
        currency={form.watch('currency')}
        properties={properties.data?.items ?? []}
        categories={categories.data?.items ?? []}
      />
      <LineItemSplits
        splits={lineSplits}
        currency={invoice.currency}
        properties={properties.data?.items ?? []}
        categories={categories.data?.items ?? []}
      />
      <FormField id="edit-notes" label="Notes" error={err('notes')}>
        <Textarea rows={3} {...field('notes')} />
      </FormField>
      <UnbalancedSplits id="edit-unbalanced-splits" splits={unbalanced} currency={invoice.currency} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={update.isPending || splitBlocked}
          aria-describedby={splitBlocked ? 'edit-unbalanced-splits' : undefined}
        >
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
