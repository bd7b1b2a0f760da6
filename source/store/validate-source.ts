import {DrillError} from '../core/errors.js';
import type {ItemSource} from '../core/item-source.js';
import {tokenKinds, type UsageBucket} from '../core/usage.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneLine = (text: string) => text.replace(/[\r\n\t]+/gu, ' ').trim();

// Names and paths, never documents: a longer value is a mistake, not a source.
const longest = {uri: 4096, kind: 64, agent: 128, agent_version: 64, project: 4096, model: 256, session_id: 256, parent_session: 256, agent_title: 300, user_title: 300, own_title: 300, summarized_by: 64, machine: 64, user: 64} as const;

function name(where: string, field: keyof typeof longest, value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') throw new DrillError('bad_input', `${where}: "source.${field}" must be a string, got ${typeof value}`);
	const clean = field === 'uri' || field === 'project' ? value.trim() : oneLine(value);
	if (clean.length > longest[field]) throw new DrillError('bad_input', `${where}: "source.${field}" is longer than ${longest[field]} characters`, `give the ${field} itself, not a document`);
	return clean || undefined;
}

function time(where: string, field: 'started_at' | 'ended_at' | 'file_date', value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const date = typeof value === 'number' ? new Date(value < 1e12 ? value * 1000 : value) : typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
	if (Number.isNaN(date.getTime())) {
		throw new DrillError('bad_input', `${where}: "source.${field}" ${JSON.stringify(value)?.slice(0, 60)} is not a date`, 'use ISO 8601, e.g. 2026-11-28T14:02:00Z');
	}
	return date.toISOString();
}

function count(where: string, field: string, value: unknown): number | undefined {
	if (value === undefined || value === null) return undefined;
	const least = field === 'line' ? 1 : 0;
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
		throw new DrillError('bad_input', `${where}: "source.${field}" must be a whole number ≥ ${least}, got ${JSON.stringify(value)?.slice(0, 60)}`);
	}
	return value;
}

function tokens(where: string, value: unknown): ItemSource['tokens'] {
	if (value === undefined || value === null) return undefined;
	if (!isObject(value)) throw new DrillError('bad_input', `${where}: "source.tokens" must be an object, got ${Array.isArray(value) ? 'an array' : typeof value}`, 'give {"input", "output", "cache_read", "cache_write"}');
	const result: NonNullable<ItemSource['tokens']> = {};
	for (const key of ['input', 'output', 'cache_read', 'cache_write'] as const) {
		const n = count(where, `tokens.${key}`, value[key]);
		if (n !== undefined) result[key] = n;
	}
	return Object.keys(result).length > 0 ? result : undefined;
}

function datedFrom(where: string, value: unknown): ItemSource['dated_from'] {
	if (value === undefined || value === null) return undefined;
	if (value !== 'file-name' && value !== 'file-time') throw new DrillError('bad_input', `${where}: "source.dated_from" must be "file-name" or "file-time", got ${JSON.stringify(value)?.slice(0, 60)}`);
	return value;
}

function cost(where: string, value: unknown): number | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new DrillError('bad_input', `${where}: "source.cost_usd" must be a number ≥ 0 (US dollars), got ${JSON.stringify(value)?.slice(0, 60)}`);
	return value;
}

const maxFiles = 500;

function files(where: string, value: unknown): string[] | undefined {
	if (value === undefined || value === null) return undefined;
	if (!Array.isArray(value) || value.some((file) => typeof file !== 'string')) throw new DrillError('bad_input', `${where}: "source.files_edited" must be a list of paths`, 'give ["src/app.ts", …]');
	const kept = (value as string[]).map(oneLine).filter((file) => file !== '' && file.length <= 4096).slice(0, maxFiles);
	return kept.length > 0 ? kept : undefined;
}

function dollars(where: string, field: string, value: unknown): number | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new DrillError('bad_input', `${where}: "source.${field}" must be a number of dollars ≥ 0, got ${JSON.stringify(value)?.slice(0, 60)}`);
	return value;
}

/** More buckets than a session of years could fill: a mistake, not a session. */
const maxBuckets = 50_000;

