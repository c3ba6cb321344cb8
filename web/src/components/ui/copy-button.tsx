import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';

/** Copies `value` to the clipboard and says so for two seconds (visibly and to screen readers). */
export function CopyButton({
  value,
  label = 'Copy',
  onCopied,
  onError,
  ...props
}: Omit<ButtonProps, 'onClick' | 'value'> & {
  value: string;
  label?: string;
  onCopied?: () => void;
  onError?: (error: unknown) => void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      variant="outline"
      size="sm"
      {...props}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          onCopied?.();
        } catch (err) {
          onError?.(err);
        }
      }}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
