import type { OutboundGuard } from '../../platform/net/outbound-guard.ts';
import type { ConnectionTarget, OpenPool, OwnerDatabasePool } from './drivers/owner-database.ts';

export interface PoolRequest {
  dataSourceId: number;
  /** changes whenever the stored connection changes, so another process's edit is seen on next use */
  fingerprint: string;
  open: OpenPool;
  host: string;
  target: Omit<ConnectionTarget, 'address' | 'host'>;
}

interface Entry {
  fingerprint: string;
  pool: Promise<OwnerDatabasePool>;
}

/**
 * The open pools of this process, one per data source. A pool is opened through the guard on first use,
 * replaced when its data source's connection changes, and closed when the data source is switched off or
 * deleted (by `close`) or when the server stops (`closeAll`).
 */
export class DataSourcePools {
  private readonly entries = new Map<number, Entry>();

  private readonly guard: OutboundGuard;
  constructor(guard: OutboundGuard) {
    this.guard = guard;
  }

  /** Opens a pool to `target` through the guard, proved by one connection; the caller owns and closes it. */
  async open(open: OpenPool, host: string, target: PoolRequest['target']): Promise<OwnerDatabasePool> {
    const { address } = await this.guard.vet(host);
    return open({ ...target, address, host });
  }

  async poolFor(request: PoolRequest): Promise<OwnerDatabasePool> {
    const current = this.entries.get(request.dataSourceId);
    if (current?.fingerprint === request.fingerprint) return current.pool;
    if (current) await this.close(request.dataSourceId);
    const pool = this.open(request.open, request.host, request.target);
    this.entries.set(request.dataSourceId, { fingerprint: request.fingerprint, pool });
    // a pool that failed to open is forgotten, so the next call tries again
    pool.catch(() => {
      if (this.entries.get(request.dataSourceId)?.pool === pool) this.entries.delete(request.dataSourceId);
    });
    return pool;
  }

  async close(dataSourceId: number): Promise<void> {
    const entry = this.entries.get(dataSourceId);
    if (!entry) return;
    this.entries.delete(dataSourceId);
    const pool = await entry.pool.catch(() => null);
    await pool?.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.close(id)));
  }

  /** How many pools are open or opening (tests watch pools being closed). */
  get size(): number {
    return this.entries.size;
  }
}
