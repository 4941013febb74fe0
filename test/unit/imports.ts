/**
 * The import walk the layer tests share: every relative import of the product's sources, read with the
 * TypeScript parser (so strings and comments that look like imports are not counted), and the circles they form.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './sizes';

/** A relative import resolved to a file of the repository, or null for packages and missing files. */
export function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = join(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    const path = join(ROOT, candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return null;
}

export interface Import {
  spec: string;
  /** The file it names, or null for a package. */
  target: string | null;
  /** Erased at build time: `import type`, `export type`, or every named binding marked `type`. */
  typeOnly: boolean;
  /** An `import()` call: loaded when the code runs it, not with the importing module. */
  dynamic?: boolean;
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((element) => element.isTypeOnly);
}

/** Every module a file names: imports, re-exports, `import()` and `import('x').T` types. */
export function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: Import[] = [];
  const add = (spec: ts.Expression | undefined, typeOnly: boolean, dynamic = false) => {
    if (spec && ts.isStringLiteralLike(spec)) {
      found.push({ spec: spec.text, target: resolveImport(file, spec.text), typeOnly, ...(dynamic && { dynamic }) });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, typeOnlyImport(node));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, typeOnlyExport(node));
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Which files each file imports (relative imports only), kept inside `within` when given. */
export type Graph = Map<string, Set<string>>;

export function importGraph(files: string[], options: { typeOnly?: boolean } = {}): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = importsOf(file)
      .filter((entry) => options.typeOnly !== false || !entry.typeOnly)
      .map((entry) => entry.target)
      .filter((target): target is string => target !== null);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): each is one circle or more. */
export function circles(graph: Graph): string[][] {
  // Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const inGraph = (node: string) => [...(graph.get(node) ?? [])].filter((next) => graph.has(next));
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: string[] }[] = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: inGraph(node) });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: string[] };
      const next = frame.next.shift();
      if (next !== undefined) {
        if (!index.has(next)) enter(next);
        else if (onStack.has(next)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(next) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== frame.node);
      if (group.length > 1 || graph.get(frame.node)?.has(frame.node)) groups.push(group.sort());
    }
  }
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** One readable loop through a group `circles` found: a → b → … → a. */
export function loopThrough(graph: Graph, group: string[]): string {
  const members = new Set(group);
  const first = group[0] as string;
  // Breadth-first from the first member back to itself, inside the group, so the loop shown is a shortest one.
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      if (next === first) queue.length = 0;
      else queue.push(next);
    }
  }
  const path: string[] = [];
  for (let node = cameFrom.get(first); node !== undefined && node !== first; node = cameFrom.get(node)) {
    path.unshift(node);
  }
  return [first, ...path, first].join(' → ');
}
