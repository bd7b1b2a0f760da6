import type {Block, ParsedSource} from '../model.js';
import {ConversationBuilder} from './conversation.js';
import {withSessionFacts} from './session-facts.js';

/**
 * A Cursor chat exported as Markdown ("Export Chat", Cursor 0.4x–1.x and 2.x):
 *
 *     # <the chat's name>
 *     _Exported on 6/23/2025 at 15:27:41 GMT+3 from Cursor (1.1.3)_
 *
 *     ---
 *
 *     **User**
 *
 *     <the request>
 *
 *     ---
 *
 *     **Cursor**
 *
 *     <the answer, its code blocks>
 *
 * Turns are separated by `---` lines and opened by a speaker line (`**User**`, `**Cursor**`, or
 * `**Assistant**` in some versions); both are looked for only outside fenced code, so a `---` or a
 * `**User**` inside an answer's code stays in the answer. The export date is written in the
 * exporter's locale (`19/10/2025`, `2025. 6. 27.`, `7/8/2025 … PDT`): it is read when the day and
 * month can be told apart, and the item is dated by it (when the chat itself happened is not in
 * the file). Tool calls are not in the export, only the words around them.
 */

/** `# Title` (optional) and the export line. */
export const cursorExportStart = /^\uFEFF?\s*(?:#[^\n]*\n+)?_Exported on [^\n]{4,80} from Cursor(?: \(([\w.-]{1,30})\))?_\s*$/mu;

const speaker = /^\*\*(User|Cursor|Assistant)\*\*\s*$/u;
const fence = /^\s{0,3}(`{3,}|~{3,})/u;

const zoneHours: Record<string, number> = {UTC: 0, GMT: 0, Z: 0, PST: -8, PDT: -7, MST: -7, MDT: -6, CST: -6, CDT: -5, EST: -5, EDT: -4, BST: 1, CET: 1, CEST: 2, EET: 2, EEST: 3, MSK: 3, IST: 5.5, JST: 9, KST: 9, AEST: 10, AEDT: 11};

/** The export time in UTC, when the line says it unambiguously (the locale decides the order of day and month). */
export function exportDate(line: string): string | undefined {
	const match = /_Exported on (.+?) at (.+?) from Cursor/u.exec(line);
	if (!match) return undefined;
	const numbers = (match[1]!.match(/\d+/gu) ?? []).map(Number);
	if (numbers.length !== 3) return undefined;
	let [year, month, day] = [0, 0, 0];
	if (numbers[0]! > 31) [year, month, day] = numbers as [number, number, number];
	else {
		year = numbers[2]!;
		if (numbers[0]! > 12 && numbers[1]! <= 12) [day, month] = [numbers[0]!, numbers[1]!];
		else if (numbers[1]! > 12 && numbers[0]! <= 12) [month, day] = [numbers[0]!, numbers[1]!];
		else if (numbers[0] === numbers[1]) [month, day] = [numbers[0]!, numbers[1]!];
		else return undefined;
	}
	const time = match[2]!;
	const clock = (time.match(/\d+/gu) ?? []).map(Number);
	if (clock.length < 2) return undefined;
	let hours = clock[0]!;
	if (/\bPM\b|오후|午後|下午/iu.test(time) && hours < 12) hours += 12;
	if (/\bAM\b|오전|午前|上午/iu.test(time) && hours === 12) hours = 0;
	const zone = /GMT([+-]\d{1,2})(?::?(\d{2}))?|\b([A-Z]{1,4})\s*$/u.exec(time);
	let offset: number | undefined;
	if (zone?.[1]) offset = Number(zone[1]) + Math.sign(Number(zone[1]) || 1) * (zone[2] ? Number(zone[2]) / 60 : 0);
	else if (zone?.[3]) offset = zoneHours[zone[3]];
	else if (/GMT\s*$/u.test(time)) offset = 0;
	if (offset === undefined) return undefined;
	// The zone's hour follows the clock's numbers: only hours, minutes and seconds are the time.
	const [minutes = 0, seconds = 0] = clock.slice(1, 3);
	const utc = Date.UTC(year, month - 1, day, hours, minutes, seconds) - offset * 3_600_000;
	const date = new Date(utc);
	return Number.isNaN(utc) || date.getUTCFullYear() < 2020 ? undefined : date.toISOString();
}

/** Reads an export's text: its name, its date, and each turn. */
export function readCursorExport(text: string): ParsedSource {
	const conversation = new ConversationBuilder('cursor');
	const lines = text.replace(/^\uFEFF/u, '').split(/\r?\n/u);
	let title: string | undefined;
	let date: string | undefined;
	let role: 'User' | 'Cursor' | undefined;
	let body: string[] = [];
	let inFence: string | undefined;
	const flush = () => {
		// The separator before the next speaker, and blank lines around it, are not the turn's.
		while (body.length > 0 && (body.at(-1)!.trim() === '' || body.at(-1)!.trim() === '---')) body.pop();
		while (body.length > 0 && body[0]!.trim() === '') body.shift();
		const said = body.join('\n');
		body = [];
		if (!role || said.trim() === '') return;
		const block: Block = {role: role === 'User' ? 'user' : 'assistant', kind: 'prose', text: said};
		if (role === 'User') conversation.prompt([block]);
		else conversation.answer([block]);
	};
	for (const [index, line] of lines.entries()) {
		if (!role && !inFence) {
			if (index < 3 && !title && /^#\s+\S/u.test(line)) {
				title = line.replace(/^#\s+/u, '').trim();
				continue;
			}
			if (!date && /^_Exported on /u.test(line)) {
				date = exportDate(line) ?? '';
				continue;
			}
		}
		const opens = fence.exec(line)?.[1];
		if (opens) {
			if (!inFence) inFence = opens[0]!.repeat(opens.length);
			else if (line.trim().startsWith(inFence)) inFence = undefined;
		}
		const who = inFence ? undefined : speaker.exec(line)?.[1];
		if (who && precededBySeparator(body)) {
			flush();
			role = who === 'User' ? 'User' : 'Cursor';
			continue;
		}
		if (role) body.push(line);
	}
	flush();
	const source = conversation.finish();
	if (date) source.facts.generatedAt = date;
	return withSessionFacts(source, {agentTitle: title});
}

/** A speaker line opens a turn at the top of the conversation, or after a `---` line (blank lines between). */
function precededBySeparator(body: string[]): boolean {
	for (let i = body.length - 1; i >= 0; i--) {
		const line = body[i]!.trim();
		if (line === '') continue;
		return line === '---';
	}
	return true;
}
