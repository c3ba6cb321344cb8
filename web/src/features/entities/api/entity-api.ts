import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

interface EntityListParams {
  search?: string;
  cursor?: string | null;
  limit?: number;
}

/** What the list and form of a managed entity (vendor, property) need from it. */
export interface EntityRow {
  id: string;
  name: string;
  status: string;
  version: number;
}

/** The update body: the form's fields plus the version it loaded, so a concurrent change answers 409. */
type Versioned<Input> = Input & { version?: number };

/**
 * A change to a collection: afterwards every query of the collection (the invoice form's options
 * share the key prefix) and the organization, whose counts include it, are refreshed.
 */
function useChange<V, R>(queryKey: readonly [string], mutationFn: (variables: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey }),
        qc.invalidateQueries({ queryKey: ['/api/organization/current'] }),
      ]),
  });
}

/** Rows per page of a managed entity's list. */
export const ENTITY_PAGE_SIZE = 10;

/** The list, create, update and delete calls of one `/api/<resource>` collection, as query hooks. */
export function entityApi<T extends EntityRow, Input>(path: `/api/${string}`) {
  const queryKey = [path] as const;
  const itemPath = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const listOptions = (params: EntityListParams = {}) =>
    queryOptions({
      queryKey: [...queryKey, 'list', params] as const,
      queryFn: ({ signal }) => api.get<Page<T>>(path, { query: { ...params }, signal }),
      placeholderData: keepPreviousData,
    });

  return {
    /** The first page for the search text `q`, as the list page asks for it. */
    firstPageOptions: (q?: string) =>
      listOptions({ search: q || undefined, limit: ENTITY_PAGE_SIZE, cursor: null }),
    useList: (params: EntityListParams = {}) => useQuery(listOptions(params)),
    useCreate: () => useChange(queryKey, (body: Input) => api.post<T>(path, body)),
    useUpdate: () =>
      useChange(queryKey, ({ id, body }: { id: string; body: Versioned<Input> }) =>
        api.put<T>(itemPath(id), body),
      ),
    useDelete: () => useChange(queryKey, (id: string) => api.delete<void>(itemPath(id))),
  };
}

export type EntityApi<T extends EntityRow, Input> = ReturnType<typeof entityApi<T, Input>>;

/** A managed entity (vendor, property): its calls and the nouns its screens and messages use. */
export interface Entity<T extends EntityRow, Input> {
  api: EntityApi<T, Input>;
  /** Lower case, e.g. 'vendor'. */
  one: string;
  /** Lower case, e.g. 'vendors'. */
  many: string;
}

export const defineEntity = <T extends EntityRow, Input>(
  path: `/api/${string}`,
  one: string,
  many: string,
): Entity<T, Input> => ({ api: entityApi<T, Input>(path), one, many });

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
