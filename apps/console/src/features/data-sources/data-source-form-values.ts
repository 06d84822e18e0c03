import { type DataSourceRecord, driverOf, type SaveDataSourceInput } from '@hiwar/contracts';

export interface DataSourceFormValues {
  name: string;
  driver: string;
  host: string;
  port: string;
  dbname: string;
  username: string;
  password: string;
  sid: string;
}

export const emptyDataSourceValues: DataSourceFormValues = {
  name: '',
  driver: '',
  host: '',
  port: '',
  dbname: '',
  username: '',
  password: '',
  sid: '',
};

/**
 * The port once `driverName` is chosen: the driver's default (5432, 3306, 1433…) unless the owner typed a port
 * of their own — an empty port or the previous driver's default is not theirs, so it follows the driver.
 */
export function portForDriver(values: DataSourceFormValues, driverName: string): string {
  const previousDefault = driverOf(values.driver)?.defaultPort;
  const port = values.port.trim();
  const isOwnPort = port !== '' && port !== String(previousDefault ?? '');
  const nextDefault = driverOf(driverName)?.defaultPort;
  if (isOwnPort || nextDefault === undefined || nextDefault === null) return values.port;
  return String(nextDefault);
}

export function formValuesOf(record: DataSourceRecord): DataSourceFormValues {
  const { entity } = record;
  return {
    name: entity.name,
    driver: entity.driver,
    host: entity.host,
    port: entity.port === null ? '' : String(entity.port),
    dbname: entity.dbname,
    username: entity.username,
    password: '',
    sid: entity.sid,
  };
}

/**
 * The request the form sends. The port goes only for drivers that use it; the password only when it is new or
 * was typed, since the server never sends the stored one back and keeps it when the field is left out.
 */
export function requestOf(
  values: DataSourceFormValues,
  isPasswordTyped: boolean,
  isNew: boolean,
): SaveDataSourceInput {
  const driver = driverOf(values.driver);
  const { password, port, sid, ...rest } = values;
  return {
    ...rest,
    driver: values.driver as SaveDataSourceInput['driver'],
    ...(driver && driver.port !== 'none' && { port: port.trim() }),
    ...(driver?.usesSid && { sid }),
    ...((isNew || isPasswordTyped) && { password }),
  };
}
