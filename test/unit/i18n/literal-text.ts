import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const LETTER = /\p{L}/u;

/** Expressions through which a string literal reaches the page unchanged: `a ? 'x' : 'y'`, `a || 'x'`, `('x')`. */
function passesThrough(node: ts.Node): boolean {
  return (
    ts.isConditionalExpression(node) ||
    ts.isParenthesizedExpression(node) ||
    (ts.isBinaryExpression(node) &&
      [
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
        ts.SyntaxKind.AmpersandAmpersandToken,
        ts.SyntaxKind.PlusToken,
      ].includes(node.operatorToken.kind))
  );
}

export type Finding = { line: number; text: string };

/**
 * Text a person would see that is written in a component rather than taken from the catalogue: JSX text with a
 * letter, a read attribute given a literal, and a literal that is a JSX child or attribute value on its own or
 * through a condition.
 */
export function literalText(source: string, fileName: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  const literalReachesJsx = (node: ts.Node): boolean => {
    let at = node.parent;
    while (at && passesThrough(at)) at = at.parent;
    if (!at || !ts.isJsxExpression(at)) return false;
    const holder = at.parent;
    if (ts.isJsxAttribute(holder)) return READ_ATTRIBUTES.has(holder.name.getText(file));
    return true;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) add(node, node.text);
    else if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (READ_ATTRIBUTES.has(node.name.getText(file)) && LETTER.test(node.initializer.text))
        add(node, node.initializer.text);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
      !ts.isJsxAttribute(node.parent) &&
      LETTER.test(node.getText(file).replace(/\$\{[^}]*\}/g, '')) &&
      literalReachesJsx(node)
    ) {
      add(node, node.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Fields of objects whose text a person reads: an error's or reply's sentence, a shown entry's label. */
const READ_FIELDS = new Set(['message', 'label']);

/**
 * Sentences written into a `message:` or `label:` field of an object (an error, a reply, a result a view shows,
 * a part of the service's answer shown under its label), given as a literal or through a condition: a person
 * reads them, so they come from the catalogue.
 */
export function messageLiterals(source: string, fileName: string): Finding[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: Finding[] = [];
  const literals = (node: ts.Node): ts.Node[] =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)
      ? [node]
      : passesThrough(node)
        ? node.getChildren(file).flatMap(literals)
        : [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && READ_FIELDS.has(node.name.getText(file))) {
      for (const literal of literals(node.initializer)) {
        const text = literal.getText(file);
        if (LETTER.test(text.replace(/\$\{[^}]*\}/g, ''))) {
          found.push({ line: file.getLineAndCharacterOfPosition(literal.getStart()).line + 1, text });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every .tsx file (with `scripts`, every .ts file too) under these folders, relative to root. */
export function componentFiles(root: string, folders: readonly string[], scripts = false): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.tsx') || (scripts && entry.name.endsWith('.ts'))) out.push(relative(root, path));
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return out.sort();
}

export const readSource = (root: string, file: string) => readFileSync(join(root, file), 'utf8');
