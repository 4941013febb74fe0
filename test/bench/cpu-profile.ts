/**
 * What the bench's profiling tools (page-profile.ts, bulk-profile.ts, library-profile.ts) share: the V8 CPU profile
 * CDP's `Profiler.stop` returns, folded into milliseconds per function, and a table of the largest.
 */
export type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

// V8 names its own work in parentheses already: (program), (garbage collector), (idle).
const fileOf = ({ callFrame: { url, functionName } }: ProfileNode) =>
  url ? (url.split('/').pop() ?? url) : functionName.startsWith('(') ? functionName : `(${functionName || 'native'})`;

/** file:line:column function, 1-based as an editor shows them (a minified bundle needs the column). */
const frameOf = (node: ProfileNode) => {
  const { functionName, lineNumber, columnNumber } = node.callFrame;
  return `${fileOf(node)}:${lineNumber + 1}:${columnNumber + 1} ${functionName || '(anonymous)'}`;
};

const isExtension = (node: ProfileNode) => node.callFrame.url.startsWith('chrome-extension://');

/** Where the folded milliseconds go; each map is optional and added to, so several profiles can be summed. */
export type Fold = {
  /** Self time by file (native work such as the garbage collector under its own name). */
  byFile?: Map<string, number>;
  /** Self time by function; with `extensionSelfOnly`, the extension's functions only. */
  self?: Map<string, number>;
  extensionSelfOnly?: boolean;
  /** The extension's functions with all they called: a sample counts once for each on its stack. */
  inclusive?: Map<string, number>;
};

const add = (map: Map<string, number> | undefined, key: string, ms: number) => map?.set(key, (map.get(key) ?? 0) + ms);

export function foldProfile(profile: CpuProfile, into: Fold): void {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  profile.samples.forEach((sample, i) => {
    const node = nodes.get(sample);
    if (!node) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    add(into.byFile, fileOf(node), ms);
    if (!into.extensionSelfOnly || isExtension(node)) add(into.self, frameOf(node), ms);
    if (!into.inclusive) return;
    const seen = new Set<string>();
    for (let at: ProfileNode | undefined = node; at; at = nodes.get(parent.get(at.id) ?? -1)) {
      const key = frameOf(at);
      if (seen.has(key) || !isExtension(at)) continue;
      seen.add(key);
      add(into.inclusive, key, ms);
    }
  });
}

/** The `n` largest entries, each divided by `per` (loads, runs, searches), as aligned lines of milliseconds. */
export const top = (map: Map<string, number>, n: number, per = 1, digits = 1): string =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${(v / per).toFixed(digits).padStart(7)} ms  ${k}`)
    .join('\n');
