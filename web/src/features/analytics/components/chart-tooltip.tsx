import type { ReactNode } from 'react';

export interface TooltipRow {
  label: string;
  value: ReactNode;
  color?: string;
}

/** The card recharts shows on hover, styled for both themes. */
export function ChartTooltipCard({ title, rows }: { title?: ReactNode; rows: TooltipRow[] }) {
  return (
    <div className="min-w-36 rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900">
      {title ? <p className="mb-1 font-semibold text-slate-900 dark:text-white">{title}</p> : null}
      {rows.map((r) => (
        <p
          key={r.label}
          className="flex items-center justify-between gap-4 text-slate-600 dark:text-slate-300"
        >
          <span className="inline-flex items-center gap-1.5">
            {r.color ? <span className="size-2 rounded-full" style={{ backgroundColor: r.color }} /> : null}
            {r.label}
          </span>
          <span className="font-medium text-slate-900 tabular-nums dark:text-white">{r.value}</span>
        </p>
      ))}
    </div>
  );
}

/** A screen-reader table of a chart's numbers (the drawing itself is decorative to them). */
export function SrDataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}) {
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])}>
              {r.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-width row
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
