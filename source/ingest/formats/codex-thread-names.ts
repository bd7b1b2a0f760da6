import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';

/**
 * The names Codex gives its threads, from `session_index.jsonl` in its home (`~/.codex`, or
 * `$CODEX_HOME`; codex-rs/core/src/rollout/session_index.rs): one `{id, thread_name, updated_at}`
 * per line, a rename appending a line, so the latest line of an id is its name. A rollout lies in
 * `<home>/sessions/YYYY/MM/DD/` or `<home>/archived_sessions/`: the index is looked for in the
 * folders above it. Each index is read once while its size and time stay the same.
 */

interface Index {
	version: string;
	names: Map<string, {name: string; at: string}>;
}

const indexes = new Map<string, Index | null>();
const indexName = 'session_index.jsonl';
/** A rollout is at most four folders below its Codex home (`sessions/YYYY/MM/DD`). */
const maxDepth = 4;

function readIndex(file: string): Index | null {
	let version: string;
	try {
		const info = statSync(file);
		if (!info.isFile()) return null;
		version = `${info.size}:${info.mtimeMs}`;
	} catch {
		return null;
	}
	const known = indexes.get(file);
	if (known && known.version === version) return known;
	const names = new Map<string, {name: string; at: string}>();
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch {
		return null;
	}
	for (const line of text.split('\n')) {
		if (!line.trim()) continue;
		let entry: unknown;
		try {
			entry = JSON.parse(line);
		} catch {
			continue;
		}
		if (!isIndexEntry(entry)) continue;
		const at = typeof entry.updated_at === 'string' ? entry.updated_at : '';
		const seen = names.get(entry.id);
		if (!seen || at >= seen.at) names.set(entry.id, {name: entry.thread_name, at});
	}
	const index = {version, names};
	indexes.set(file, index);
	return index;
}

/** A line of Codex's thread index: `{id, thread_name, updated_at}`. */
export function isIndexEntry(value: unknown): value is {id: string; thread_name: string; updated_at?: unknown} {
	return typeof value === 'object' && value !== null && typeof (value as {id?: unknown}).id === 'string' && typeof (value as {thread_name?: unknown}).thread_name === 'string' && Object.keys(value).length <= 4;
}

/** The index of the Codex home a rollout lies in, if there is one. */
export function codexIndexOf(rollout: string): string | undefined {
	let folder = path.dirname(rollout);
	for (let depth = 0; depth <= maxDepth; depth++) {
		const candidate = path.join(folder, indexName);
		try {
			if (statSync(candidate).isFile()) return candidate;
		} catch {
			// Not here: one folder up.
		}
		const up = path.dirname(folder);
		if (up === folder) return undefined;
		folder = up;
	}
	return undefined;
}

/** The thread's name as the index of its Codex home gives it, if it gives one. */
export function codexThreadName(rollout: string, threadId: string): string | undefined {
	const file = codexIndexOf(rollout);
	if (!file) return undefined;
	const name = readIndex(file)?.names.get(threadId)?.name.trim();
	return name || undefined;
}

/** The thread id a rollout's name ends with (`rollout-<time>-<thread id>.jsonl`), if it is one. */
export function codexRolloutThread(file: string): string | undefined {
	return /^rollout-.+-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/iu.exec(path.basename(file))?.[1];
}
