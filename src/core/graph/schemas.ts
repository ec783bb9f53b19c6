/**
 * Structured outputs of the agents: zod schemas, sent to Ollama as JSON schema (`format`) and used
 * again to validate the reply, since a small model can still break the shape.
 */
import { z } from 'zod';

export const OrchestratorDecision = z.object({
  decision: z.enum(['clarify', 'research']),
  reasoning: z.string(),
  missing_context: z.string(),
  intent: z.string(),
  standalone_question: z.string(),
  sub_queries: z.array(z.string()).max(5),
  document_filters: z.array(z.string()).max(10),
});

export const QueryAnalysis = z.object({
  intent: z.string(),
  standalone_question: z.string(),
  sub_queries: z.array(z.string()).max(5),
  document_filters: z.array(z.string()).max(10),
});

export const ClarificationReply = z.object({
  question: z.string().min(3),
  options: z
    .array(z.object({ label: z.string().min(1), prompt: z.string().min(1) }))
    .min(1)
    .max(6),
});

export const QualityGrade = z.object({
  relevant: z.array(z.number().int()),
  score: z.number().min(0).max(1),
  verdict: z.enum(['proceed', 'requery', 'fallback']),
  queries: z.array(z.string()).max(5),
  reason: z.string(),
});

export const ValidationVerdict = z.object({
  grounded: z.boolean(),
  relevant: z.boolean(),
  score: z.number().min(0).max(1),
  unsupported: z.array(z.string()),
  feedback: z.string(),
});

/**
 * Output caps (`num_predict`) of the structured replies: each schema filled tersely, as the
 * prompts ask (a few words of reason, short queries), with about twice that for room. A reply cut
 * by its cap is not valid JSON, and the agent falls back to its safe default; the caps bound what
 * a rambling model makes the user wait for before the answer.
 */
export const REPLY_TOKENS = {
  orchestrator: 320,
  'query-analysis': 256,
  quality: 256,
  clarification: 384,
  validation: 320,
} as const;

const jsonSchemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  let json = jsonSchemaCache.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema) as Record<string, unknown>;
    delete json.$schema;
    jsonSchemaCache.set(schema, json);
  }
  return json;
}
