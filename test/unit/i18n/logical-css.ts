/** Declarations that do not mirror in a right-to-left language. */
const PHYSICAL = [
  /\b(margin|padding|border)-(left|right)\b/,
  /(^|[\s;{])(left|right)\s*:/,
  /text-align:\s*(left|right)/,
  /float:\s*(left|right)/,
  /border-(top|bottom)-(left|right)-radius/,
  /translateX\(/,
  // A four-value shorthand whose right and left differ.
  /(?:^|[\s;{])(?:margin|padding):\s*(\S+)\s+(\S+)\s+(\S+)\s+(?!\2[\s;])\S+\s*;/,
];

/** Physical declarations in a stylesheet, except one right after a comment saying why it must be physical. */
export function physicalDeclarations(css: string): string[] {
  const lines = css.split('\n');
  return lines.flatMap((line, i) => {
    const allowed = /\/\*\s*physical:/.test(lines[i - 1] ?? '');
    return !allowed && PHYSICAL.some((rule) => rule.test(line)) ? [`${i + 1}: ${line.trim()}`] : [];
  });
}
