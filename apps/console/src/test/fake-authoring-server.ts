import type { CommandRecord, ExampleRecord, ServiceRecord } from '@hiwar/contracts';
import type { FakeServer } from './render-app.tsx';

/** Test data for the services, commands and scenario screens. */
export function serviceRecord(id: number, name: string, extra: Partial<ServiceRecord> = {}): ServiceRecord {
  return {
    service_id: id,
    user_id: 1,
    service_name: name,
    service_description: '',
    service_status: 1,
    is_public: 0,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    ...extra,
  };
}

export function commandRecord(id: number, name: string, extra: Partial<CommandRecord> = {}): CommandRecord {
  return {
    command_id: id,
    command_name: name,
    command_description: '',
    command_lang: 'ar',
    command_status: 1,
    command_service_id: 3,
    user_id: 1,
    service_name: 'Pizza',
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    ...extra,
  };
}

export function exampleRecord(id: number, commandId: number, text: string, lang: string): ExampleRecord {
  return {
    _id: id,
    example_command_id: commandId,
    user_id: 1,
    example_text: text,
    example_lang: lang,
    example_vars: [],
    example_status: 1,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
  };
}

/** Special answers first; otherwise the lists and browse calls answer from `services` and `commands`. */
export function authoringServer(
  services: ServiceRecord[],
  commands: CommandRecord[],
  special: FakeServer = () => ({ status: 404, json: { status: 0, msg: 'Not found' } }),
): FakeServer {
  return (method, path, body) => {
    const answer = special(method, path, body);
    if (answer.status !== 404) return answer;
    if (path.startsWith('/service?')) {
      const page = Number(new URLSearchParams(path.split('?')[1]).get('page'));
      const data = { data: services, current_page: page, last_page: 3, total: 25, per_page: 10 };
      return { json: { status: 1, data } };
    }
    if (path === '/service/get_list') {
      const entries = services.map((service) => ({
        service_id: service.service_id,
        service_name: service.service_name,
        commands: commands.map(({ command_id, command_name }) => ({ command_id, command_name })),
      }));
      return { json: { status: 1, private: entries, public: [] } };
    }
    const serviceMatch = /^\/service\/browse\/(\d+)$/.exec(path);
    const service = services.find((entry) => entry.service_id === Number(serviceMatch?.[1]));
    if (service) return { json: { status: 1, data: service } };
    const commandMatch = /^\/command\/browse\/(\d+)$/.exec(path);
    const command = commands.find((entry) => entry.command_id === Number(commandMatch?.[1]));
    if (command) return { json: { status: 1, data: command } };
    if (path.startsWith('/command/get/'))
      return { json: { status: 1, page: 1, pages_count: 1, data: commands } };
    if (/^\/(command_var\/get_all|command_example\/get|service\/\d+\/(negative_)?examples)/.test(path))
      return { json: { status: 1, data: [] } };
    return answer;
  };
}
