import { initials } from '@shared/format';
import { useState } from 'react';
import { cn, personName } from '@/lib/utils';

export function UserAvatar({
  firstName,
  lastName,
  email,
  imageUrl,
  className,
}: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  imageUrl?: string | null;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const name = personName({ firstName, lastName, email }) || 'User';
  return (
    <span
      className={cn(
        'relative grid size-9 shrink-0 place-items-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-violet-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {imageUrl && !failed ? (
        <img src={imageUrl} alt={name} className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden>{initials(firstName, lastName, email)}</span>
      )}
    </span>
  );
}
