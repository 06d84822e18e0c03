import type { DatasetListEntry } from '@hiwar/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useDepartments } from '../../settings/index.ts';

/** The lookups the builders read besides the shared ones (variables, dataset schema, data sources, profile). */

/** GET /dataset/get_list?type=dataset: the owner's own datasets (user data writes only to those). */
export function useOwnDatasets() {
  return useQuery({
    queryKey: ['dataset', 'get_list', 'dataset'],
    queryFn: async () =>
      (await api.get<{ private: DatasetListEntry[] }>('/dataset/get_list?type=dataset')).private,
  });
}

/** A built-in component as `GET /components` lists it (the server's registry; read leniently). */
export interface ComponentChoice {
  id: number;
  name: string;
  category: string;
  description: string;
  /** the keys an item carries, for the struct's pickers */
  fields: string[];
  /** single, multi or both */
  dataTypes: string[];
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function componentOf(raw: Record<string, unknown>): ComponentChoice | null {
  const id = Number(raw.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const fields = Array.isArray(raw.fields) ? raw.fields : [];
  const dataTypes = Array.isArray(raw.dataTypes)
    ? raw.dataTypes.filter((type) => typeof type === 'string')
    : [];
  return {
    id,
    name: textOf(raw.name) || String(id),
    category: textOf(raw.category),
    description: textOf(raw.description),
    fields: fields
      .map((field) => (typeof field === 'string' ? field : textOf((field as { name?: unknown })?.name)))
      .filter((name) => name !== ''),
    dataTypes: dataTypes.length > 0 ? dataTypes : ['single', 'multi'],
  };
}

/**
 * GET /components, sorted by category. A server without the registry yet (404) or a failed load answers an
 * empty list: spec §8 says failed lookups are swallowed, and the screen says there are no components.
 */
export function useComponentChoices() {
  return useQuery({
    queryKey: ['components', 'all'],
    queryFn: async () => {
      try {
        const answer = await api.get<{ components?: unknown[] }>('/components');
        return (answer.components ?? [])
          .map((raw) => componentOf((raw ?? {}) as Record<string, unknown>))
          .filter((component) => component !== null)
          .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
      } catch {
        return [];
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface Department {
  id: string;
  name: string;
}

/**
 * GET /user/get_cs_departments (the settings feature's query, so a change there shows here): where a
 * customer-support connection goes, with ids as the action stores them (text).
 */
export function useSupportDepartments(isNeeded: boolean) {
  const departments = useDepartments(isNeeded);
  const choices = useMemo(
    () => departments.data?.map((department) => ({ id: String(department.id), name: department.name })),
    [departments.data],
  );
  return { data: choices, isLoading: departments.isLoading, isError: departments.isError };
}
