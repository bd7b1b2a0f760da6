import {randomUUID} from 'node:crypto';
import {mkdirSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {writeLines} from './prose.js';

/**
 * Archives generated from real session logs (Claude Code and Codex CLI): every copy keeps the real
 * records' shapes and text, with new ids (each UUID in it replaced, the same way throughout one
 * round of copies, so a subagent still names its parent), so each copy is a session of its own.
 */

export interface Template {
	agent: 'claude-code' | 'codex';
	file: string;
	bytes: number;
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/giu;

/** The Claude Code sessions and Codex rollouts under `folder` (subagents' own transcripts left out). */
export function templatesIn(folder: string): Template[] {
	const found: Template[] = [];
	for (const name of readdirSync(folder, {recursive: true, encoding: 'utf8'}).sort()) {
		const file = path.join(folder, name);
		if (!name.endsWith('.jsonl') || name.split(path.sep).includes('subagents') || !statSync(file).isFile()) continue;
		const head = readFileSync(file, 'utf8').slice(0, 65_536);
		const first = head.split('\n', 1)[0] ?? '';
		if (/"type":\s*"session_meta"/u.test(first) && path.basename(name).includes('rollout-')) found.push({agent: 'codex', file, bytes: statSync(file).size});
		else if (/"sessionId":\s*"/u.test(head) && /"type":\s*"(?:user|assistant)"/u.test(head) && uuidPattern.test(path.basename(name))) found.push({agent: 'claude-code', file, bytes: statSync(file).size});
		uuidPattern.lastIndex = 0;
	}
	return found;
}

/** Replaces every UUID in `text` by its new id in `ids` (made on first sight). */
function withNewIds(text: string, ids: Map<string, string>): string {
	return text.replace(uuidPattern, (id) => {
		const key = id.toLowerCase();
		let fresh = ids.get(key);
		if (!fresh) {
			fresh = randomUUID();
			ids.set(key, fresh);
		}
		return fresh;
	});
}

export interface Archive {
	folder: string;
	files: number;
	bytes: number;
}

/**
 * About `megabytes` MB of copies of `templates`, in rounds: a round copies every template once with
 * new ids. Claude Code copies go under `claude/projects/PROJECT/`, Codex ones under
 * `codex/sessions/YYYY/MM/DD/`, named as the agents name them.
 */
export async function writeRealArchive(folder: string, megabytes: number, templates: readonly Template[]): Promise<Archive> {
	if (templates.length === 0) throw new Error('no Claude Code session or Codex rollout to copy');
	const target = megabytes * 1e6;
	let bytes = 0;
	let files = 0;
	const texts = new Map<string, string>();
	for (let round = 0; bytes < target; round++) {
		const ids = new Map<string, string>();
		for (const template of templates) {
			if (bytes >= target) break;
			let text = texts.get(template.file);
			if (text === undefined) {
				text = readFileSync(template.file, 'utf8');
				texts.set(template.file, text);
			}
			const name = withNewIds(path.basename(template.file), ids);
			const into = template.agent === 'codex' ? path.join(folder, 'codex', 'sessions', '2026', String(1 + (round % 12)).padStart(2, '0'), String(1 + (files % 28)).padStart(2, '0')) : path.join(folder, 'claude', 'projects', `-home-bench-src-project-${files % 40}`);
			mkdirSync(into, {recursive: true});
			const copy = withNewIds(text, ids);
			bytes += await writeLines(path.join(into, name), async (write) => {
				await write(copy.endsWith('\n') ? copy.slice(0, -1) : copy);
			});
			files++;
		}
	}
	return {folder, files, bytes};
}

/** Every string in `value` cut to `max` characters (keys and shapes kept). */
function capped(value: unknown, max: number): unknown {
	if (typeof value === 'string') return value.length > max ? value.slice(0, max) : value;
	if (Array.isArray(value)) return value.map((entry) => capped(entry, max));
	if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, capped(entry, max)]));
	return value;
}

/**
 * One Claude Code session of `lines` lines, made of the templates' Claude Code records in turn (each
 * pass with new ids, the session's own id kept), every string cut to `maxChars`: a session far
 * longer than any real one, with real records' shapes.
 */
export async function writeLongSession(file: string, lines: number, templates: readonly Template[], maxChars = 400): Promise<number> {
	const records: Array<Record<string, unknown>> = [];
	for (const template of templates.filter((each) => each.agent === 'claude-code')) {
		for (const line of readFileSync(template.file, 'utf8').split('\n')) {
			if (!line.trim()) continue;
			try {
				const record = JSON.parse(line) as Record<string, unknown>;
				if (record.type === 'user' || record.type === 'assistant') records.push(capped(record, maxChars) as Record<string, unknown>);
			} catch {
				// A torn line of a real log: not a record.
			}
		}
	}
	if (records.length === 0) throw new Error('no Claude Code record to make a long session of');
	const sessionId = randomUUID();
	mkdirSync(path.dirname(file), {recursive: true});
	return writeLines(file, async (write) => {
		let ids = new Map<string, string>();
		let previous: string | null = null;
		for (let count = 0; count < lines; count++) {
			const template = records[count % records.length]!;
			if (count % records.length === 0) ids = new Map();
			const uuid = randomUUID();
			const suffix = `b${Math.floor(count / records.length)}`;
			const text = JSON.stringify({...template, parentUuid: previous, uuid, sessionId})
				.replace(/"((?:msg|req|toolu)_[A-Za-z0-9]+)"/gu, `"$1${suffix}"`);
			previous = uuid;
			await write(withNewIds(text, ids).replace(/"sessionId":"[^"]+"/u, `"sessionId":"${sessionId}"`));
		}
	});
}
