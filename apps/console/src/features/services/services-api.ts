import type { SaveServiceRequest, ServiceListEntry, ServiceRecord } from '@hiwar/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface ServicesPage {
  services: ServiceRecord[];
  page: number;
  lastPage: number;
}

/** Every query of this feature starts with this key, so one invalidation reloads lists, pickers and names. */
export const servicesKey = ['services'] as const;

export async function fetchServicesPage(page: number, search: string): Promise<ServicesPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  const answer = await api.get<{
    data: { data: ServiceRecord[]; current_page: number; last_page: number };
  }>(`/service?${query}`);
  return { services: answer.data.data, page: answer.data.current_page, lastPage: answer.data.last_page };
}

export function useServicesPage(page: number, search: string) {
  return useQuery({
    queryKey: [...servicesKey, 'page', page, search],
    queryFn: () => fetchServicesPage(page, search),
    placeholderData: keepPreviousData,
  });
}

export interface ServiceChoices {
  private: ServiceListEntry[];
  public: ServiceListEntry[];
}

/** GET /service/get_list: the owner's services and everyone's public ones, each with its commands. */
export async function fetchServiceChoices(): Promise<ServiceChoices> {
  const answer = await api.get<Partial<ServiceChoices>>('/service/get_list');
  // The header asks this on every page; an odd answer must not take the frame down.
  return { private: answer.private ?? [], public: answer.public ?? [] };
}

export function useServiceChoices() {
  return useQuery({ queryKey: [...servicesKey, 'choices'], queryFn: fetchServiceChoices });
}

export async function browseService(serviceId: number | string): Promise<ServiceRecord> {
  const answer = await api.get<{ data: ServiceRecord }>(`/service/browse/${serviceId}`);
  return answer.data;
}

export function useService(serviceId: number | null) {
  return useQuery({
    queryKey: [...servicesKey, 'browse', serviceId],
    queryFn: () => browseService(serviceId ?? 0),
    enabled: serviceId !== null && serviceId > 0,
  });
}

/** POST /service/save (new) or /service/save/{id}; resolves with the service id. */
export async function saveService(serviceId: number, values: SaveServiceRequest): Promise<number> {
  const path = serviceId > 0 ? `/service/save/${serviceId}` : '/service/save';
  const answer = await api.post<{ id: number }>(path, values);
  return answer.id;
}

export function deleteService(serviceId: number) {
  return api.post(`/service/delete/${serviceId}`);
}

export function cloneService(serviceId: number) {
  return api.post(`/service/clone/${serviceId}`);
}

export function setServiceStatus(serviceId: number, isActive: boolean) {
  return api.post(`/service/set_status/${serviceId}`, { status: isActive ? 1 : 0 });
}
