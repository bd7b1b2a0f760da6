import {closeSync, openSync, readdirSync, readSync, statSync} from 'node:fs';
import path from 'node:path';
import {codexSessionId} from './codex.js';
import type {SubagentFile, SubagentLayout} from './subagent-layout.js';

/**
 * Codex CLI's subagents: a thread an agent spawns (multi-agent `spawn_agent`) records its own
 * rollout, named and placed as any session's (`sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`,
 * or flat in `archived_sessions/`), whose `session_meta` names its parent in
 * `source: {"subagent": {"thread_spawn": {"parent_thread_id": …, "depth": …}}}` (codex-rs/protocol
 * `SessionSource::SubAgent(SubAgentSource::ThreadSpawn)`, serialized by the rollout recorder,
 * codex-rs/core/src/rollout/recorder.rs). A spawned thread can spawn threads in turn (`depth` 2…).
 */

const headBytes = 16 * 1024;

/** What the first line of a rollout says: its thread id, and its parent's for a spawned thread. */
interface RolloutHead {
	id: string;
	parent: string | undefined;
}

/** `"source":{"subagent":{"thread_spawn":{"parent_thread_id":"…"`: the parent is the first field serde writes. */
const spawnedBy = /"source"\s*:\s*\{\s*"subagent"\s*:\s*\{\s*"thread_spawn"\s*:\s*\{\s*"parent_thread_id"\s*:\s*"([^"\\]{1,200})"/u;

/** The parent thread a rollout's first line names, for a thread an agent spawned. */
function codexParentOf(head: string): string | undefined {
	const newline = head.indexOf('\n');
	return spawnedBy.exec(newline >= 0 ? head.slice(0, newline) : head)?.[1];
}

/**
 * Heads by file, for the whole process: a rollout's first line is written once, so a file whose
 * first line was read whole need not be read again while its size only grows (`--watch` asks often).
 */
const knownHeads = new Map<string, {size: number; head: RolloutHead | undefined}>();

function rolloutHead(file: string): RolloutHead | undefined {
	let size: number;
	try {
		size = statSync(file).size;
	} catch {
		return undefined;
	}
	const known = knownHeads.get(file);
	if (known && size >= known.size) return known.head;
	let fd: number | undefined;
	try {
		fd = openSync(file, 'r');
		const buffer = Buffer.alloc(Math.min(headBytes, size));
		const read = readSync(fd, buffer, 0, buffer.length, 0);
		const text = buffer.subarray(0, read).toString('utf8');
		const id = codexSessionId(text);
		const parent = codexParentOf(text);
		// Copies, not slices: V8 keeps a substring as a view of the string it was cut from, and these
		// heads live for the process (a head held one rollout's 16 KB first read: a generated archive
		// of 31 460 sessions held ~300 MB of them until the end of its ingest).
		const head = id ? {id: ownCopy(id), parent: parent === undefined ? undefined : ownCopy(parent)} : undefined;
		// A first line still being written is read again next time.
		if (head && (text.includes('\n') || read === headBytes)) knownHeads.set(file, {size, head});
		return head;
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/** A string of its own, not a view into the (much longer) string it was cut from. */
function ownCopy(text: string): string {
	return Buffer.from(text, 'utf8').toString('utf8');
}

const isRollout = (name: string) => /^rollout-.*\.jsonl$/u.test(name);
const isDatePart = (name: string, digits: number) => name.length === digits && /^\d+$/u.test(name);

function entries(folder: string): string[] {
	try {
		return readdirSync(folder).sort();
	} catch {
		return [];
	}
}

/**
 * The folders a rollout's family lives in: the `sessions` tree it is in (the folder three up from
 * `YYYY/MM/DD/`) or its own folder, and `archived_sessions` beside `sessions` (and the other way
 * round), where Codex moves the rollouts it archives.
 */
function familyRoots(file: string): string[] {
	const folder = path.dirname(file);
	const [day, month, year] = [folder, path.dirname(folder), path.dirname(path.dirname(folder))].map((part) => path.basename(part));
	const dated = isDatePart(day!, 2) && isDatePart(month!, 2) && isDatePart(year!, 4);
	const root = dated ? path.dirname(path.dirname(path.dirname(folder))) : folder;
	const roots = [root];
	const name = path.basename(root);
	if (name === 'sessions') roots.push(path.join(path.dirname(root), 'archived_sessions'));
	if (name === 'archived_sessions') roots.push(path.join(path.dirname(root), 'sessions'));
	return roots;
}

/** The rollouts under a root: flat in it, and in its `YYYY/MM/DD/` folders. */
function rolloutsUnder(root: string): string[] {
	const found: string[] = [];
	for (const name of entries(root)) {
		if (isRollout(name)) found.push(path.join(root, name));
		else if (isDatePart(name, 4))
			for (const month of entries(path.join(root, name)).filter((part) => isDatePart(part, 2)))
				for (const day of entries(path.join(root, name, month)).filter((part) => isDatePart(part, 2)))
					for (const file of entries(path.join(root, name, month, day))) if (isRollout(file)) found.push(path.join(root, name, month, day, file));
	}
	return found;
}

/** Codex's layout: a subagent is keyed by its own thread id, and finds its parent by the id its `session_meta` names. */
export class CodexSubagents implements SubagentLayout {
	/** Per root, for a run: each rollout's head, and the spawned threads by their parent's id. */
	private readonly families = new Map<string, {byId: Map<string, string[]>; children: Map<string, Array<{path: string; id: string}>>}>();

	private family(root: string) {
		let family = this.families.get(root);
		if (!family) {
			family = {byId: new Map(), children: new Map()};
			for (const file of rolloutsUnder(root)) {
				const head = rolloutHead(file);
				if (!head) continue;
				addTo(family.byId, head.id, file);
				if (head.parent) addTo(family.children, head.parent, {path: file, id: head.id});
			}
			this.families.set(root, family);
		}
		return family;
	}

	parentOf(head: string): string | undefined {
		return codexParentOf(head);
	}

	filesOf(sessionFile: string, sessionId: string): SubagentFile[] {
		const roots = familyRoots(sessionFile);
		const childrenOf = (id: string, seen: Set<string>): SubagentFile[] => {
			const files: SubagentFile[] = [];
			for (const root of roots) {
				for (const child of this.family(root).children.get(id) ?? []) {
					// A thread is read once, however its family names it (a loop of parents is no tree).
					if (seen.has(child.id) || path.resolve(child.path) === path.resolve(sessionFile)) continue;
					seen.add(child.id);
					const children = childrenOf(child.id, seen);
					files.push({path: child.path, key: child.id, ...(children.length > 0 ? {children} : {})});
				}
			}
			return files;
		};
		return childrenOf(sessionId, new Set([sessionId]));
	}

	parentFilesOf(subagentFile: string, parentSession: string): string[] {
		return familyRoots(subagentFile).flatMap((root) => this.family(root).byId.get(parentSession) ?? []);
	}
}

/** Adds `value` to the list `map` holds under `key`, making the list when there is none. */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
	const list = map.get(key);
	if (list) list.push(value);
	else map.set(key, [value]);
}
