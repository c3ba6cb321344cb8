import {
  CERTIFICATE_FILE_TOO_LARGE_MESSAGE,
  CERTIFICATE_FILE_TYPE_MESSAGE,
  CERTIFICATE_FILE_TYPES,
  type InsuranceCertificate,
  MAX_CERTIFICATE_FILE_BYTES,
} from '@shared/schemas/entities';
import { Download, Paperclip } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { downloadCertificateFile, useAttachCertificateFile } from '@/features/vendors/api/vendor-compliance';
import { errorDetail } from '@/lib/api-client';

/** What the picker offers; the server decides by the file's bytes, this only narrows the choice. */
const ACCEPT = CERTIFICATE_FILE_TYPES.join(',');

/** Why a chosen file cannot be attached, before it is sent (the server checks again). */
function refusal(file: File): string | null {
  if (file.size > MAX_CERTIFICATE_FILE_BYTES) return CERTIFICATE_FILE_TOO_LARGE_MESSAGE;
  if (file.type && !(CERTIFICATE_FILE_TYPES as readonly string[]).includes(file.type))
    return CERTIFICATE_FILE_TYPE_MESSAGE;
  return null;
}

/**
 * A certificate's attached file: its name, which downloads it, and for those who maintain vendors Attach
 * file (or Replace file once one is attached).
 */
export function CertificateFileControls({
  certificate,
  maintains,
}: {
  certificate: InsuranceCertificate;
  maintains: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachCertificateFile(certificate.vendorId);
  const [downloading, setDownloading] = useState(false);
  const { file } = certificate;

  const onChosen = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const refused = refusal(chosen);
    if (refused) {
      toast({ title: 'Failed to attach file', description: refused, variant: 'destructive' });
      return;
    }
    attach.mutate(
      { certificateId: certificate.id, file: chosen },
      {
        onSuccess: () => toast({ title: 'Success', description: 'File attached', variant: 'success' }),
        onError: (e) =>
          toast({ title: 'Failed to attach file', description: errorDetail(e), variant: 'destructive' }),
      },
    );
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCertificateFile(certificate);
    } catch (e) {
      toast({ title: 'Failed to download file', description: errorDetail(e), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      {file ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-label={`Download ${file.filename}`}
          disabled={downloading}
          onClick={() => void download()}
        >
          <Download aria-hidden /> {file.filename}
        </Button>
      ) : (
        <span className="text-xs text-slate-500 dark:text-slate-400">No file attached</span>
      )}
      {maintains ? (
        <>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={`Certificate file for ${certificate.policyNumber}`}
            onChange={(e) => onChosen(e.target.files?.[0])}
          />
          <Button
            variant="outline"
            size="sm"
            disabled={attach.isPending}
            aria-label={`${file ? 'Replace' : 'Attach'} file for certificate ${certificate.policyNumber}`}
            onClick={() => input.current?.click()}
          >
            <Paperclip aria-hidden />
            {attach.isPending ? 'Uploading...' : file ? 'Replace file' : 'Attach file'}
          </Button>
        </>
      ) : null}
    </div>
  );
}
