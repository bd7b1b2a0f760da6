import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {factDate} from './dates.js';
import {isObject, parsedJson, text} from './json-values.js';
import {withSessionFacts} from './session-facts.js';

/**
 * What the Antigravity editor keeps of a conversation that can be read: the artifacts its agent
 * wrote, `~/.gemini/antigravity/brain/<conversation id>/` — `task.md` (the task list),
 * `implementation_plan.md`, `walkthrough.md` and others, each with `<name>.metadata.json`
 * (`{artifactType, summary, updatedAt, version}`) and its versions as `<name>.resolved.<n>`
 * (seen in real folders: workriar/cortinasbras, LAF-US/IDAHO-VAULT; fixtures/agents/antigravity/
 * README.md). The conversation itself is encrypted (`conversations/<id>.pb`, antigravity.ts):
 * its item holds the artifacts, titled by the task list's heading.
 */

const artifactOrder = ['task.md', 'implementation_plan.md', 'walkthrough.md'];

/** The conversation's artifacts: the Markdown files with Antigravity's metadata beside them, the usual ones first. */
function artifacts(folder: string): string[] {
	let names: string[];
	try {
		names = readdirSync(folder);
	} catch {
		return [];
	}
	const found = names.filter((name) => name.endsWith('.md') && names.includes(`${name}.metadata.json`));
	return found.sort((a, b) => (artifactOrder.indexOf(a) + 1 || 99) - (artifactOrder.indexOf(b) + 1 || 99) || a.localeCompare(b));
}

/** A brain folder of the editor: `…/antigravity/brain/<id>/` (the CLI's is `antigravity-cli`, with a transcript). */
const isEditorBrain = (folder: string) => path.basename(path.dirname(folder)) === 'brain' && /^antigravity(?:-ide)?$/u.test(path.basename(path.dirname(path.dirname(folder))));

/** The artifact a conversation's item is read from (the first there is); its other files are companions. */
export function isBrainMainArtifact(file: string): boolean {
	const folder = path.dirname(file);
	return isEditorBrain(folder) && artifacts(folder)[0] === path.basename(file);
}

export function brainCompanion(file: string): string | undefined {
	const name = path.basename(file);
	let folder = path.dirname(file);
	// `.system_generated/messages/<id>.json`: the system's notices to the conversation.
	if (path.basename(folder) === 'messages' && path.basename(path.dirname(folder)) === '.system_generated') folder = path.dirname(path.dirname(folder));
	if (!isEditorBrain(folder)) return undefined;
	const main = artifacts(folder)[0];
	if (!main || name === main) return undefined;
	return `is part of an Antigravity conversation's artifacts (${main} and the rest of brain/${path.basename(folder)}/), read with ${main}`;
}

export function brainConversationId(_head: string, file: string): string {
	return path.basename(path.dirname(file));
}

export function readBrainArtifacts(file: string): ParsedSource {
	const folder = path.dirname(file);
	const conversation = new ConversationBuilder('antigravity');
	let heading: string | undefined;
	for (const name of artifacts(folder)) {
		let body: string;
		let meta: unknown;
		try {
			body = readFileSync(path.join(folder, name), 'utf8');
			meta = existsSync(path.join(folder, `${name}.metadata.json`)) ? parsedJson(readFileSync(path.join(folder, `${name}.metadata.json`), 'utf8')) : undefined;
		} catch {
			continue;
		}
		const summary = isObject(meta) ? text(meta.summary) : undefined;
		if (isObject(meta)) conversation.time(factDate(meta.updatedAt));
		if (name === 'task.md') heading ??= /^#\s+(?:Task:\s*)?(.+)$/mu.exec(body)?.[1]?.trim();
		const label = name.replace(/\.md$/u, '').replace(/_/gu, ' ');
		conversation.answer([{role: 'assistant', kind: 'prose', text: `[${label}]${summary ? ` ${summary}` : ''}\n\n${body}`}]);
	}
	const parsed = withSessionFacts(conversation.finish(), {sessionId: path.basename(folder)});
	if (heading) parsed.facts.title = heading;
	return parsed;
}
