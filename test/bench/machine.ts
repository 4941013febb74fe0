import { cpus, loadavg, totalmem } from 'node:os';
import { speedProbeMs } from './speed-probe';

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
  /** The speed probe's median ms (speed-probe.ts) when the bench started and when it ended: lower is faster. */
  probeMsAtStart: number;
  probeMsAtEnd: number | null;
  summary: string;
};

const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

export function machineLine(m: Omit<Machine, 'summary'>): string {
  const end = m.loadAtEnd ? `, at the end ${m.loadAtEnd.join(' ')}` : '';
  const probeEnd = m.probeMsAtEnd === null ? '' : `, at the end ${m.probeMsAtEnd} ms`;
  return (
    `${m.cores} cores, ${m.cpu}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}; ` +
    `load average at the start ${m.loadAtStart.join(' ')}${end}; ` +
    `speed probe (the same work each time, median of 5; lower is faster) at the start ${m.probeMsAtStart} ms${probeEnd}`
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
    probeMsAtStart: speedProbeMs(),
    probeMsAtEnd: null,
  };
  return { ...m, summary: machineLine(m) };
}

export function machineAtEnd(start: Machine): Machine {
  const m = { ...start, loadAtEnd: load(), probeMsAtEnd: speedProbeMs() };
  return { ...m, summary: machineLine(m) };
}
