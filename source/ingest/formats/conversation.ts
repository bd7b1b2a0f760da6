import type {Block, ParsedSource, SourceFacts, Unit} from '../model.js';
import {laterDate} from './dates.js';

/**
 * Gathers the messages of a conversation into units for segmentation: a unit opens at each of the
 * person's prompts, and at each answer that follows tool results, so a tool call and its result
 * always stay in one unit, and a prompt with its first answer.
 */
export class ConversationBuilder {
	private readonly units: Unit[] = [];
	private current: Unit | undefined;
	private sawToolResult = false;
	readonly facts: SourceFacts = {};
	private firstTime: string | undefined;

	/** The person's own prompt. */
	prompt(blocks: Block[], sourceId?: string): void {
		if (blocks.length === 0) return;
		this.current = {blocks: [...blocks], opensTurn: true, ...(sourceId ? {sourceId} : {})};
		this.units.push(this.current);
		this.sawToolResult = false;
	}

	/** An answer (text, reasoning, tool calls). */
	answer(blocks: Block[], sourceId?: string): void {
		if (blocks.length === 0) return;
		if (!this.current || this.sawToolResult) {
			this.current = {blocks: [], ...(sourceId ? {sourceId} : {})};
			this.units.push(this.current);
			this.sawToolResult = false;
		}
		this.current.blocks.push(...blocks);
		if (sourceId) this.current.sourceId = sourceId;
	}

	/** Tool results: they belong with the call that asked for them. */
	toolResults(blocks: Block[], sourceId?: string): void {
		if (blocks.length === 0) return;
		if (!this.current) {
			this.current = {blocks: []};
			this.units.push(this.current);
		}
		this.current.blocks.push(...blocks);
		if (sourceId) this.current.sourceId = sourceId;
		this.sawToolResult = true;
	}

	/** A system message: context, kept as a span, never quoted. */
	system(blocks: Block[]): void {
		if (blocks.length === 0) return;
		if (!this.current) {
			this.current = {blocks: []};
			this.units.push(this.current);
		}
		this.current.blocks.push(...blocks);
	}

	time(iso: string | undefined): void {
		if (!iso) return;
		this.firstTime ??= iso;
		this.facts.generatedAt = laterDate(this.facts.generatedAt, iso);
	}

	get messageCount(): number {
		return this.units.length;
	}

	finish(): ParsedSource {
		return {flavor: 'conversation', facts: this.facts, root: {units: this.units, children: []}};
	}
}
