import { Camera, CloudUpload } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ACCEPT_ATTRIBUTE } from '@/features/invoices';
import { cn } from '@/lib/utils';

/**
 * Drag-and-drop or click-to-browse file picker; keyboard: Enter or Space opens the picker. With
 * `camera`, phones also get a Take Photo button that opens the back camera (`capture="environment"`),
 * so a paper invoice is one tap away; larger screens, which seldom have one, only get the picker.
 */
export function Dropzone({
  onFiles,
  hint,
  idleText = 'Drop files here or click to browse',
  className,
  compact,
  camera,
}: {
  onFiles: (files: File[]) => void;
  hint: string;
  idleText?: string;
  className?: string;
  compact?: boolean;
  camera?: boolean;
}) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length) onFiles(files);
  };
  const hintId = useId();
  const depth = useRef(0);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setDragging(false);
    const files = Array.from(e.dataTransfer.files);
    if (files.length) onFiles(files);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      input.current?.click();
    }
  };

  return (
    <>
      <div
        role="button"
        tabIndex={0}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        onKeyDown={onKeyDown}
        onDragEnter={(e) => {
          e.preventDefault();
          depth.current += 1;
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={() => {
          depth.current -= 1;
          if (depth.current <= 0) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed text-center transition focus-visible:outline-2 focus-visible:outline-brand-500',
          compact ? 'gap-2 px-4 py-6' : 'gap-3 px-6 py-14',
          dragging
            ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
            : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/40 dark:border-slate-700 dark:bg-slate-900/40 dark:hover:border-brand-500 dark:hover:bg-brand-500/5',
          className,
        )}
      >
        <span
          className={cn(
            'grid place-items-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:text-brand-400 dark:ring-slate-700',
            compact ? 'size-10' : 'size-14',
          )}
        >
          <CloudUpload className={compact ? 'size-5' : 'size-7'} aria-hidden />
        </span>
        <span className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {dragging ? 'Drop files here...' : idleText}
        </span>
        <span id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </span>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="hidden"
        aria-label="Choose invoice files"
        onChange={(e) => {
          const files = e.target.files;
          take(files);
          e.target.value = '';
        }}
      />
      {camera ? (
        <>
          <Button
            type="button"
            variant="outline"
            className={cn('w-full md:hidden', !compact && 'mt-3')}
            onClick={() => photo.current?.click()}
          >
            <Camera aria-hidden /> Take Photo
          </Button>
          <input
            ref={photo}
            type="file"
            accept="image/*"
            capture="environment"
            className="hidden"
            aria-label="Take a photo of an invoice"
            onChange={(e) => {
              const files = e.target.files;
              take(files);
              e.target.value = '';
            }}
          />
        </>
      ) : null}
    </>
  );
}
