/**
 * What one MCP session remembers between calls (one per stdio server, one per HTTP session):
 * - the frame cursor its last frame answer showed, so a refused `from` says "another command moved
 *   the cursor" only when one did;
 * - the answers of writes it never got: a `drill`/`undrill` the client cancelled still runs to the
 *   end (a frame write is short and atomic, and half of one would be worse), and its answer is
 *   reported at the top of the session's next call;
 * - the tool calls still running, so the server finishes them before it exits, and the writes, so
 *   that the session's next call waits for them and sees what they did.
 */
/** How many answered writes a session remembers for a late cancel. */
const recentWrites = 16;

export class McpSession {
	/** The cursor as this session last saw it: a sha, null for none, undefined before any frame answer. */
	lastCursor: string | null | undefined;
	private readonly unreported: string[] = [];
	private readonly answeredWrites = new Map<string, {tool: string; line: string}>();
	private readonly running = new Set<Promise<unknown>>();
	private readonly writing = new Set<Promise<unknown>>();

	/** Keeps the one-line answer of a call whose reply the client cancelled, for the next call. */
	cancelled(tool: string, line: string): void {
		this.unreported.push(`your cancelled ${tool} call completed before the cancel reached it: ${line}`);
	}

	/**
	 * A write answered: kept a while, for a cancel that arrives after the answer went out (the
	 * client then drops the answer, as the protocol tells it to, and must hear of it on its next call).
	 */
	answered(requestId: string | number, tool: string, line: string): void {
		this.answeredWrites.set(JSON.stringify(requestId), {tool, line});
		for (const key of this.answeredWrites.keys()) {
			if (this.answeredWrites.size <= recentWrites) break;
			this.answeredWrites.delete(key);
		}
	}

	/** A client cancelled a request: if it was a write already answered, its answer is owed again. */
	cancelArrived(requestId: unknown): void {
		const key = JSON.stringify(requestId);
		const write = this.answeredWrites.get(key);
		if (!write) return;
		this.answeredWrites.delete(key);
		this.cancelled(write.tool, write.line);
	}

	/** The answers owed (each once). */
	takeUnreported(): string[] {
		return this.unreported.splice(0);
	}

	track<T>(call: Promise<T>): Promise<T> {
		this.running.add(call);
		const done = () => this.running.delete(call);
		call.then(done, done);
		return call;
	}

	/** A write under way: the session's next calls wait for it, so that they see (and report) what it did. */
	trackWrite<T>(call: Promise<T>): Promise<T> {
		this.writing.add(call);
		const done = () => this.writing.delete(call);
		call.then(done, done);
		return call;
	}

	/** Settles when the writes under way now have finished (not the ones started later). */
	async writesSoFar(): Promise<void> {
		await Promise.allSettled([...this.writing]);
	}

	/** Resolves once every call started so far has finished. */
	async settled(): Promise<void> {
		while (this.running.size > 0) await Promise.allSettled([...this.running]);
	}
}
