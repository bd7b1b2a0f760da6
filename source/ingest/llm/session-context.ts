/** What a session's root is asked with beside its parts: the agent's own title, the person's requests and the agent's final report. */
export interface SessionContext {
	agentTitle?: string;
	requests: string[];
	/** The request the session's work followed (`tree/main-request.ts`). */
	mainRequest?: string;
	finalReport?: string;
	/** The files the session edited. */
	filesEdited?: string[];
}
