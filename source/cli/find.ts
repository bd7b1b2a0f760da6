import {inertText} from '../core/inert-text.js';
import {clip} from '../text/clean.js';
import {shortTime} from '../core/item-source.js';
import {findDefaults, type FindResult, type FindSource, type SpanContext} from '../search/types.js';
import {defineCommand, type CommandContext} from './command.js';
import {embedderFlags, embedderSpec} from './embedder-flags.js';
import {printJson, usageError} from './output.js';
import {paint} from './render-view.js';

const open = '\uE000';
const close = '\uE001';

/** A snippet made inert, then its match marks turned into colour (or dropped). */
function marked(text: string, color: boolean): string {
	const clean = inertText(text, {singleLine: true});
	return color ? clean.replaceAll(open, '\u001b[1;33m').replaceAll(close, '\u001b[22;39m') : clean.replaceAll(open, '').replaceAll(close, '');
}

export function renderFind(result: FindResult, color: boolean): string {
	const p = paint(color);
	const clean = (text: string) => inertText(text, {singleLine: true});
	const out: string[] = [];
	const where = result.within ? ` · in ${clean(result.within)}` : result.source && result.source !== 'summary' ? ` · ${result.source}` : result.scope ? ` · scope ${clean(result.scope)}` : '';
	out.push(p.dim(`find ${JSON.stringify(clip(clean(result.query), 80))} · ${result.method}${where} · ${result.stage1_hits.length} hit${result.stage1_hits.length === 1 ? '' : 's'} · ${result.timings_ms.total ?? 0} ms`));
	for (const notice of result.notices ?? []) out.push(`${p.accent('!')} ${clean(notice)}`);
	if (result.stage1_hits.length === 0) {
		out.push('', 'no matches');
		return `${out.join('\n')}\n`;
	}
	out.push('');
	const width = String(result.stage1_hits.length).length;
	for (const hit of result.stage1_hits) {
		const when = hit.source?.started_at ? `${shortTime(hit.source.started_at)} · ` : '';
		out.push(`${String(hit.rank).padStart(width)}  ${p.bold(clean(hit.title) || '(untitled)')}  ${p.accent(clean(hit.drill_node_id))}  ${p.dim(`${when}${hit.matched_by.join('+')} ${hit.score}`)}`);
		if (hit.snippet) out.push(`${' '.repeat(width + 2)}${marked(hit.snippet, color)}`);
	}
	out.push('', p.dim(`candidate items: ${result.candidate_items.length}`));
	const drilled = new Map(result.drilled.map((entry) => [entry.drill_node_id, entry]));
	for (const item of result.candidate_items) {
		out.push(`  ${p.bold(clean(item.title) || '(untitled)')}  ${p.accent(clean(item.drill_node_id))}  ${p.dim(`${item.source?.started_at ? `${shortTime(item.source.started_at)} · ` : ''}best rank ${item.best_rank}`)}`);
		if (item.tldr) out.push(`    ${p.dim(clip(clean(item.tldr), 160))}`);
		for (const span of drilled.get(item.drill_node_id)?.spans ?? []) {
			const around = (side: SpanContext | undefined) => {
				if (side) out.push(`        ${p.dim(`${side.seq} [${clean(side.role)}] ${clip(clean(side.text), 150)}`)}`);
			};
			around(span.context?.before);
			// The node's id (walk takes it), then where in it: `msgs 12–15`, and the message's own time.
			const place = span.citation?.replace(/^#n\d+ /u, '') ?? `span ${span.seq}`;
			out.push(`    ↳ ${p.accent(clean(span.drill_node_id))} ${p.dim(`${clean(place)}${span.time ? ` · ${shortTime(span.time)}` : ''}`)}  ${marked(span.snippet, color)}`);
			around(span.context?.after);
		}
	}
	return `${out.join('\n')}\n`;
}

function count(name: string, value: number | undefined): number | undefined {
	if (value === undefined) return undefined;
	if (!Number.isInteger(value)) throw usageError(`--${name} must be a whole number, got ${String(value)}`, `e.g. --${name} 5`);
	return value;
}

/** `--team`: stage 1 in the team database, the hits' items fetched into this store (source/team/find.ts). */
async function teamFind(flags: {teamUrl?: string | undefined; scope?: string | undefined; agent?: string | undefined; project?: string | undefined; method?: string | undefined; topK?: number | undefined; offset?: number | undefined; minScore?: number | undefined; drill: boolean; drillTopK?: number | undefined; drillPerItemTopK?: number | undefined}, query: string, context: CommandContext): Promise<FindResult> {
	const [{teamTarget, TeamClient}, {teamFind: find}] = await Promise.all([import('../team/connection.js'), import('../team/find.js')]);
	const client = await TeamClient.connect(teamTarget(flags.teamUrl, '--team-url'));
	const store = context.runtime.openWritableStore();
	try {
		return await find(client, store, {
			query,
			...(flags.scope ? {scope: flags.scope} : {}),
			...(flags.agent ? {agent: flags.agent} : {}),
			...(flags.project ? {project: flags.project} : {}),
			...(flags.method ? {method: flags.method} : {}),
			top_k: count('top-k', flags.topK),
			offset: count('offset', flags.offset),
			...(flags.minScore === undefined ? {} : {min_score: flags.minScore}),
			drill: flags.drill,
			drill_top_k: count('drill-top-k', flags.drillTopK),
			drill_per_item_top_k: count('drill-per-item-top-k', flags.drillPerItemTopK),
			...(context.json ? {} : {highlight: {open, close}}),
		});
	} finally {
		store.close();
		await client.close();
	}
}

export const command = defineCommand({
	about: `
  Search coarse-to-fine (the MCP tools find and summary_search): stage 1 ranks summary nodes (TLDRs, topic
  titles, summaries, keywords, and the raw text beneath them); stage 2 drills the top items'
  raw spans. Every id in the answer drops straight into \`drill walk summary ID\`.`,
	usage: ['find QUERY… [options]'],
	flags: {
		method: {type: 'string', value: 'keyword|semantic|keyword,semantic', help: 'ranking (default: keyword,semantic)'},
		scope: {type: 'string', value: 'NAMESPACE', help: 'only this summary namespace'},
		agent: {type: 'string', value: 'NAME', help: 'only items of this agent (e.g. claude-code, codex; their source.agent)'},
		project: {type: 'string', value: 'NAME', help: 'only items of this project (their source.project: working directory or repository)'},
		source: {type: 'string', value: 'summary|knowledge|drill', help: 'what to search (default: summary; drill = closed drills)'},
		since: {type: 'string', value: 'WHEN', help: 'only items from then on: 2025-03-14, 2025-03, 7d, 12h, 2w, 3mo, yesterday, last week, this month… (or after:WHEN in the query)'},
		until: {type: 'string', value: 'WHEN', help: 'only items up to then (a named day or month taken in whole; or before:WHEN in the query, which stops short of it)'},
		in: {type: 'string', value: 'ID', help: 'search inside one item (ns:item) or node (ns:item#n4) only: its matching spans, each with its time and place'},
		topK: {type: 'number', value: 'N', help: `stage-1 hits (default ${findDefaults.top_k})`},
		offset: {type: 'number', value: 'N', help: 'skip the first N stage-1 hits (the next page: --offset 8)'},
		minScore: {type: 'number', value: 'X', help: 'leave out stage-1 hits scoring below X'},
		drill: {type: 'boolean', default: true, help: 'skip stage 2'},
		drillTopK: {type: 'number', value: 'N', help: `items to drill (default ${findDefaults.drill_top_k})`},
		drillPerItemTopK: {type: 'number', value: 'N', help: `spans per drilled item (default ${findDefaults.drill_per_item_top_k})`},
		team: {type: 'boolean', help: 'search the team archive (PostgreSQL, $DRILL_TEAM_URL; docs/team.md):\nstage 1 runs there, and the hits\' items are fetched into this\nstore, so their ids walk and open like local ones'},
		teamUrl: {type: 'string', value: 'URL', help: 'the team database for --team (default: $DRILL_TEAM_URL)'},
		...embedderFlags,
	},
	more: `
  Examples
    drill find retry storm
    drill find "pool exhaustion" --scope conversation_session --method keyword --json
    drill find onboarding --source knowledge
    drill find "flaky test" --agent claude-code --project /home/me/shop
    drill find --team "pool exhaustion"
    drill find "what did we decide about the cache" --since "last week"
    drill find "cache after:2025-03-01 before:2025-04"
    drill find migration --in conversation_session:2f9c1e`,
	async run(cli, context) {
		const query = cli.input.join(' ');
		if (query.trim() === '') throw usageError('find needs a QUERY', 'e.g. drill find "retry storm"');
		const color = context.color && Boolean(context.stdout.isTTY);
		if (cli.flags.team || cli.flags.teamUrl) {
			if (cli.flags.source && cli.flags.source !== 'summary') throw usageError(`--team searches summaries, not --source ${cli.flags.source}`, 'leave out --source, or search locally without --team');
			const local = (['since', 'until', 'in'] as const).find((flag) => cli.flags[flag]);
			if (local) throw usageError(`--team does not take --${local}: the team archive is searched without times or inside one item`, `leave out --${local}, or search locally without --team`);
			const result = await teamFind(cli.flags, query, context);
			if (context.json) printJson(context.stdout, result);
			else context.stdout.write(renderFind(result, color));
			return 0;
		}
		const result = await context.runtime.find(
			{
				query,
				source: cli.flags.source as FindSource | undefined,
				scope: cli.flags.scope,
				agent: cli.flags.agent,
				project: cli.flags.project,
				since: cli.flags.since,
				until: cli.flags.until,
				in: cli.flags.in,
				method: cli.flags.method,
				top_k: count('top-k', cli.flags.topK),
				offset: count('offset', cli.flags.offset),
				min_score: cli.flags.minScore,
				drill: cli.flags.drill,
				drill_top_k: count('drill-top-k', cli.flags.drillTopK),
				drill_per_item_top_k: count('drill-per-item-top-k', cli.flags.drillPerItemTopK),
				embedder: embedderSpec(cli.flags),
				...(context.json ? {} : {highlight: {open, close}}),
			},
		);
		if (context.json) printJson(context.stdout, result);
		else context.stdout.write(renderFind(result, color));
		return 0;
	},
});
