// CPU readings from /proc (Linux) while a benchmark's load runs, to tell whether the server, the
// load generator or the rest of the machine (a database server, the disk, loopback networking)
// was the limit. Every figure is a share of one core: 100% is one core busy, and the machine has
// `cores` of them. The one reader of /proc for the benchmarks.
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { runLoad, type LoadOptions, type LoadResult } from './load.ts'

const CLOCK_TICKS_PER_SECOND = 100 // USER_HZ: 100 on every Linux that matters
const ticksToMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND

type ProcessStat = { command: string; parent: number; userMs: number; systemMs: number }

/** A process's /proc/<pid>/stat: its command, its parent, its CPU time so far in user space and in the kernel; undefined once it is gone (or off Linux). */
function processStat(pid: number): ProcessStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name, in parentheses, may hold spaces. The fields after it start at field 3:
    // the parent is field 4, the user and kernel times (in clock ticks) fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return {
      command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      parent: Number(fields[1]),
      userMs: ticksToMs(Number(fields[11])),
      systemMs: ticksToMs(Number(fields[12])),
    }
  } catch {
    return undefined
  }
}

/** Every process running now, with its stat. */
function allProcesses(): [number, ProcessStat][] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  return entries.flatMap((entry): [number, ProcessStat][] => {
    if (!/^\d+$/.test(entry)) return []
    const stat = processStat(Number(entry))
    return stat ? [[Number(entry), stat]] : [] // gone meanwhile
  })
}

/** A process and its children (nginx's master and its workers). */
export function processTree(pid: number): number[] {
  return [pid, ...allProcesses().flatMap(([child, stat]) => (stat.parent === pid ? [child] : []))]
}

/** The CPU time (ms) used so far by each running process named `command` (e.g. the postgres backends), by pid. */
function commandCpuMs(command: string): Map<number, number> {
  return new Map(
    allProcesses().flatMap(([pid, stat]) => (stat.command === command ? [[pid, stat.userMs + stat.systemMs]] : [])),
  )
}

/** The whole machine's CPU time so far (all cores), in ms: busy (of which in interrupts), waiting on the disk, total. */
function machineCpuMs(): { busy: number; interrupts: number; iowait: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number)
    return {
      busy: ticksToMs(user + nice + system + irq + softirq + steal),
      interrupts: ticksToMs(irq + softirq),
      iowait: ticksToMs(iowait),
      total: ticksToMs(user + nice + system + idle + iowait + irq + softirq + steal),
    }
  } catch {
    return undefined
  }
}

type CpuReading = {
  at: number
  /** The server's processes, user and kernel time (ms); undefined when none could be read. */
  server: { user: number; system: number } | undefined
  self: NodeJS.CpuUsage
  postgres: Map<number, number>
  machine: ReturnType<typeof machineCpuMs>
}

function cpuReading(serverPids: number[]): CpuReading {
  const stats = serverPids.map(processStat).filter((s) => s !== undefined)
  return {
    at: performance.now(),
    server: stats.length
      ? { user: stats.reduce((sum, s) => sum + s.userMs, 0), system: stats.reduce((sum, s) => sum + s.systemMs, 0) }
      : undefined,
    self: process.cpuUsage(),
    postgres: commandCpuMs('postgres'),
    machine: machineCpuMs(),
  }
}

/**
 * CPU use while measuring, each as a share of one core. server: the server's processes, all of
 * it and its user-space and kernel parts (NaN when unread); postgres: every process of that name
 * (other databases' backends too), when there is one; interrupts: mostly loopback networking;
 * everything else: other processes and kernel threads (such as the file system's journal writing
 * for our fsyncs).
 */
export type Cpu = {
  cores: number
  server: number
  serverUser: number
  serverSystem: number
  loadGenerator: number
  postgres?: number
  machineBusy?: number
  machineIowait?: number
  interrupts?: number
  everythingElse?: number
}

function cpuBetween(a: CpuReading | undefined, b: CpuReading): Cpu {
  const cores = availableParallelism()
  if (!a) return { cores, server: NaN, serverUser: NaN, serverSystem: NaN, loadGenerator: NaN }
  const share = (ms: number) => (ms * 100) / (b.at - a.at)
  const serverUser = a.server && b.server ? share(b.server.user - a.server.user) : NaN
  const serverSystem = a.server && b.server ? share(b.server.system - a.server.system) : NaN
  const cpu: Cpu = {
    cores,
    server: serverUser + serverSystem,
    serverUser,
    serverSystem,
    loadGenerator: share((b.self.user - a.self.user + b.self.system - a.self.system) / 1000),
  }
  if (b.postgres.size > 0) {
    // Time spent by the processes alive at the second reading (those that ended meanwhile are missed).
    let postgresMs = 0
    for (const [pid, ms] of b.postgres) postgresMs += ms - (a.postgres.get(pid) ?? 0)
    cpu.postgres = share(postgresMs)
  }
  if (a.machine && b.machine) {
    const total = b.machine.total - a.machine.total
    const machineShare = (ms: number) => (ms * 100 * cores) / total
    cpu.machineBusy = machineShare(b.machine.busy - a.machine.busy)
    cpu.machineIowait = machineShare(b.machine.iowait - a.machine.iowait)
    cpu.interrupts = machineShare(b.machine.interrupts - a.machine.interrupts)
    // Tick-granular counters overlap a little (interrupts served in a process's time): at least 0.
    cpu.everythingElse = Math.max(
      0,
      cpu.machineBusy -
        (Number.isNaN(cpu.server) ? 0 : cpu.server) -
        cpu.loadGenerator -
        (cpu.postgres ?? 0) -
        cpu.interrupts,
    )
  }
  return cpu
}

/**
 * Runs the load (scripts/lib/load.ts) and reads the CPU over its measured part: from the end of
 * the warm-up, when `serverPids` is asked (a server's workers may have been replaced by then), to
 * the last answer.
 */
export async function measureLoad(
  options: LoadOptions,
  serverPids: () => number[],
): Promise<{ load: LoadResult; cpu: Cpu }> {
  let before: CpuReading | undefined
  let pids: number[] = []
  const load = await runLoad({
    ...options,
    onMeasureStart: () => {
      pids = serverPids()
      before = cpuReading(pids)
    },
  })
  return { load, cpu: cpuBetween(before, cpuReading(pids)) }
}
