import { normalizeResponseBody, type ResponseBody } from '@hiwar/contracts';
import { useState } from 'react';
import { type FakeServer, renderAt, stubServer } from '../../../test/render-app.tsx';
import type { StepProps } from '../step-props.ts';

/** Fixtures and a harness for the builders' component tests: a fake server and the record a builder edits. */

export const COMMAND_ID = 3;

export const shops = {
  ds_id: 5,
  user_id: 1,
  ds_name: 'Shops',
  ds_type: 'dataset',
  ds_status: 1,
  is_public: 0,
  ds_schema: [
    { name: 'name', type: 'text', permission: 'rw' },
    { name: 'price', type: 'number', permission: 'rw' },
    { name: 'place', type: 'location', permission: 'rw' },
  ],
  ds_tax: 0,
  ds_shipping: 0,
  created_at: '2026-11-24T08:00:00.000Z',
  updated_at: '2026-11-24T08:00:00.000Z',
};

export const variables = [
  { var_id: 11, var_name: 'city' },
  { var_id: 12, var_name: 'spot' },
];

export function profileWithSupport(csStatus: number) {
  return {
    is_login: true,
    user_id: 1,
    user_reg_driver: 'web',
    username: 'owner',
    user_fullname: 'Owner',
    user_email: 'owner@example.com',
    avatar: null,
    user_status: 1,
    engine_type: '',
    fb_pages: [],
    mail_server_cred: { mail_server_username: '', mail_server_password: '' },
    user_customer_support: {
      cs_status: csStatus,
      cs_username: '',
      cs_email: '',
      cs_password: '',
      cs_info: { cs_endpoint: '', cs_timeout_minutes: 10, cs_webhook_path: '' },
    },
  };
}

/** Answers the lookups every builder may make; `more` answers first. */
export function builderServer(
  more: FakeServer = () => ({ status: 404, json: { status: 0, msg: 'Not found' } }),
) {
  const server: FakeServer = (method, path, body) => {
    const answer = more(method, path, body);
    if (answer.status !== 404) return answer;
    if (path === `/command_var/get_all/${COMMAND_ID}`) return { json: { status: 1, data: variables } };
    if (path === '/dataset/browse/5') return { json: { status: 1, data: shops } };
    if (path === '/dataset/get_list?type=dataset')
      return { json: { status: 1, private: [shops], public: [] } };
    if (path === '/user/me') return { json: { status: 1, data: profileWithSupport(0) } };
    return answer;
  };
  return server;
}

/** Renders a builder on a record and keeps the record its `onChange` calls make. */
export function renderBuilder(
  Builder: (props: StepProps) => React.ReactNode,
  initial: Record<string, unknown>,
  server: FakeServer = builderServer(),
  errors: Record<string, string> = {},
) {
  const latest: { record: ResponseBody } = { record: normalizeResponseBody(initial) };
  function Harness() {
    const [record, setRecord] = useState(latest.record);
    const onChange = (patch: Partial<ResponseBody>) => {
      latest.record = { ...latest.record, ...patch };
      setRecord(latest.record);
    };
    return (
      <Builder commandId={COMMAND_ID} serviceId={1} record={record} onChange={onChange} errors={errors} />
    );
  }
  const fetchStub = stubServer(server);
  renderAt(<Harness />);
  return { latest, fetchStub };
}
