// Interim: the passage sentence sharing most words with the claim; replaced by the measured version.
export function bestSentence(passage: string, claim: string): string | null {
  const words = new Set(claim.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
  let best: string | null = null; let bestScore = 1;
  for (const s of passage.split(/(?<=[.!?])\s+/)) { const score = (s.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => words.has(w)).length; if (score > bestScore) { best = s; bestScore = score; } }
  return best;
}
