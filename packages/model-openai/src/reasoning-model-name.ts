/**
 * Whether a model id names an OpenAI reasoning model (o1, o3, o4-mini, gpt-5 and its dated and
 * sized variants, not the non-reasoning `gpt-5-chat`), which takes `reasoning_effort` and
 * `max_completion_tokens`. A `vendor/` path in front is ignored.
 */
export function isReasoningModelName(model: string): boolean {
  const name = model.toLowerCase().slice(model.lastIndexOf('/') + 1);
  if (/^gpt-5(\.\d+)?-chat/.test(name)) return false;
  return /^o\d/.test(name) || /^gpt-5/.test(name);
}
