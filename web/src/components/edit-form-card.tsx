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
  readOnly,
  children,
}: {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onReset: () => void;
  dirty: boolean;
  saving: boolean;
  /** Shown instead of Reset and Save Changes to someone who may not change these: the fields are disabled. */
  readOnly?: string;
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
          {readOnly ? (
            <>
              <fieldset disabled className="grid min-w-0 gap-5">
                {children}
              </fieldset>
              <p className="border-t border-slate-200 pt-5 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
                {readOnly}
              </p>
            </>
          ) : (
            <>
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
            </>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
