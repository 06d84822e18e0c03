import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who holds a running job, written to `jobs.claimed_by` as `w1.<machine>.<pid>.<start>.<runner>`:
 * - machine: a hash of the host name, the kernel's boot id and the pid namespace — two holders with the same
 *   machine see the same processes, so a pid means the same thing to both;
 * - start: the process's start time (clock ticks since boot, Linux /proc), so a pid reused after a crash is
 *   told apart from the process that held the job;
 * - runner: numbers the runners of one process.
 * A restarted server compares the holders of running jobs with the live processes of its own machine and takes
 * back at once the jobs whose process is gone (job-runner.ts), instead of waiting for their heartbeat to go stale.
 */
const FORMAT = /^w1\.([0-9a-f]{12})\.(\d{1,10})\.(\d{1,20})\.\d{1,6}$/;

function readProcFile(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The start time of a process in clock ticks since boot; null when /proc has no such process (or no /proc). */
function processStartOf(pid: number): string | null {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // fields after the command name, which is in parentheses and may hold spaces; starttime is field 22
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

/** e.g. `pid:[4026531836]`: containers on one host share the boot id but not their pids */
function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

const hasProc = processStartOf(process.pid) !== null;
const machine = createHash('sha256')
  .update([hostname(), readProcFile('/proc/sys/kernel/random/boot_id') ?? '', pidNamespace()].join('\n'))
  .digest('hex')
  .slice(0, 12);
const ownStart = processStartOf(process.pid) ?? '0';
let runnersInProcess = 0;

/** A new holder id for a runner of this process. */
export function newWorkerId(): string {
  runnersInProcess += 1;
  return `w1.${machine}.${process.pid}.${ownStart}.${runnersInProcess}`;
}

/** Whether a process with this pid exists (without /proc, the only check there is). */
function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface HolderCheck {
  /**
   * Every worker on this database runs on this machine (the embedded SQLite file): a holder from another
   * machine, or in a format this version does not write, belonged to an earlier incarnation and is gone.
   * Otherwise (PostgreSQL, several servers) such a holder may be alive elsewhere and only its heartbeat tells.
   */
  onlyLocalWorkers: boolean;
}

/** Whether the process that holds a job is certainly gone. A holder that may be alive is never called gone. */
export function isHolderGone(holder: string | null, check: HolderCheck): boolean {
  const parsed = holder === null ? null : FORMAT.exec(holder);
  if (!parsed || parsed[1] !== machine) return check.onlyLocalWorkers;
  const pid = Number(parsed[2]);
  const start = parsed[3];
  if (!hasProc) return !isPidAlive(pid);
  const liveStart = processStartOf(pid);
  // unreadable stat of an existing process (another user, hidden /proc): it may be the holder
  if (liveStart === null) return !isPidAlive(pid);
  return liveStart !== start;
}

/** The rows a kind of worker claims (`claimed_by`), by holder: its oldest claim, and how to let them go. */
export interface HeldRows {
  listHolders(): Promise<{ holder: string; oldest: string }[]>;
  /** back to pending; answers how many */
  release(holder: string): Promise<number>;
}

/**
 * Takes back the rows held by another worker that is certainly gone, or that has held one since before
 * `staleAfterMs` ago (a process on another machine that stopped answering): they are pending again.
 */
export async function takeBackStoppedHolders(
  rows: HeldRows,
  ownId: string,
  options: HolderCheck & { staleAfterMs: number; onReleased?: (holder: string, released: number) => void },
): Promise<void> {
  const staleBefore = Date.now() - options.staleAfterMs;
  for (const { holder, oldest } of await rows.listHolders()) {
    if (holder === ownId) continue;
    const isStale = oldest !== '' && new Date(oldest).getTime() < staleBefore;
    if (isStale || isHolderGone(holder, options)) options.onReleased?.(holder, await rows.release(holder));
  }
}
