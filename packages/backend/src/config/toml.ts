/**
 * Reads the subset of TOML that supabase/config.toml uses: [tables] (dotted names), `key = value` with
 * strings, numbers, booleans and single-line arrays of those, and # comments. Anything else is ignored, so an
 * unknown construct never stops the backend; it only means that setting keeps its default.
 */
export type TomlValue = string | number | boolean | TomlValue[];
export type TomlTable = Record<string, TomlValue | undefined>;

export function parseToml(text: string): Record<string, TomlTable> {
  const tables: Record<string, TomlTable> = { '': {} };
  let current: TomlTable = tables['']!;
  let pendingKey: string | undefined;
  let pendingValue = '';
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine).trim();
    if (pendingKey !== undefined) {
      // A multi-line array: gather until the brackets balance.
      pendingValue += ' ' + line;
      if (balanced(pendingValue)) {
        const value = parseValue(pendingValue);
        if (value !== undefined) current[pendingKey] = value;
        pendingKey = undefined;
      }
      continue;
    }
    if (!line) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      current = tables[name] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line
      .slice(0, eq)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    const valueText = line.slice(eq + 1).trim();
    if (valueText.startsWith('[') && !balanced(valueText)) {
      pendingKey = key;
      pendingValue = valueText;
      continue;
    }
    const value = parseValue(valueText);
    if (value !== undefined) current[key] = value;
  }
  return tables;
}

function stripComment(line: string): string {
  let inString: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\' && inString === '"') i++;
      else if (ch === inString) inString = undefined;
    } else if (ch === '"' || ch === "'") inString = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function balanced(text: string): boolean {
  let depth = 0;
  let inString: string | undefined;
  for (const ch of text) {
    if (inString) {
      if (ch === inString) inString = undefined;
    } else if (ch === '"' || ch === "'") inString = ch;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
  }
  return depth <= 0;
}

function parseValue(text: string): TomlValue | undefined {
  const t = text.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (/^"(?:[^"\\]|\\.)*"$/.test(t)) return JSON.parse(t) as string;
  if (/^'[^']*'$/.test(t)) return t.slice(1, -1);
  if (/^[+-]?\d[\d_]*(\.\d+)?$/.test(t)) return Number(t.replace(/_/g, ''));
  if (t.startsWith('[') && t.endsWith(']')) {
    const inner = t.slice(1, -1).trim();
    if (!inner) return [];
    const items: TomlValue[] = [];
    for (const part of splitTopLevel(inner)) {
      if (!part.trim()) continue;
      const v = parseValue(part);
      if (v !== undefined) items.push(v);
    }
    return items;
  }
  return undefined;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === inString) inString = undefined;
    } else if (ch === '"' || ch === "'") inString = ch;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
