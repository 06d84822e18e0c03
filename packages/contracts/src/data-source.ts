import { z } from 'zod';
import { idParam, numberOrDigits } from './numeric-input.ts';

/** Data sources: connections to the owner's own external databases (spec part 2 §2, §3, §5, §7, §8, §9). */

export const dataSourceMessages = {
  nameRequired: 'The name field is required',
  driverRequired: 'The driver field is required',
  driverUnavailable: 'This driver is not available yet',
  hostRequired: 'The host field is required',
  dbnameRequired: 'The dbname field is required',
  usernameRequired: 'The username field is required',
  portRequired: 'The port field is required',
  portInteger: 'The port must be an integer from 1 to 65535',
  saved: 'successfully updated',
  added: 'successfully added',
  deleted: 'Successfully deleted',
  statusChanged: 'successfully updated',
  // why a connection failed: shown in the form's red alert and under the field at fault
  hostNotFound: 'The host could not be found',
  // owners of a self-hosted install are often its operator: say how the address is let through
  addressNotAllowed:
    "Connections to local or private addresses are not allowed. The server's operator can allow this address with OUTBOUND_ALLOW",
  connectionRefused: 'The database server refused the connection (check the host and the port)',
  timedOut: 'The database server did not answer in time',
  badCredentials: 'The username or password is wrong',
  unknownDatabase: 'The database does not exist on that server',
  failedConnection: 'Failed connection',
  switchedOff: 'This data source is switched off',
} as const;

/** How a driver uses the port: required, optional with a default, or not at all. */
export interface DataSourceDriver {
  value: string;
  label: string;
  /** false: listed but disabled (spec §9) */
  isAvailable: boolean;
  port: 'required' | 'optional' | 'none';
  defaultPort: number | null;
  usesSid: boolean;
}

/**
 * The drivers offered, in the order listed. Spec §3 names the port for MS SQL Server, Oracle and PostgreSQL; a
 * MySQL server on another port than 3306 is common enough that MySQL takes an optional one.
 */
export const dataSourceDrivers = [
  {
    value: 'MS_SQL_SERVER',
    label: 'MS SQL Server',
    isAvailable: true,
    port: 'required',
    defaultPort: 1433,
    usesSid: false,
  },
  { value: 'MYSQL', label: 'MySQL', isAvailable: true, port: 'optional', defaultPort: 3306, usesSid: false },
  {
    value: 'POSTGRE_SQL',
    label: 'PostgreSQL',
    isAvailable: true,
    port: 'required',
    defaultPort: 5432,
    usesSid: false,
  },
  {
    value: 'ORACLE',
    label: 'Oracle',
    isAvailable: false,
    port: 'required',
    defaultPort: 1521,
    usesSid: true,
  },
  { value: 'SQLITE', label: 'SQLite', isAvailable: false, port: 'none', defaultPort: null, usesSid: false },
] as const satisfies readonly DataSourceDriver[];

export type DataSourceDriverName = (typeof dataSourceDrivers)[number]['value'];
export const dataSourceDriverNames = dataSourceDrivers.map((driver) => driver.value) as [
  DataSourceDriverName,
  ...DataSourceDriverName[],
];

export function driverOf(name: string): DataSourceDriver | undefined {
  return dataSourceDrivers.find((driver) => driver.value === name);
}

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

const portNumber = numberOrDigits(
  z
    .number({ error: dataSourceMessages.portInteger })
    .int(dataSourceMessages.portInteger)
    .min(1, dataSourceMessages.portInteger)
    .max(65535, dataSourceMessages.portInteger),
);

/**
 * POST /data_sources/save/{id}. On an edit, a password left out keeps the stored one (the console never
 * receives it to send back); a password given, even empty, replaces it.
 */
