/** What a session's root is asked with beside its parts: the agent's own title, the person's requests and the agent's final report. */
export interface SessionContext {
	agentTitle?: string;
	requests: string[];
	finalReport?: string;
}
