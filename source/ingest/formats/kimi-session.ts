import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {isObject, parsedJson, text} from './json-values.js';

/**
 * Where a Kimi CLI session sits and what its folder says about it (Moonshot AI's kimi-cli,
 * followed: MoonshotAI/kimi-cli src/kimi_cli/session.py, session_state.py, metadata.py and
 * wire/file.py at 4a550ef, 1.49; real sessions of 1.17 in fixtures/agents/kimi-cli/README.md).
 * `~/.kimi` (`$KIMI_SHARE_DIR` replaces it) holds `kimi.json` (`work_dirs: [{path, kaos,
 * last_session_id}]`) and `sessions/<md5 of the work dir>/<session id>/` (a KAOS other than the
 * local one prefixes the md5 with its name): `wire.jsonl` (every event of the session, the log
 * read), `context.jsonl` (what the model gets: rewritten by /undo, /clear and compaction, the old
 * one kept as `context_<n>.jsonl`), `state.json` (`custom_title`, approvals, todos), and each
 * subagent's `context_sub_<n>.jsonl` (before 1.2x) or `subagents/<agent id>/` (`wire.jsonl`,
 * `context.jsonl`, `meta.json`, `prompt.txt`, `output`). Before the session folders (0.x), a
 * session was one context file, `sessions/<md5>/<session id>.jsonl`.
 */

/** The session id of a Kimi file: its folder's name for the files of a folder, else its own (an old context file). */
export function kimiSessionId(_head: string, file: string): string | undefined {
	const name = path.basename(file);
	if (name === 'wire.jsonl' || /^context(?:_\d+)?\.jsonl$/u.test(name)) return path.basename(path.dirname(file));
	return path.basename(file, '.jsonl');
}

function readJson(file: string): unknown {
	try {
		return parsedJson(readFileSync(file, 'utf8'));
	} catch {
		return undefined;
	}
}

/** The `.kimi` folder a session file is in: two folders up from a session folder, one from an old context file. */
function shareDir(file: string, inFolder: boolean): string {
	return path.dirname(path.dirname(path.dirname(inFolder ? path.dirname(file) : file)));
}

/** The work directory a session ran in: the one of `kimi.json` whose md5 names the session's folder. */
export function kimiWorkDir(file: string, inFolder: boolean): string | undefined {
	const hashFolder = path.basename(path.dirname(inFolder ? path.dirname(file) : file));
	const meta = readJson(path.join(shareDir(file, inFolder), 'kimi.json'));
	const dirs = isObject(meta) && Array.isArray(meta.work_dirs) ? meta.work_dirs.filter(isObject) : [];
	for (const dir of dirs) {
		if (typeof dir.path !== 'string') continue;
		const md5 = createHash('md5').update(dir.path, 'utf8').digest('hex');
		const kaos = typeof dir.kaos === 'string' && dir.kaos !== 'local' ? `${dir.kaos}_` : '';
		if (hashFolder === `${kaos}${md5}`) return dir.path;
	}
	return undefined;
}

/** The session's title from its state.json (the person's /title, or what Kimi set after the first turn). */
export function kimiCustomTitle(file: string): string | undefined {
	const state = readJson(path.join(path.dirname(file), 'state.json'));
	return isObject(state) ? text(state.custom_title) : undefined;
}

/**
 * Kimi's own fallback title: the first request, white space collapsed, cut to 50 characters at a
 * word where it can with "…" (kimi_cli/utils/string.py `shorten`). A custom title equal to it is
 * no title the agent or the person gave.
 */
export function kimiFallbackTitle(request: string): string {
	const words = request.split(/\s+/u).filter(Boolean).join(' ');
	if (words.length <= 50) return words;
	let cut = 49;
	const space = words.lastIndexOf(' ', cut);
	if (space > 0) cut = space;
	return `${words.slice(0, cut).trimEnd()}…`;
}

/**
 * The files of a Kimi session folder that are not the session's log: read with its wire.jsonl,
 * or (the prompt history) no session at all. Undefined for any other file.
 */
export function kimiCompanion(file: string): string | undefined {
	const name = path.basename(file);
	const folder = path.dirname(file);
	const parent = path.dirname(folder);
	if (path.basename(folder) === 'user-history' && name.endsWith('.jsonl') && existsSync(path.join(parent, 'kimi.json'))) return "is Kimi CLI's history of the prompts typed in one folder, not a session";
	if (name === 'wire.jsonl') {
		// A subagent's events are mirrored in its session's wire (SubagentEvent): read there.
		return path.basename(parent) === 'subagents' && existsSync(path.join(path.dirname(parent), 'wire.jsonl')) ? "is a subagent's events of a Kimi CLI session, read with the session's wire.jsonl" : undefined;
	}
	if (path.basename(parent) === 'subagents' && existsSync(path.join(path.dirname(parent), 'wire.jsonl')) && ['context.jsonl', 'meta.json', 'prompt.txt', 'output'].includes(name)) {
		return "is a subagent's file of a Kimi CLI session, read with the session's wire.jsonl";
	}
	if (!existsSync(path.join(folder, 'wire.jsonl'))) return undefined;
	if (/^context(?:_sub)?(?:_\d+)?\.jsonl$/u.test(name)) return "is the model's context of a Kimi CLI session (or of one of its subagents), read with its wire.jsonl";
	if (name === 'state.json' || name === 'metadata.json') return 'is the state of a Kimi CLI session (its title, approvals), read with its wire.jsonl';
	return undefined;
}
