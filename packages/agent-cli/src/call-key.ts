/** A canonical key of a tool call: its name and its arguments with sorted keys. */
export function callKey(name: string, args: Readonly<Record<string, unknown>>): string {
  const sorted = Object.keys(args)
    .sort()
    .map((key) => [key, args[key]]);
  return `${name}:${JSON.stringify(sorted)}`;
}
