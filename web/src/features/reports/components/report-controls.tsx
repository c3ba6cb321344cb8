import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/label';

export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const MONTH = /^\d{4}-\d{2}$/;

/**
 * A report's query value as typed, and the last complete one the report is asked for: a date field
 * is empty or half typed for a moment while someone edits it, and the report should not blank out.
 */
export function useReportParam(initial: string, pattern: RegExp) {
  const [value, setValue] = useState(initial);
  const [last, setLast] = useState(initial);
  if (pattern.test(value) && value !== last) setLast(value);
  return { value, setValue, query: pattern.test(value) ? value : last };
}

/** A labelled date (`type="date"`) or month (`type="month"`) field bound to a report parameter. */
export function ReportParamField({
  id,
  label,
  type,
  param,
  error,
}: {
  id: string;
  label: string;
  type: 'date' | 'month';
  param: ReturnType<typeof useReportParam>;
  error?: string;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        type={type}
        value={param.value}
        onChange={(e) => param.setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-44"
      />
    </FormField>
  );
}