function usage(where: string, value: unknown): UsageBucket[] | undefined {
	if (value === undefined || value === null) return undefined;
	const hint = 'give [{"hour": "2026-10-14T09", "model", "input", "output", "cache_write", "cache_read", "messages", "usd"?}, …]';
	if (!Array.isArray(value)) throw new DrillError('bad_input', `${where}: "source.usage" must be a list of hourly buckets`, hint);
	if (value.length > maxBuckets) throw new DrillError('bad_input', `${where}: "source.usage" has ${value.length} buckets, more than ${maxBuckets}`, hint);
	return value.map((entry, index) => {
		const at = `usage[${index}]`;
		if (!isObject(entry)) throw new DrillError('bad_input', `${where}: "source.${at}" must be an object`, hint);
		if (typeof entry.hour !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}$/u.test(entry.hour) || Number.isNaN(Date.parse(`${entry.hour}:00:00Z`))) {
			throw new DrillError('bad_input', `${where}: "source.${at}.hour" must be a UTC hour like 2026-10-14T09, got ${JSON.stringify(entry.hour)?.slice(0, 60)}`);
		}
		const model = entry.model === undefined || entry.model === null ? '' : entry.model;
		if (typeof model !== 'string' || model.length > longest.model) throw new DrillError('bad_input', `${where}: "source.${at}.model" must be a model name of at most ${longest.model} characters`);
		const bucket: UsageBucket = {hour: entry.hour, model: oneLine(model), input: 0, output: 0, cache_write: 0, cache_read: 0, messages: count(where, `${at}.messages`, entry.messages) ?? 0};
		for (const kind of tokenKinds) bucket[kind] = count(where, `${at}.${kind}`, entry[kind]) ?? 0;
		const usd = dollars(where, `${at}.usd`, entry.usd);
		if (usd !== undefined) bucket.usd = usd;
		const recorded = dollars(where, `${at}.recorded_usd`, entry.recorded_usd);
		if (recorded !== undefined) bucket.recorded_usd = recorded;
		if (typeof entry.last === 'string' && !Number.isNaN(Date.parse(entry.last))) bucket.last = new Date(entry.last).toISOString();
		return bucket;
	});
}

/**
 * The interchange's `source` checked and normalized: every field optional (files from other
 * summarizers stay valid), a wrong type refused with the field's name, times as ISO 8601 UTC.
 * A bare string is taken as the uri.
 */
export function validateSource(where: string, value: unknown): ItemSource {
	if (value === undefined || value === null) return {};
	if (typeof value === 'string') value = {uri: value};
	if (!isObject(value)) throw new DrillError('bad_input', `${where}: "source" must be an object, got ${Array.isArray(value) ? 'an array' : typeof value}`, 'give {"uri", "kind", "agent", "project", "started_at", …}');
	const source: ItemSource = {
		uri: name(where, 'uri', value.uri),
		kind: name(where, 'kind', value.kind),
		agent: name(where, 'agent', value.agent),
		agent_version: name(where, 'agent_version', value.agent_version),
		project: name(where, 'project', value.project),
		started_at: time(where, 'started_at', value.started_at),
		ended_at: time(where, 'ended_at', value.ended_at),
		model: name(where, 'model', value.model),
		turns: count(where, 'turns', value.turns),
		tool_calls: count(where, 'tool_calls', value.tool_calls),
		line: count(where, 'line', value.line),
		session_id: name(where, 'session_id', value.session_id),
		redactions: count(where, 'redactions', value.redactions),
		tokens: tokens(where, value.tokens),
		files_edited: files(where, value.files_edited),
		commits: count(where, 'commits', value.commits),
		subagents: count(where, 'subagents', value.subagents),
		parent_session: name(where, 'parent_session', value.parent_session),
		agent_title: name(where, 'agent_title', value.agent_title),
		user_title: name(where, 'user_title', value.user_title),
		own_title: name(where, 'own_title', value.own_title),
		dated_from: datedFrom(where, value.dated_from),
		file_date: time(where, 'file_date', value.file_date),
		cost_usd: cost(where, value.cost_usd),
		summarized_by: name(where, 'summarized_by', value.summarized_by),
		usage: usage(where, value.usage),
		machine: name(where, 'machine', value.machine),
		user: name(where, 'user', value.user),
	};
	for (const key of Object.keys(source) as Array<keyof ItemSource>) if (source[key] === undefined) delete source[key];
	return source;
}
