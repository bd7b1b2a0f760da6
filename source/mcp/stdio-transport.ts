import type {Readable, Writable} from 'node:stream';
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import {ErrorCode, type JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';
import {limits} from './limits.js';
import {checkMessage, errorAnswer, type RequestId} from './message-check.js';
import {RequestIdScanner} from './request-id-scanner.js';

const newline = 0x0a;
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(bytes % 1048576 ? 1 : 0)} MiB`;

/**
 * MCP over stdio, one JSON-RPC message per line, that answers every line. The SDK's own stdio
 * transport closes itself when its buffer passes 10 MB (the server then exits without a word,
 * and requests in flight are lost) and drops lines it cannot parse. Here a line over the limit is
 * skipped as it streams past, holding none of it but its id, and answered with an error; a
 * malformed line gets -32700/-32600/-32602; and when stdin ends, the requests already read are
 * answered before the transport closes.
 */
export class LineTransport implements Transport {
	onclose?: () => void;
	onerror?: (error: Error) => void;
	onmessage?: (message: JSONRPCMessage) => void;

	private chunks: Buffer[] = [];
	private pendingBytes = 0;
	/** Set while an oversized line streams past. */
	private skipping: {scanner: RequestIdScanner; bytes: number} | undefined;
	private readonly inFlight = new Set<string>();
	private ended = false;
	private closed = false;

	constructor(
		private readonly input: Readable = process.stdin,
		private readonly output: Writable = process.stdout,
		private readonly maxLineBytes: number = limits.maxRequestBytes,
	) {}

	async start(): Promise<void> {
		this.input.on('data', this.onData);
		this.input.on('end', this.onEnd);
		this.input.on('error', this.onStreamError);
		this.output.on('error', this.onStreamError);
	}

	private readonly onData = (chunk: Buffer | string) => {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		let from = 0;
		while (from < bytes.length) {
			const at = bytes.indexOf(newline, from);
			const end = at === -1 ? bytes.length : at;
			this.take(bytes.subarray(from, end));
			if (at === -1) break;
			this.endLine();
			from = at + 1;
		}
	};

	/** Part of a line: kept, or (past the limit) only scanned for its id. */
	private take(part: Buffer): void {
		if (part.length === 0) return;
		if (this.skipping) {
			this.skipping.scanner.feed(part);
			this.skipping.bytes += part.length;
			return;
		}
		this.chunks.push(part);
		this.pendingBytes += part.length;
		if (this.pendingBytes > this.maxLineBytes) {
			const scanner = new RequestIdScanner();
			for (const chunk of this.chunks) scanner.feed(chunk);
			this.skipping = {scanner, bytes: this.pendingBytes};
			this.chunks = [];
			this.pendingBytes = 0;
		}
	}

	private endLine(): void {
		if (this.skipping) {
			const {scanner, bytes} = this.skipping;
			this.skipping = undefined;
			this.reply(errorAnswer(scanner.id, ErrorCode.InvalidRequest, `Request too large: ${bytes} bytes, over the limit of ${mib(this.maxLineBytes)} (${this.maxLineBytes} bytes) per message; send smaller arguments (each tool's input schema gives their limits)`));
			return;
		}
		const line = Buffer.concat(this.chunks, this.pendingBytes).toString('utf8').replace(/\r$/u, '');
		this.chunks = [];
		this.pendingBytes = 0;
		if (line.trim() === '') return;
		const checked = checkMessage(line);
		if ('error' in checked) {
			this.reply(checked.error);
			return;
		}
		const message = checked.message;
		if ('method' in message && 'id' in message) this.inFlight.add(JSON.stringify(message.id));
		this.onmessage?.(message);
		// A cancelled request gets no answer: it is no longer awaited before the transport closes.
		if ('method' in message && message.method === 'notifications/cancelled' && this.inFlight.delete(JSON.stringify((message.params as {requestId?: unknown} | undefined)?.requestId))) this.closeWhenIdle();
	}

	private reply(message: JSONRPCMessage): void {
		this.send(message).catch((error: unknown) => this.onerror?.(error as Error));
	}

	private readonly onEnd = () => {
		// A last line without a newline still counts.
		if (this.pendingBytes > 0 || this.skipping) this.endLine();
		this.ended = true;
		this.closeWhenIdle();
	};

	private readonly onStreamError = (error: Error) => {
		this.onerror?.(error);
		if ((error as NodeJS.ErrnoException).code === 'EPIPE') void this.close();
	};

	private closeWhenIdle(): void {
		if (this.ended && this.inFlight.size === 0) void this.close();
	}

	send(message: JSONRPCMessage): Promise<void> {
		if (this.closed) return Promise.resolve();
		const answered = 'id' in message && !('method' in message) ? JSON.stringify((message as {id: RequestId}).id) : undefined;
		return new Promise((resolve) => {
			const done = () => {
				if (answered !== undefined && this.inFlight.delete(answered)) this.closeWhenIdle();
				resolve();
			};
			if (this.output.write(`${JSON.stringify(message)}\n`)) done();
			else this.output.once('drain', done);
		});
	}

	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.input.off('data', this.onData);
		this.input.off('end', this.onEnd);
		this.input.off('error', this.onStreamError);
		this.output.off('error', this.onStreamError);
		this.input.pause();
		this.chunks = [];
		this.onclose?.();
	}
}
