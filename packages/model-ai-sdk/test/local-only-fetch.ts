/**
 * A `fetch` that refuses any host but 127.0.0.1, so no test request can leave the machine.
 * Given to the provider SDKs instead of the global one.
 */
export const localOnlyFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname !== '127.0.0.1') throw new Error(`test request to ${url.hostname} refused`);
  return fetch(input, init);
};
