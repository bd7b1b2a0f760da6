import type {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * How many MCP sessions `drill mcp --http` keeps, and when one is closed. Loopback clients have no
 * identity a server can trust (any local process can claim any name), so per-client quotas would
 * be theatre; instead no session is ever closed to make room for another. A session ends when its
 * client ends it (HTTP DELETE), when the server stops, or after `idleMs` without a request; while
 * `max` sessions are open, a new one is refused (503, with Retry-After) and the others go on.
 */
export const sessionDefaults = {max: 64, idleMs: 30 * 60 * 1000} as const;

export interface HttpSession {
	transport: StreamableHTTPServerTransport;
	close(): Promise<void>;
	lastSeen: number;
}

/** Why an id is no longer served, kept for a clear 404 (the last few hundred). */
const rememberedEnds = 256;

export class SessionTable {
	private readonly sessions = new Map<string, HttpSession>();
	private readonly ended = new Map<string, string>();
	/** initialize requests being answered: counted, so that a burst of them cannot pass the limit. */
	private opening = 0;
	private readonly timer: NodeJS.Timeout;

	constructor(
		readonly max: number = sessionDefaults.max,
		readonly idleMs: number = sessionDefaults.idleMs,
		private readonly now: () => number = Date.now,
	) {
		this.timer = setInterval(() => void this.expireIdle(), Math.max(50, Math.min(60_000, Math.floor(idleMs / 4))));
		this.timer.unref();
	}

	get size(): number {
		return this.sessions.size;
	}

	/** The session, marked as used now; undefined when there is none with that id. */
	use(id: string): HttpSession | undefined {
		const session = this.sessions.get(id);
		if (session) session.lastSeen = this.now();
		return session;
	}

	/** Why a session id is not (or no longer) served, for the 404 that answers it. */
	whyGone(id: string): string {
		return this.ended.get(id) ?? 'no such session on this server (it may have restarted)';
	}

	/** A slot for a new session, or undefined when every one is taken by a live session. */
	async reserve(): Promise<(() => void) | undefined> {
		await this.expireIdle();
		if (this.sessions.size + this.opening >= this.max) return undefined;
		this.opening++;
		let released = false;
		return () => {
			if (!released) this.opening--;
			released = true;
		};
	}

	add(id: string, session: Omit<HttpSession, 'lastSeen'>): void {
		this.sessions.set(id, {...session, lastSeen: this.now()});
	}

	/** Forgets a session that ended (its client deleted it, or its transport closed). */
	remove(id: string, why: string): void {
		if (!this.sessions.delete(id)) return;
		this.ended.set(id, why);
		for (const key of this.ended.keys()) {
			if (this.ended.size <= rememberedEnds) break;
			this.ended.delete(key);
		}
	}

	/** Seconds until the longest-idle session expires: when a refused client may try again. */
	retryAfterSeconds(): number {
		let oldest = Number.POSITIVE_INFINITY;
		for (const session of this.sessions.values()) oldest = Math.min(oldest, session.lastSeen);
		if (!Number.isFinite(oldest)) return 1;
		return Math.max(1, Math.ceil((oldest + this.idleMs - this.now()) / 1000));
	}

	async expireIdle(): Promise<void> {
		const cutoff = this.now() - this.idleMs;
		const idle = [...this.sessions].filter(([, session]) => session.lastSeen <= cutoff);
		for (const [id, session] of idle) {
			this.remove(id, `the session was closed after ${describeDuration(this.idleMs)} without a request`);
			await session.close();
		}
	}

	async closeAll(): Promise<void> {
		clearInterval(this.timer);
		const all = [...this.sessions];
		this.sessions.clear();
		for (const [, session] of all) await session.close();
	}
}

export function describeDuration(ms: number): string {
	if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
	if (ms % 1000 === 0) return `${ms / 1000} second${ms === 1000 ? '' : 's'}`;
	return `${ms} ms`;
}
