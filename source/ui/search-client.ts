import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Worker} from 'node:worker_threads';
import {DrillError, type DrillErrorCode} from '../core/errors.js';
import type {DrillConfig} from '../core/registry.js';
import type {FindResult} from '../search/types.js';
import type {FindOptions} from './find-options.js';

/** The worker's configuration: the paths of the app's, without anything a thread cannot be handed. */
export type SearchSetup = Pick<DrillConfig, 'storePath' | 'knowledgeDir' | 'drillsRoot'>;

export interface SearchRequest {
	id: number;
	query: string;
	method: FindOptions['method'];
	scope?: string;
	within?: string;
}

export type SearchReply = {id: number; result: FindResult} | {id: number; error: {code: DrillErrorCode; message: string; hint?: string}};

interface Job {
	id: number;
	query: string;
	options: FindOptions;
	resolve(result: FindResult): void;
	reject(error: unknown): void;
	done: boolean;
}

const replaced = () => new DrillError('bad_argument', 'the search was replaced by a newer one');

/** The worker script of the build, beside the bundle (dist/ or dist/chunks/); none when running from source. */
export function searchWorkerScript(): string | undefined {
	const here = path.dirname(fileURLToPath(import.meta.url));
	return [path.join(here, 'search-worker.js'), path.join(here, '..', 'search-worker.js')].find((file) => existsSync(file));
}

/**
 * Searches on a worker thread: one search runs at a time and at most one waits, the newest (an
 * older waiting one is replaced). An aborted search is answered at once as replaced; if the
 * worker was already running it, its answer is dropped when it comes. The worker starts on the
 * first search and is restarted after a crash.
 */
export class WorkerSearch {
	private worker: Worker | undefined;
	private running: Job | undefined;
	private waiting: Job | undefined;
	private serial = 0;

	constructor(
		private readonly script: string,
		private readonly setup: SearchSetup,
	) {}

	/** Starts the worker ahead of the first search (it loads the funnel and opens the store). */
	warm(): void {
		this.start();
	}

	find(query: string, options: FindOptions): Promise<FindResult> {
		return new Promise((resolve, reject) => {
			const job: Job = {id: ++this.serial, query, options, resolve, reject, done: false};
			if (options.signal?.aborted) return this.settle(job, replaced());
			options.signal?.addEventListener('abort', () => this.settle(job, replaced()), {once: true});
			if (this.waiting) this.settle(this.waiting, replaced());
			this.waiting = job;
			this.pump();
		});
	}

	private settle(job: Job, outcome: {result: FindResult} | unknown): void {
		if (job.done) return;
		job.done = true;
		if (this.waiting === job) this.waiting = undefined;
		if (outcome && typeof outcome === 'object' && 'result' in outcome) job.resolve((outcome as {result: FindResult}).result);
		else job.reject(outcome);
	}

	private start(): Worker {
		if (this.worker) return this.worker;
		// node:worker_threads is taken here, on the first search: loaded with the app, it would delay the first frame.
		const {Worker} = process.getBuiltinModule('node:worker_threads');
		const worker = new Worker(this.script, {workerData: this.setup});
		worker.unref();
		worker.on('message', (reply: SearchReply) => this.answer(reply));
		worker.on('error', (error) => this.lost(`the search thread failed: ${error.message}`));
		worker.on('exit', (code) => this.lost(`the search thread stopped (exit code ${code})`));
		this.worker = worker;
		return worker;
	}

	private pump(): void {
		while (!this.running && this.waiting) {
			const job = this.waiting;
			this.waiting = undefined;
			if (job.done) continue;
			this.running = job;
			const request: SearchRequest = {id: job.id, query: job.query, method: job.options.method, scope: job.options.scope, ...(job.options.within ? {within: job.options.within} : {})};
			this.start().postMessage(request);
		}
	}

	private answer(reply: SearchReply): void {
		const job = this.running;
		if (!job || job.id !== reply.id) return;
		this.running = undefined;
		this.settle(job, 'result' in reply ? {result: reply.result} : new DrillError(reply.error.code, reply.error.message, reply.error.hint));
		this.pump();
	}

	private lost(why: string): void {
		if (!this.worker) return;
		this.worker = undefined;
		const job = this.running;
		this.running = undefined;
		if (job) this.settle(job, new DrillError('io_error', why, 'search again; DRILL_DEBUG=1 shows more'));
		this.pump();
	}

	close(): void {
		const worker = this.worker;
		this.worker = undefined;
		for (const job of [this.running, this.waiting]) if (job) this.settle(job, replaced());
		this.running = undefined;
		void worker?.terminate();
	}
}
