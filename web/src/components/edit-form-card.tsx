import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { Spinner } from './ui/spinner';

/**
 * A card holding a form over saved data (the profile, the organization), ruled off at the bottom by
 * Reset, which goes back to the saved values once something has changed, and Save Changes.
 */
export function EditFormCard({
  title,
  description,
  onSubmit,
  onReset,
  dirty,
  saving,
  children,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onReset: () => void;
  dirty: boolean;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          {children}
          <div className="flex justify-end gap-2 border-t border-slate-200 pt-5 dark:border-slate-800">
            <Button variant="outline" onClick={onReset} disabled={!dirty || saving}>
              Reset
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Spinner /> : null}
              {saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
