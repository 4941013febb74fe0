import { cpus, loadavg, totalmem } from 'node:os';

/** What the bench ran on: figures from a two-core laptop and from a workstation are not the same figures. */
export type Machine = {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
  platform: string;
  /** 1, 5 and 15-minute load averages when the bench started and when it ended (other work skews timings). */
  loadAtStart: number[];
  loadAtEnd: number[] | null;
  summary: string;
};

const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

function describe(m: Omit<Machine, 'summary'>): string {
  const end = m.loadAtEnd ? `, at the end ${m.loadAtEnd.join(' ')}` : '';
  return (
    `${m.cores} cores, ${m.cpu}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; ` +
    `load average at the start ${m.loadAtStart.join(' ')}${end}`
  );
}

export function machineAtStart(): Machine {
  const list = cpus();
  const m = {
    cores: list.length,
    cpu: list[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAtStart: load(),
    loadAtEnd: null,
  };
  return { ...m, summary: describe(m) };
}

export function machineAtEnd(start: Machine): Machine {
  const m = { ...start, loadAtEnd: load() };
  return { ...m, summary: describe(m) };
}
