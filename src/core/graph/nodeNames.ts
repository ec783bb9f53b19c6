/**
 * The nodes' names, apart from the node table (nodes.ts) so that the state, the config and the
 * runtime can name nodes without importing the nodes that import them. The table must have
 * exactly these keys (the compiler checks both ways); the union is written out because the
 * table's inferred type would depend on the state, whose `nextAgent` depends on these names.
 */
export type NodeName = 'gate' | 'orchestrator' | 'clarification' | 'research' | 'synthesis' | 'validation' | 'notFound' | 'degraded';

/** Where a node sends the turn: another node, `end` (the routers then end the turn), or '' before any node ran. */
export type NextAgent = NodeName | 'end' | '';
