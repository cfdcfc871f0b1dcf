/** "Could not like the post" + the back end's reason, as one readable sentence, in every remote alike. */
export function failureMessage(what: string, reason: string): string {
  const detail = reason.trim();
  if (!detail) return `${what}. Try again.`;
  return `${what}. ${/[.!?]$/.test(detail) ? detail : `${detail}.`}`;
}
