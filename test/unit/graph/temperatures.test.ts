import assert from 'node:assert/strict';
import { memoryRetriever } from '../../support/memoryRetriever';
import { startHarness, type Harness } from '../../support/graphHarness';
import type { Agent } from '../../support/scriptedAgents';

const docs = memoryRetriever([{ path: 'ssh.md', text: 'The hello_timeout of the Erlang SSH daemon defaults to 30 seconds.' }]);

/** The temperature each agent's request carried, as Ollama received it. */
function temperatures(h: Harness): Partial<Record<Agent, number>> {
  return Object.fromEntries(
    Object.entries(h.agents.requests)
      .filter(([, bodies]) => bodies.length > 0)
      .map(([agent, bodies]) => [agent, (bodies[0]!.options as { temperature?: number } | undefined)?.temperature]),
  );
}

describe('sampling temperature: the setting, else the prompt file', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.close());

  it("without settings every request runs at its prompt file's temperature: grading at 0, not at the answer's 0.2", async () => {
    h = await startHarness(docs);
    await h.ask('What is the hello_timeout of the Erlang SSH daemon?');
    // prompts/*.md front matter: orchestrator 0.3, quality 0, synthesis 0.2, validation 0 (the orchestrator's plan stands in for query analysis here).
    assert.deepEqual(temperatures(h), { orchestrator: 0.3, quality: 0, synthesis: 0.2, validation: 0 });
  });

  it("a user's setting for an agent wins over its prompt file, and touches no other agent", async () => {
    h = await startHarness(docs, {}, { config: { temperatures: { synthesis: 0.9, orchestrator: 0.7 } } });
    await h.ask('What is the hello_timeout of the Erlang SSH daemon?');
    assert.deepEqual(temperatures(h), { orchestrator: 0.7, quality: 0, synthesis: 0.9, validation: 0 });
  });
});
