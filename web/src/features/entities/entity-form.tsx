import type { ComponentType } from 'react';
import {
  type Control,
  Controller,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import { Dialog, DialogContent, DialogFormActions } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorDetail } from '@/lib/api-client';
import { capitalize, type Entity, type EntityRow } from './api/entity-api';

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
] as const;

/** What an entity's fields get to build their inputs with. */
export interface EntityFormFields<Values extends FieldValues, Input> {
  /** A registered input's props: id `{entity}-{name}`, and the error's wiring when it has one. */
  field: (name: Path<Values>) => UseFormRegisterReturn & {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
  };
  err: (name: Path<Values>) => string | undefined;
  control: Control<Values, unknown, Input>;
}

export interface EntityFormProps<T extends EntityRow, Values extends FieldValues, Input> {
  entity: Entity<T, Input>;
  /** The shared schema's resolver: the form's values in, the API body out. */
  resolver: Resolver<Values, unknown, Input>;
  /** The form's values for a new item (null) or the one being edited. */
  defaults: (item: T | null) => Values;
  /** The entity's own fields, laid out. */
  Fields: ComponentType<EntityFormFields<Values, Input>>;
  /** The create dialog's description. */
  createDescription: string;
  /** What the edit dialog shows of the item under its form (a vendor: what the AI learned of it). */
  Details?: ComponentType<{ item: T }>;
}

/** Create or edit one entity: its fields, then the status (when editing), Cancel and submit. */
function EntityForm<T extends EntityRow, Values extends FieldValues, Input>({
  entity,
  resolver,
  defaults,
  Fields,
  item,
  onDone,
}: EntityFormProps<T, Values, Input> & { item: T | null; onDone: () => void }) {
  const create = entity.api.useCreate();
  const update = entity.api.useUpdate();
  const pending = create.isPending || update.isPending;
  const Noun = capitalize(entity.one);
  const { register, handleSubmit, control, formState } = useForm<Values, unknown, Input>({
    resolver,
    defaultValues: {
      ...defaults(item),
      ...(item ? { status: item.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE' } : {}),
    } as DefaultValues<Values>,
  });
  const err = (name: Path<Values>) => (get(formState.errors, name) as FieldError | undefined)?.message;
  const field = (name: Path<Values>) => ({
    id: `${entity.one}-${name}`,
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': err(name) ? `${entity.one}-${name}-error` : undefined,
    ...register(name),
  });

  const onSubmit = handleSubmit((body) => {
    const verb = item ? 'update' : 'create';
    const done = {
      onSuccess: () => {
        toast({ title: 'Success', description: `${Noun} ${verb}d successfully`, variant: 'success' });
        onDone();
      },
      onError: (e: unknown) =>
        toast({
          title: `Failed to ${verb} ${entity.one}`,
          description: errorDetail(e),
          variant: 'destructive',
        }),
    };
    if (item) update.mutate({ id: item.id, body: { ...body, version: item.version } }, done);
    else create.mutate(body, done);
  });

  const statusId = `${entity.one}-status`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-5">
      <Fields field={field} err={err} control={control} />
      {item ? (
        <FormField id={statusId} label="Status">
          <Controller
            control={control}
            name={'status' as Path<Values>}
            render={({ field: f }) => (
              <Select
                id={statusId}
                label="Status"
                value={(f.value as string | undefined) ?? 'ACTIVE'}
                onValueChange={f.onChange}
                options={STATUS_OPTIONS}
                className="w-full"
              />
            )}
          />
        </FormField>
      ) : null}
      <DialogFormActions pending={pending} className="pt-1">
        {pending ? 'Saving...' : item ? 'Save Changes' : `Create ${Noun}`}
      </DialogFormActions>
    </form>
  );
}

/** The create (item null) or edit dialog of an entity, as its list page opens it. */
export interface EntityDialogProps<T> {
  open: boolean;
  item: T | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * The 'Create New {Entity}' / 'Edit {Entity}' dialog; a fresh form each time it opens, and when editing,
 * the item's details under it.
 */
export function EntityFormDialog<T extends EntityRow, Values extends FieldValues, Input>({
  open,
  item,
  onOpenChange,
  Details,
  ...form
}: EntityFormProps<T, Values, Input> & EntityDialogProps<T>) {
  const Noun = capitalize(form.entity.one);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={item ? `Edit ${Noun}` : `Create New ${Noun}`}
        description={item ? `Update the details of ${item.name}.` : form.createDescription}
      >
        {open ? (
          <EntityForm key={item?.id ?? 'new'} {...form} item={item} onDone={() => onOpenChange(false)} />
        ) : null}
        {open && item && Details ? <Details key={item.id} item={item} /> : null}
      </DialogContent>
    </Dialog>
  );
}
