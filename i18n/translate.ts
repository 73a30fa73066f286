/** Looks a dotted key up in a message tree and fills `%{name}` placeholders (polyglot's syntax). */
export type MessageTree = { [key: string]: string | MessageTree };

export function lookup(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  return text.replace(/%\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function createTranslator(messages: MessageTree) {
  return (key: string, values?: Record<string, unknown>): string => {
    const text = lookup(messages, key);
    return text === undefined ? key : interpolate(text, values);
  };
}
