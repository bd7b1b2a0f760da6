import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';

/** One JSON-RPC answer as it came over the wire, with its size in bytes. */
export interface WireAnswer {
	message: {jsonrpc: '2.0'; id?: string | number | null; result?: any; error?: {code: number; message: string; data?: unknown}};
	bytes: number;
}

/**
 * A raw JSON-RPC client for `drill mcp` over stdio: it writes whatever line it is given (so it can
 * send malformed or oversized requests no SDK client would) and hands back each answer with its
 * size on the wire. Answers without an id (errors for lines whose id could not be read) queue up
 * in `orphans`.
 */
export class WireClient {
	readonly child: ChildProcessWithoutNullStreams;
	readonly orphans: WireAnswer[] = [];
	readonly stderr: string[] = [];
	private readonly waiting = new Map<string, (answer: WireAnswer) => void>();
	private readonly orphanWaiters: Array<(answer: WireAnswer) => void> = [];
	private pending = '';
	private nextId = 1;
	readonly exited: Promise<{code: number | null; signal: string | null}>;

	constructor(command: string, args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv} = {}) {
		this.child = spawn(command, args, {cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe']});
		this.child.stdout.setEncoding('utf8');
		this.child.stdout.on('data', (chunk: string) => this.receive(chunk));
		this.child.stderr.setEncoding('utf8');
		this.child.stderr.on('data', (chunk: string) => this.stderr.push(chunk));
		this.child.stdin.on('error', () => {});
		this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({code, signal})));
	}

	private receive(chunk: string): void {
		this.pending += chunk;
		let newline: number;
		while ((newline = this.pending.indexOf('\n')) !== -1) {
			const line = this.pending.slice(0, newline);
			this.pending = this.pending.slice(newline + 1);
			if (line.trim() === '') continue;
			const answer: WireAnswer = {message: JSON.parse(line), bytes: Buffer.byteLength(line) + 1};
			const id = answer.message.id;
			const waiter = id === undefined || id === null ? undefined : this.waiting.get(JSON.stringify(id));
			if (waiter) {
				this.waiting.delete(JSON.stringify(id));
				waiter(answer);
			} else if (this.orphanWaiters.length > 0) this.orphanWaiters.shift()!(answer);
			else this.orphans.push(answer);
		}
	}

	/** Writes one line (a newline is added) in one write, so concurrent callers never interleave, and returns once it is flushed. */
	async writeLine(line: string): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.child.stdin.write(`${line}\n`, (error) => (error ? reject(error) : resolve()));
		});
	}

	/** The answer to the request with this id. */
	answerTo(id: string | number): Promise<WireAnswer> {
		return new Promise((resolve) => this.waiting.set(JSON.stringify(id), resolve));
	}

	/** The next answer that carries no id (id null: the line could not be read as a request). */
	nextOrphan(): Promise<WireAnswer> {
		const queued = this.orphans.shift();
		return queued ? Promise.resolve(queued) : new Promise((resolve) => this.orphanWaiters.push(resolve));
	}

	/** Sends a request and waits for its answer. */
	async request(method: string, params?: unknown, id: string | number = this.nextId++): Promise<WireAnswer> {
		const answer = this.answerTo(id);
		await this.writeLine(JSON.stringify({jsonrpc: '2.0', id, method, ...(params === undefined ? {} : {params})}));
		return answer;
	}

	async notify(method: string, params?: unknown): Promise<void> {
		await this.writeLine(JSON.stringify({jsonrpc: '2.0', method, ...(params === undefined ? {} : {params})}));
	}

	/** The MCP handshake: initialize, then the initialized notification. */
	async initialize(): Promise<WireAnswer> {
		const answer = await this.request('initialize', {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'drill-wire', version: '1.0.0'}});
		await this.notify('notifications/initialized');
		return answer;
	}

	async callTool(name: string, args: Record<string, unknown> = {}): Promise<WireAnswer> {
		return this.request('tools/call', {name, arguments: args});
	}

	/** Ends stdin and waits for the server to exit. */
	async close(): Promise<{code: number | null; signal: string | null}> {
		this.child.stdin.end();
		const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
		const exit = await this.exited;
		clearTimeout(timer);
		return exit;
	}
}
