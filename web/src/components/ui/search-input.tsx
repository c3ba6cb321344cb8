import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A labelled search box that reports its trimmed text after the user pauses typing (`delay` ms).
 * Clearing the box (the X button or Escape) reports at once. `value` is the search in force (e.g.
 * from the URL): the box shows it, and follows it when it changes elsewhere (Back, a link).
 */
export function SearchInput({
  id,
  label,
  placeholder,
  onSearch,
  delay = 300,
  className,
  value = '',
}: {
  id: string;
  label: string;
  placeholder?: string;
  onSearch: (value: string) => void;
  delay?: number;
  className?: string;
  value?: string;
}) {
  const [text, setText] = useState(value);
  const reported = useRef(value.trim());
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    if (value.trim() === reported.current) return;
    reported.current = value.trim();
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === reported.current) return;
    const t = setTimeout(() => {
      reported.current = next;
      latest.current(next);
    }, delay);
    return () => clearTimeout(t);
  }, [text, delay]);

  const clear = () => {
    setText('');
    if (reported.current !== '') {
      reported.current = '';
      latest.current('');
    }
  };

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        autoComplete="off"
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            clear();
          }
        }}
      />
      {text ? (
        <button
          type="button"
          onClick={clear}
          aria-label="Clear search"
          className="absolute top-1/2 right-2 grid size-6 -translate-y-1/2 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 dark:hover:bg-slate-800 dark:hover:text-slate-200"
        >
          <X className="size-3.5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
