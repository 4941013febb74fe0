/**
 * YAML front-matter without a YAML library: every string is written as a JSON string, which YAML 1.2 reads as
 * a double-quoted scalar (YAML 1.2 is a superset of JSON), so colons, quotes, `#`, `---` and line breaks in a
 * title can never end the value or the block. The few characters JSON leaves raw but YAML does not allow
 * (DEL, C1 controls, U+2028/2029, BOM, non-characters) are escaped too.
 */
const NOT_YAML_PRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;

export function yamlString(text: string): string {
  return JSON.stringify(text).replace(NOT_YAML_PRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export type YamlValue = string | number | boolean | null | readonly string[];

function yamlValue(value: YamlValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return yamlString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  return `[${value.map(yamlString).join(', ')}]`;
}

/** `---`, one `key: value` line per field (keys are ours: plain words), `---`. */
export function frontMatter(fields: Readonly<Record<string, YamlValue>>): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${yamlValue(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}
