import { zodResolver } from '@hookform/resolvers/zod';
import { type Invoice, invoiceUpdateSchema } from '@shared/schemas/invoice';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCategories, usePropertyOptions } from '@/features/invoices/api/get-lookups';
import { useUpdateInvoice } from '@/features/invoices/api/invoice-actions';
import { editInputName, type ReviewField } from '@/features/invoices/lib/invoice-rules';
import { allocationsOf, draftOf, hundredths, splitStatus } from '@/features/invoices/lib/split-rules';
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

const text = z.string();
/**
 * The edit form works on strings; on submit they become the shared update body: amounts empty → 0,
 * empty dates/email → null, property and category empty → null, plus the version the form loaded.
 */
export const invoiceFormSchema = z
  .object({
    version: z.number(),
    vendorName: text,
    vendorEmail: text,
    vendorPhone: text,
    vendorAddress: text,
    invoiceNumber: text,
    invoiceDate: text,
    dueDate: text,
    subtotal: text,
    taxAmount: text,
    totalAmount: text,
    propertyId: text,
    categoryId: text,
    notes: text,
  })
  .transform((v, ctx) => {
    const body = {
      ...v,
      vendorEmail: v.vendorEmail.trim() || null,
      invoiceDate: v.invoiceDate || null,
      dueDate: v.dueDate || null,
      subtotal: v.subtotal.trim() === '' ? 0 : Number(v.subtotal),
      taxAmount: v.taxAmount.trim() === '' ? 0 : Number(v.taxAmount),
      totalAmount: v.totalAmount.trim() === '' ? 0 : Number(v.totalAmount),
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
    vendorEmail: s(invoice.vendorEmail),
    vendorPhone: s(invoice.vendorPhone),
    vendorAddress: s(invoice.vendorAddress),
    invoiceNumber: s(invoice.invoiceNumber),
    invoiceDate: s(invoice.invoiceDate),
    dueDate: s(invoice.dueDate),
    subtotal: s(invoice.subtotal),
    taxAmount: s(invoice.taxAmount),
    totalAmount: s(invoice.totalAmount),
    propertyId: s(invoice.propertyId),
    categoryId: s(invoice.categoryId),
    notes: s(invoice.notes),
  };
}

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** Edits the extracted fields; sends the loaded version so a concurrent change is a 409. */
export function InvoiceEditForm({
  invoice,
  onDone,
  focusField,
  onConflict,
}: {
  invoice: Invoice;
  onDone: () => void;
  /** The field to start on (the first needing attention); its input takes the focus when the form opens. */
  focusField?: ReviewField;
  /** The save met a newer version (409): the form is to show the latest. */
  onConflict?: () => void;
}) {
  const update = useUpdateInvoice();
  const properties = usePropertyOptions();
  const categories = useCategories();
  const form = useForm<InvoiceFormValues, unknown, z.output<typeof invoiceFormSchema>>({
    resolver: zodResolver(invoiceFormSchema),
    defaultValues: formValuesOf(invoice),
  });
  const { register, handleSubmit, formState, setFocus } = form;
  // Split coding lives beside the form's fields: its rows are edited as a whole and sent as amounts.
  const [split, setSplit] = useState(() => draftOf(invoice.allocations ?? []));
  const totalCents = hundredths(form.watch('totalAmount') || '0');
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
  const field = (k: keyof InvoiceFormValues) => ({
    id: `edit-${k}`,
    'aria-invalid': err(k) ? true : undefined,
    'aria-describedby': err(k) ? `edit-${k}-error` : undefined,
    ...register(k),
  });

  // Awaited rather than mutate's callbacks: mutate drops the callbacks of a form unmounted meanwhile
  // (after a 409 the form is remounted on the latest version).
  const onSubmit = handleSubmit(async (fields) => {
    if (splitBlocked) return;
    const body = {
      ...fields,
      ...(splitChanged ? { allocations: allocationsOf(split, totalCents ?? 0) } : {}),
      ...(lineSplits.lineItems ? { lineItems: lineSplits.lineItems } : {}),
    };
    try {
      await update.mutateAsync({ id: invoice.id, body });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onConflict?.();
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
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-vendorName" label="Vendor Name" error={err('vendorName')}>
          <Input {...field('vendorName')} />
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
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="edit-subtotal" label="Subtotal" error={err('subtotal')}>
          <Input type="number" step="0.01" min="0" inputMode="decimal" {...field('subtotal')} />
        </FormField>
        <FormField id="edit-taxAmount" label="Tax Amount" error={err('taxAmount')}>
          <Input type="number" step="0.01" min="0" inputMode="decimal" {...field('taxAmount')} />
        </FormField>
        <FormField id="edit-totalAmount" label="Total Amount" error={err('totalAmount')}>
          <Input type="number" step="0.01" min="0" inputMode="decimal" {...field('totalAmount')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="edit-propertyId" label="Property" error={err('propertyId')}>
          <select className={selectClass} {...field('propertyId')}>
            <option value="">No property</option>
            {invoice.propertyId && !properties.data?.items.some((p) => p.id === invoice.propertyId) ? (
              <option value={invoice.propertyId}>Current property</option>
            ) : null}
            {properties.data?.items.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="edit-categoryId" label="Category" error={err('categoryId')}>
          <select className={selectClass} {...field('categoryId')}>
            <option value="">No category</option>
            {invoice.categoryId && !categories.data?.items.some((c) => c.id === invoice.categoryId) ? (
              <option value={invoice.categoryId}>{invoice.categoryName ?? invoice.categoryId}</option>
            ) : null}
            {categories.data?.items.map((c) => (
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
        currency={invoice.currency}
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
