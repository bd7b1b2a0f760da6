import type {ItemSource} from '../../store/interchange.js';
import type {Block, ParsedSource, SourceFacts, Unit} from '../model.js';
import {laterDate} from './dates.js';
import {isInjectedContext} from './requests.js';
import {append} from '../../core/arrays.js';

/** The tools a block stands for: its own list, else a tool call's name (its first word). */
export function toolsOf(block: Block): string[] {
	if (block.tools) return block.tools;
	if (block.role !== 'tool_call') return [];
	return [/^[\w.:/-]{1,60}/u.exec(block.text)?.[0] ?? 'tool'];
}

/**
 * Gathers the messages of a conversation into units for segmentation: a unit opens at each of the
 * person's prompts, and at each answer that follows tool results, so a tool call and its result
 * always stay in one unit, and a prompt with its first answer. It also keeps what the session says
 * about itself (agent, project, model, first and last time, counts) as the item's provenance.
 */
export class ConversationBuilder {
	private readonly units: Unit[] = [];
	private current: Unit | undefined;
	private sawToolResult = false;
	readonly facts: SourceFacts = {};
	private firstTime: string | undefined;
	private lastTime: string | undefined;
	/** The time the reader gave last: the time of the messages that follow it. */
	private now: string | undefined;
	private turns = 0;
	private toolCalls = 0;
	/** Records of a kind the reader does not use. */
	skipped = 0;
	readonly provenance: Omit<ItemSource, 'uri' | 'kind'>;

	/** `line`: where the conversation starts in its file (files holding several). */
	constructor(agent?: string, line = 1) {
		this.provenance = {...(agent ? {agent} : {}), line};
	}

	/** The person's own prompt; text an agent injected in the user's place becomes context. */
	prompt(given: Block[], sourceId?: string): void {
		if (given.length === 0) return;
		const blocks = this.stamped(given);
		if (blocks.every((block) => block.kind !== 'prose' || isInjectedContext(block.text))) {
			this.system(blocks.map((block) => ({...block, role: 'system'})));
			return;
		}
		this.current = {blocks: [...blocks], opensTurn: true, ...(sourceId ? {sourceId} : {})};
		this.units.push(this.current);
		this.sawToolResult = false;
		this.turns++;
	}

	/** An answer (text, reasoning, tool calls). */
	answer(given: Block[], sourceId?: string): void {
		if (given.length === 0) return;
		const blocks = this.stamped(given);
		if (!this.current || this.sawToolResult) {
			this.current = {blocks: [], ...(sourceId ? {sourceId} : {})};
			this.units.push(this.current);
			this.sawToolResult = false;
		}
		for (const block of blocks) this.toolCalls += toolsOf(block).length;
		append(this.current.blocks, blocks);
		if (sourceId) this.current.sourceId = sourceId;
	}

	/** Tool results: they belong with the call that asked for them. */
	toolResults(given: Block[], sourceId?: string): void {
		if (given.length === 0) return;
		const blocks = this.stamped(given);
		if (!this.current) {
			this.current = {blocks: []};
			this.units.push(this.current);
		}
		for (const block of blocks) this.toolCalls += block.tools?.length ?? 0;
		append(this.current.blocks, blocks);
		if (sourceId) this.current.sourceId = sourceId;
		this.sawToolResult = true;
	}

	/** A system message or injected context: kept as a span, never quoted or used as a title. */
	system(given: Block[]): void {
		if (given.length === 0) return;
		const blocks = this.stamped(given);
		if (!this.current) {
			this.current = {blocks: []};
			this.units.push(this.current);
		}
		append(this.current.blocks, blocks);
	}

	/**
	 * Drops the last `turns` requests and everything after them (Codex's `thread_rolled_back`: the
	 * person went back, and the thread goes on from before those turns, as the agent then shows it).
	 */
	rollback(turns: number): void {
		if (!Number.isSafeInteger(turns) || turns <= 0) return;
		const starts = this.units.flatMap((unit, index) => (unit.opensTurn ? [index] : []));
		const from = starts.length >= turns ? starts[starts.length - turns]! : 0;
		const dropped = this.units.splice(from);
		this.turns -= dropped.filter((unit) => unit.opensTurn).length;
		for (const unit of dropped) for (const block of unit.blocks) this.toolCalls -= toolsOf(block).length;
		this.toolCalls = Math.max(0, this.toolCalls);
		this.current = this.units.at(-1);
		this.sawToolResult = false;
	}

	/**
	 * Blocks without a time of their own take the reader's last one, set on the reader's own block:
	 * a copy (`{...block, time}`) got a hidden class of its own in V8, ~300 bytes a block, most of
	 * what a session of a million lines held besides its text.
	 */
	private stamped(blocks: Block[]): Block[] {
		const now = this.now;
		if (now) for (const block of blocks) block.time ||= now;
		return blocks;
	}

	/** The time the blocks given next are stamped with: a reader may make its blocks with it (see ClaudeCodeReader.block). */
	get stamp(): string | undefined {
		return this.now;
	}

	/** A time the source gives (a message's, or the session's); the messages that follow were written then. */
	time(iso: string | undefined): void {
		if (!iso) return;
		this.now = iso;
		if (!this.firstTime || iso < this.firstTime) this.firstTime = iso;
		this.lastTime = laterDate(this.lastTime, iso);
	}

	/** The model the agent ran; the last one named wins. A "model" too long to be a name is not one. */
	model(name: unknown): void {
		if (typeof name === 'string' && name.trim() && name.length <= 256) this.provenance.model = name.trim();
	}

	/** The session's working directory or repository; the first one named wins. */
	project(path: unknown): void {
		if (typeof path === 'string' && path.trim() && path.length <= 4096 && !this.provenance.project) this.provenance.project = path.trim();
	}

	get messageCount(): number {
		return this.units.length;
	}

	get isEmpty(): boolean {
		return this.units.every((unit) => unit.blocks.every((block) => block.text.trim() === ''));
	}

	finish(): ParsedSource {
		// A session sorts by when it started; its end is in the provenance.
		if (this.firstTime) this.facts.generatedAt ??= this.firstTime;
		this.facts.provenance = {
			...this.provenance,
			...(this.firstTime ? {started_at: this.firstTime} : {}),
			// One moment known (aider notes only when a session started) is no end.
			...(this.lastTime && this.lastTime !== this.firstTime ? {ended_at: this.lastTime} : {}),
			turns: this.turns,
			tool_calls: this.toolCalls,
		};
		return {flavor: 'conversation', facts: this.facts, root: {units: this.units, children: []}, skipped: this.skipped};
	}
}

/** The session's id in its agent joins the provenance (`source.session_id`: what `drill resume` hands the agent). */
export function withSessionId(parsed: ParsedSource, sessionId: string | undefined): ParsedSource {
	if (sessionId) parsed.facts.provenance = {...parsed.facts.provenance, session_id: sessionId};
	return parsed;
}