export const saveDataSourceRequest = z
  .object({
    name: requiredText(dataSourceMessages.nameRequired, 190),
    driver: z.enum(dataSourceDriverNames, { error: dataSourceMessages.driverRequired }),
    dbname: requiredText(dataSourceMessages.dbnameRequired, 128),
    host: requiredText(dataSourceMessages.hostRequired, 253),
    username: requiredText(dataSourceMessages.usernameRequired, 128),
    password: z.string().max(512).optional(),
    // an empty field is no port; anything else must be an integer
    port: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      portNumber.optional(),
    ),
    sid: z.string().trim().max(128).optional().default(''),
  })
  // runs even when other fields failed, so a form shows the port's message with the rest
  .superRefine(
    (request, context) => {
      const driver = driverOf(String(request.driver));
      if (driver && !driver.isAvailable) {
        context.addIssue({ code: 'custom', path: ['driver'], message: dataSourceMessages.driverUnavailable });
      }
      if (driver?.port === 'required' && request.port === undefined) {
        context.addIssue({ code: 'custom', path: ['port'], message: dataSourceMessages.portRequired });
      }
    },
    { when: ({ value }) => typeof value === 'object' && value !== null },
  )
  .transform(({ port, ...request }) => ({
    ...request,
    port: typeof port === 'number' && driverOf(request.driver)?.port !== 'none' ? port : null,
  }));
export type SaveDataSourceInput = z.input<typeof saveDataSourceRequest>;
export type SaveDataSourceRequest = z.output<typeof saveDataSourceRequest>;

/** The connection as the console sees it: everything but the password, which is never sent back. */
export const dataSourceEntity = z.object({
  name: z.string(),
  driver: z.string(),
  dbname: z.string(),
  host: z.string(),
  username: z.string(),
  port: z.number().nullable(),
  sid: z.string(),
  /** whether a password is stored (the form shows "unchanged" instead of the password) */
  has_password: z.boolean(),
});
export type DataSourceEntity = z.infer<typeof dataSourceEntity>;

export const dataSourceRecord = z.object({
  data_source_id: z.number(),
  /** null: active; a time: switched off at that time */
  deleted_at: z.string().nullable(),
  entity: dataSourceEntity,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataSourceRecord = z.infer<typeof dataSourceRecord>;

export const saveDataSourceResponse = z.object({
  status: z.literal(1),
  msg: z.string(),
  data: z.object({ data_source_id: z.number(), entity: z.object({ name: z.string() }) }),
});

/** GET /data_sources?search=&page=, or ?all for every active data source (the response pickers). */
export const dataSourceListQuery = z.object({
  page: numberOrDigits(z.number().int().min(1).max(1_000_000)).default(1),
  search: z.string().trim().max(200).optional().default(''),
  all: z.string().max(10).optional(),
});

export const dataSourcePage = z.object({
  data: z.array(dataSourceRecord),
  current_page: z.number(),
  last_page: z.number(),
  total: z.number(),
  per_page: z.number(),
});
export type DataSourcePage = z.infer<typeof dataSourcePage>;

export const dataSourceListResponse = z.object({
  status: z.literal(1),
  data: z.union([dataSourcePage, z.array(dataSourceRecord)]),
});

export const changeDataSourceStatusResponse = z.object({
  status: z.literal(1),
  msg: z.string(),
  data: z.object({ data_source_id: z.number(), deleted_at: z.string().nullable() }),
});

/** POST /data_sources/get_tables_name */
export const dataSourceTablesRequest = z.object({ data_source_id: idParam });

/**
 * The table names, or `status: 0` with why the owner's database could not be listed: not a fault of the
 * request, so it answers 200 and the console shows 'Failed connection' on the data-source field.
 */
export const dataSourceTablesResponse = z.union([
  z.object({ status: z.literal(1), data: z.array(z.string()) }),
  z.object({ status: z.literal(0), data: z.array(z.string()), msg: z.string() }),
]);
export type DataSourceTablesAnswer = z.infer<typeof dataSourceTablesResponse>;
