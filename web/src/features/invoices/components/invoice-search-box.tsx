import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/**
 * The invoice lists' search box. It reports the trimmed text (undefined when blank) once the user
 * pauses typing for 300 ms. `value` is the search in force (the URL's `q`): the box follows it when
 * it changes elsewhere (Back, a link). Unlike SearchInput it keeps the browser's own clear button.
 */
export function InvoiceSearchBox({
  id,
  placeholder,
  className,
  value,
  onSearch,
}: {
  id: string;
  placeholder: string;
  className?: string;
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  // The latest callback, so a parent's re-render does not restart the pause.
  const report = useRef(onSearch);
  report.current = onSearch;
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return;
    const t = setTimeout(() => report.current(next), 300);
    return () => clearTimeout(t);
  }, [text, value]);

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        Search invoices
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
