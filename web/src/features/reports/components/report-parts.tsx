import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, Download, type LucideIcon, Printer } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorDetail, fetchBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/utils';

/**
 * Download CSV: a real link to the `.csv` route (its address can be read and copied), fetched on click
 * with the user's token as every API call is, since a bare link would reach the API without it.
 */
function CsvLink({ href, filename }: { href: string; filename: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    fetchBlob(href)
      .then(({ blob, filename: served }) => saveBlob(blob, served ?? filename))
      .catch((err) =>
        toast({
          title: 'Failed to download the CSV',
          description: errorDetail(err),
          variant: 'destructive',
        }),
      );
  };
  return (
    <a href={href} download={filename} onClick={onClick} className={buttonClass('outline')}>
      <Download aria-hidden /> Download CSV
    </a>
  );
}

/** A report's controls (the query it takes), Download CSV and Print; none of them is printed. */
export function ReportToolbar({
  children,
  csvHref,
  csvFilename,
}: {
  children?: ReactNode;
  csvHref: string | null;
  csvFilename: string;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3 print:hidden">
      {children}
      <div className="ml-auto flex flex-wrap gap-2">
        {csvHref ? <CsvLink href={csvHref} filename={csvFilename} /> : null}
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden /> Print
        </Button>
      </div>
    </div>
  );
}

function ReportLoading({ label }: { label: string }) {
  return (
    <Card className="p-5" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-4 h-48 w-full" />
    </Card>
  );
}

function ReportError({ title, error }: { title: string; error: unknown }) {
  return (
    <Card>
      <EmptyState icon={CircleAlert} tone="error" title={title} description={errorDetail(error)} />
    </Card>
  );
}

function ReportEmpty({
  icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
}) {
  return (
    <Card>
      <EmptyState icon={icon} title={title} description={description} />
    </Card>
  );
}

/**
 * What a report tab shows below its controls: a skeleton while it loads, the server's words when it
 * fails, its empty state when it has nothing to show, else its tables. `name` is the report's name in
 * a sentence ("payables aging").
 */
export function ReportBody<T>({
  query,
  name,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  name: string;
  isEmpty: (data: T) => boolean;
  empty: { icon: LucideIcon; title: string; description: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ReportLoading label={`Loading ${name}...`} />;
  if (query.isError) return <ReportError title={`Failed to load ${name}`} error={query.error} />;
  if (isEmpty(query.data)) return <ReportEmpty {...empty} />;
  return <>{children(query.data)}</>;
}

/** One currency's part of a report; named by its currency only when there are several. */
export function CurrencyBlock({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-label={title} className="min-w-0 break-inside-avoid-page">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5">{children}</CardContent>
    </Card>
  );
}

/** `Payables aging` or, with several currencies, `Payables aging in EUR`. */
export const blockTitle = (title: string, currency: string, many: boolean) =>
  many ? `${title} in ${currency}` : title;
