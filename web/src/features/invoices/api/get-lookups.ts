import type { Category, Property } from '@shared/schemas/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';

/** Categories, loaded for selection only. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/categories'] as const,
    queryFn: () => api.get<Page<Category>>('/api/categories', { query: { limit: 100 } }),
  });

/** Properties for the invoice form's select (same key prefix as the Properties page). */
export const propertyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/properties', 'options'] as const,
    queryFn: () => api.get<Page<Property>>('/api/properties', { query: { limit: 100 } }),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
export const usePropertyOptions = () => useQuery(propertyOptionsQueryOptions());
