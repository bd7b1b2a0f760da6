import {afterEach, describe, expect, test} from 'vitest';
import {DrillError} from '../../source/core/errors.js';
import type {FindOptions, FindResult} from '../../source/ui/services.js';
import {emptyResult, FakeFrames, FakeServices, summaryTree, wideNode, type FakeNode} from './fake-services.js';
import {renderApp, type RenderedApp} from './render-app.js';

const summary = summaryTree({
	conversation_session: [
		{item: 'k3x9', title: 'API debugging', topics: ['Reproducing the 502s', 'Pool exhaustion', 'Retry storm']},
		{item: 'q8mt3', title: 'Slow invoices query', topics: ['The plan']},
	],
	page: [{item: 'pgb01', title: 'PgBouncer pool modes', topics: ['Why pool at all', 'Sizing the pool']}],
});

const knowledge: FakeNode = {
	id: '',
	name: 'knowledge',
	children: [{id: 'architecture', name: 'Architecture', summary: 'How it fits together.', children: [{id: 'architecture/pooling', name: 'Connection pooling', summary: 'PgBouncer everywhere.'}]}, wideNode('wide', 'Wide folder', 10_000)],
};

function poolResult(query: string, options: FindOptions): FindResult {
	return {
		...emptyResult(query, options),
		stage1_hits: [
			{rank: 1, score: 3, drill_node_id: 'conversation_session:k3x9#n2', namespace: 'conversation_session', item_id: 'k3x9', title: 'Pool exhaustion', snippet: 'the pool ran out', level: 1, matched_by: ['keyword']},
			{rank: 2, score: 2, drill_node_id: 'page:pgb01#n2', namespace: 'page', item_id: 'pgb01', title: 'Sizing the pool', snippet: 'size the pool', level: 1, matched_by: ['semantic']},
		],
		drilled: [{drill_node_id: 'conversation_session:k3x9', spans: [{drill_node_id: 'conversation_session:k3x9#n3', seq: 7, snippet: 'every waiting request retried', score: 1}]}],
	};
}

let app: RenderedApp | undefined;
afterEach(async () => {
	if (app) await app.quit();
	app = undefined;
});

async function open(services: FakeServices, options: Parameters<typeof renderApp>[1] = {}): Promise<RenderedApp> {
	app = await renderApp(services, options);
	return app;
}

/** The row of the screen that holds `text`. */
function rowWith(screen: string, text: string): string {
	return screen.split('\n').find((line) => line.includes(text)) ?? '';
}

describe('the tree', () => {
	test('one row per domain; open, move, breadcrumbs and child counts', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}));
		let text = await screen.screen();
		expect(text).toMatch(/▸ knowledge 2/u);
		expect(text).toMatch(/▸ summary 2/u);
		press('jl');
		text = await screen.waitFor('conversation_session 2');
		expect(text).toMatch(/▾ summary 2/u);
		expect(text).toContain('page 1');
		press('jljl');
		text = await screen.waitFor('Pool exhaustion');
		expect(text).toContain('drill · summary › conversation_session › API debugging');
		press('j');
		text = await screen.waitFor('summary:conversation_session:k3x9#n1');
		expect(text).toContain('drill · summary › conversation_session › API debugging › Reproducing the 502s');
	});

	test('← closes an open node, and on a closed one goes to its parent', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}));
		press('jljl');
		await screen.waitFor('Slow invoices query');
		press('h');
		let text = await screen.waitFor(/▸ conversation_session 2/u);
		expect(text).toContain('drill · summary › conversation_session ─');
		press('h');
		text = await screen.waitFor('drill · summary ─');
		expect(text).toMatch(/▾ summary 2/u);
		press('h');
		text = await screen.waitFor(/▸ summary 2/u);
		expect(text).not.toMatch(/[▸▾] conversation_session 2/u);
	});

	test('a node of 10 000 children scrolls: G, g, page down, ctrl-d', async () => {
		const services = new FakeServices({knowledge});
		const {screen, press} = await open(services);
		press('\r\u001b[B\u001b[B\r');
		await screen.waitFor('Child 000001');
		await app!.controller.idle();
		press('G');
		let text = await screen.waitFor('Child 010000');
		expect(text).toMatch(/10,003\/10,003 ┘/u);
		press('g');
		await screen.waitFor(/1\/10,003 ┘/u);
		press('\u001b[6~');
		text = await screen.waitFor(/\/10,003 ┘/u);
		press('\u0004');
		text = await screen.waitFor(/Child 0000(3|4)\d/u);
		// Children came in pages, never all in one walk.
		const pages = services.walks.filter((walk) => walk.id === 'wide' && walk.depth === 'index' && walk.limit !== 1);
		expect(pages.length).toBeGreaterThan(1);
		expect(Math.max(...pages.map((walk) => walk.limit ?? 0))).toBeLessThan(10_000);
	});

	test('--domain/--node open the tree along the path and select the node', async () => {
		const {screen} = await open(new FakeServices({summary, knowledge}), {initial: {domain: 'summary', node: 'page:pgb01#n2'}});
		const text = await screen.waitFor('summary:page:pgb01#n2');
		expect(text).toMatch(/▾ page 1/u);
		expect(text).toMatch(/▾ PgBouncer pool modes 2/u);
		expect(text).toContain('drill · summary › page › PgBouncer pool modes › Sizing the pool');
	});
});

describe('depth', () => {
	test('1/2/3 and t switch the detail pane between index, summary and full', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}), {initial: {domain: 'summary', node: 'conversation_session:k3x9'}});
		let text = await screen.waitFor('depth index');
		expect(text).not.toContain('The summary of API debugging.');
		press('2');
		text = await screen.waitFor('depth summary');
		expect(text).toContain('The summary of API debugging.');
		expect(text).toContain('About Pool exhaustion.');
		press('3');
		text = await screen.waitFor('depth full');
		expect(text).toContain('The whole of API debugging.');
		expect(text).toContain('── content ──');
		press('t');
		await screen.waitFor('depth index');
	});

	test('a full view cut at its size bound loads its next chunk as the reader scrolls near its end', async () => {
		const long: FakeNode = {id: '', name: 'long', content: Array.from({length: 400}, (_, index) => `line ${index + 1}`).join('\n')};
		const services = new FakeServices({long});
		const {screen, press} = await open(services, {depth: 'full', maxChars: 600});
		await screen.waitFor('line 21');
		press('\t');
		// Each G goes to the end of what is loaded, which asks for twice as much.
		for (let tries = 0; tries < 12 && !(await screen.screen()).includes('line 400'); tries++) {
			press('G');
			await new Promise((resolve) => setTimeout(resolve, 30));
		}
		const text = await screen.waitFor('line 400');
		expect(text).not.toContain('more loads as you scroll');
		expect(text).not.toContain('truncated');
		const bounds = services.walks.filter((walk) => walk.depth === 'full').map((walk) => walk.maxChars);
		expect(bounds.slice(0, 4)).toEqual([600, 1200, 2400, 4800]);
		// The store changed (a refresh reads the node again): what was loaded stays loaded.
		const {controller} = app!;
		controller.dispatch({type: 'tree', action: {type: 'select', key: controller.getState().tree.rows[0]!}});
		const before = services.walks.length;
		(controller as unknown as {run(effect: {type: 'refresh'; domain: string}): void}).run({type: 'refresh', domain: 'long'});
		expect(services.walks.slice(before).filter((walk) => walk.depth === 'full').map((walk) => walk.maxChars)).toEqual([bounds.at(-1)]);
		expect(await screen.screen()).toContain('line 400');
	});

	test('the detail pane scrolls when it has the focus', async () => {
		const long: FakeNode = {id: '', name: 'long', content: Array.from({length: 80}, (_, index) => `line ${index + 1}`).join('\n')};
		const {screen, press} = await open(new FakeServices({long}), {depth: 'full'});
		await screen.waitFor('line 1');
		press('\t');
		press('G');
		let text = await screen.waitFor('line 80');
		expect(text).not.toContain('line 1\n');
		const [, first, last, total] = /lines (\d+)–(\d+)\/(\d+)/u.exec(text)!;
		expect(last).toBe(total);
		// One line up from the bottom is one line up, not nothing.
		press('k');
		text = await screen.waitFor(`lines ${Number(first) - 1}–${Number(last) - 1}/${total}`);
		expect(text).not.toContain('line 80');
	});
});

describe('the query box and its results', () => {
	test('a search lists hits with spans under the top item; Enter jumps to a hit', async () => {
		const services = new FakeServices({summary, knowledge}, undefined, async (query, options) => poolResult(query, options));
		const {screen, press} = await open(services);
		press('/pool\r');
		let text = await screen.waitFor('2 hits');
		expect(text).toContain('/ pool');
		expect(text).toContain('1 Pool exhaustion  conversation_session:k3x9#n2');
		expect(rowWith(text, '↳')).toContain('#n3 span 7');
		expect(services.searches[0]).toMatchObject({query: 'pool', options: {method: 'keyword,semantic'}});
		press('\r');
		text = await screen.waitFor('summary:conversation_session:k3x9#n2');
		expect(text).toContain('drill · summary › conversation_session › API debugging › Pool exhaustion');
		// Back to the results (Tab: tree → detail → results): l goes into hit 1's spans, and a span
		// row jumps to the node that owns the span.
		press('\t\tl\r');
		await screen.waitFor('summary:conversation_session:k3x9#n3');
		// From the span, j goes on to the next hit.
		press('\t\tj\r');
		await screen.waitFor('summary:page:pgb01#n2');
	});

	test('m cycles the method and s scopes to the namespace under the cursor; both re-run the search', async () => {
		const services = new FakeServices({summary, knowledge}, undefined, async (query, options) => poolResult(query, options));
		const {screen, press} = await open(services, {initial: {domain: 'summary', node: 'conversation_session:k3x9'}});
		press('/pool\r');
		await screen.waitFor('2 hits');
		press('m');
		await screen.waitFor('keyword · scope: all');
		// Tab from the results goes back to the tree, where s reads the namespace under the cursor.
		press('\ts');
		await screen.waitFor('keyword · scope: conversation_session');
		expect(services.searches.map((search) => [search.options.method, search.options.scope])).toEqual([
			['keyword,semantic', undefined],
			['keyword', undefined],
			['keyword', 'conversation_session'],
		]);
	});

	test('a newer query replaces an older one still running: its answer is dropped, its signal aborted', async () => {
		const pending: Array<{resolve: (result: FindResult) => void; signal?: AbortSignal; query: string; options: FindOptions}> = [];
		const services = new FakeServices({summary, knowledge}, undefined, (query, options) => new Promise((resolve) => pending.push({resolve, signal: options.signal, query, options})));
		const {screen, press} = await open(services);
		press('/slow\r');
		await screen.waitFor('searching');
		press('/\u0015fast\r');
		await screen.waitFor('/ fast');
		expect(pending).toHaveLength(2);
		expect(pending[0]!.signal?.aborted).toBe(true);
		pending[1]!.resolve(poolResult('fast', pending[1]!.options));
		await screen.waitFor('2 hits');
		pending[0]!.resolve({...emptyResult('slow', pending[0]!.options), stage1_hits: []});
		await new Promise((resolve) => setTimeout(resolve, 50));
		const text = await screen.screen();
		expect(text).toContain('2 hits');
		expect(text).toContain('Pool exhaustion');
	});

	test('keys keep working while a search runs', async () => {
		const services = new FakeServices({summary, knowledge}, undefined, () => new Promise(() => {}));
		const {screen, press} = await open(services);
		press('/never\r');
		await screen.waitFor('searching');
		press('\tjl');
		await screen.waitFor(/▾ summary/u);
	});

	test('a failed search says why', async () => {
		const services = new FakeServices({summary, knowledge}, undefined, () => Promise.reject(new Error('the index is missing')));
		const {screen, press} = await open(services);
		press('/x\r');
		expect(await screen.waitFor('the index is missing')).toContain('failed');
	});

	test('40 characters and Enter written at once all reach the query', async () => {
		const services = new FakeServices({summary, knowledge}, undefined, async (query, options) => emptyResult(query, options));
		const {screen, press} = await open(services);
		const query = 'retry storm traced to a pool limit again';
		expect(query).toHaveLength(40);
		press(`/${query}\r`);
		await screen.waitFor('no hits');
		expect(services.searches.map((search) => search.query)).toEqual([query]);
	});
});

describe('the fuzzy filter', () => {
	test('f highlights loaded names, Enter jumps to the best, n/N walk the matches', async () => {
		const {screen, press, controller} = await open(new FakeServices({summary, knowledge}));
		press('jljljl');
		await screen.waitFor('Pool exhaustion');
		press('khh');
		await screen.waitFor(/▸ conversation_session/u);
		press('fpol exh');
		await screen.waitFor(/fuzzy · \d+ of \d+ names/u);
		press('\r');
		let text = await screen.waitFor('summary:conversation_session:k3x9#n2');
		expect(text).toMatch(/▾ conversation_session/u);
		expect(text).toMatch(/f pol exh \[1\/\d+\]/u);
		const count = controller.getState().filter.matches.length;
		if (count > 1) {
			press('n');
			text = await screen.waitFor(`[2/${count}]`);
			press('N');
			await screen.waitFor(`[1/${count}]`);
		}
		press('\u001b');
		await screen.waitForGone('[1/');
	});

	test('with 10 000 loaded names the filter answers and the keys still move the cursor meanwhile', async () => {
		const {screen, press, controller} = await open(new FakeServices({knowledge}));
		press('\r\u001b[B\u001b[B\r');
		await screen.waitFor('Child 000001');
		await controller.idle();
		press('fchild 009999');
		press('\r');
		await screen.waitFor('knowledge:wide/9999');
	});
});

describe('the frame panel', () => {
	test('d drills down from the selected node, u undrills with a plan; the panel follows', async () => {
		const frames = new FakeFrames();
		const {screen, press} = await open(new FakeServices({summary, knowledge}, frames), {initial: {domain: 'summary', node: 'conversation_session:k3x9'}});
		await screen.waitFor('frame: none');
		press('d');
		await screen.waitFor('drill down from summary conversation_session:k3x9');
		press('pool-limit\rwhy the pool runs out\r\r');
		let text = await screen.waitFor(/frame f00001 pool-limit/u);
		expect(frames.downs).toEqual([{slug: 'pool-limit', objective: 'why the pool runs out', context: 'Drilled from the summary node conversation_session:k3x9 (API debugging).'}]);
		expect(text).toContain('plan: 0 actions');
		press('jd');
		await screen.waitFor('drill down from');
		press('retry\rwhy retries storm\r\r');
		text = await screen.waitFor('f00001 pool-limit › f00002 retry');
		press('u');
		await screen.waitFor('undrill: close the current frame');
				// findings, (no plan file), action, scope → user, sink → code, owner as is, evidence,
		// add the action, Enter on the empty next action goes to the button, the button undrills.
		press('no jitter\r\rjitter the retries\r\u001b[C\r\u001b[C\u001b[C\u001b[C\u001b[C\u001b[C\r\rk3x9#n3\r\r\r\r');
		text = await screen.waitFor(/frame f00001 pool-limit ─+ plan: 1 action \(code 1\)/u);
		expect(frames.ups).toEqual([{findings: 'no jitter', plan: [{action: 'jitter the retries', scope: 'user', sink: 'code', owner: 'human', evidence: 'k3x9#n3'}]}]);
		press('p');
		text = await screen.waitFor('jitter the retries');
		expect(rowWith(text, 'jitter the retries')).toMatch(/code +jitter the retries +user · human · k3x9#n3/u);
		expect(text).toContain('objective  why the pool runs out');
	});

	test('a refused drill keeps the dialog open with the reason', async () => {
		const frames = new FakeFrames();
		const {screen, press} = await open(new FakeServices({summary, knowledge}, frames));
		press('dsame\rfirst\r\r');
		await screen.waitFor('frame f00001 same');
		press('dsame\ragain\r\r');
		const text = await screen.waitFor('an open frame is already called same');
		expect(text).toContain('drill down from');
		press('\u001b');
		await screen.waitForGone('drill down from');
	});

	test('a plan file can stand in for entered actions; undrilling needs findings', async () => {
		const frames = new FakeFrames();
		const {screen, press} = await open(new FakeServices({summary, knowledge}, frames));
		press('dx\ry\r\r');
		await screen.waitFor('frame f00001 x');
		press('u\r');
		await screen.waitFor('plan file');
		press('\u001b[A');
		press('\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\u001b[B\r');
		await screen.waitFor('undrilling needs findings');
		press('\u001b');
		press('udone\rplans/pool.yaml\r\r\r');
		await screen.waitFor('frame: none');
		expect(frames.ups).toEqual([{findings: 'done', plan: [], planFile: 'plans/pool.yaml'}]);
	});

	test('without a frames module the panel and d/u say so', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}));
		await screen.waitFor('frames: not available in this build');
		press('d');
		await screen.waitFor('frames are not available in this build');
	});
});

describe('around the app', () => {
	test('? shows every key from the key table; Esc closes it', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}), {columns: 120, rows: 40});
		press('?');
		const text = await screen.waitFor('fuzzy filter the loaded names');
		expect(text).toContain('copy the node id (OSC 52)');
		expect(text).toContain('Drill dialogs');
		press('\u001b');
		await screen.waitForGone('fuzzy filter the loaded names');
	});

	test('y copies the node id with OSC 52', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}), {initial: {domain: 'summary', node: 'conversation_session:k3x9#n2'}});
		press('y');
		await screen.waitFor('copied conversation_session:k3x9#n2');
		expect(screen.raw).toContain(`\u001b]52;c;${Buffer.from('conversation_session:k3x9#n2').toString('base64')}\u0007`);
	});

	test('at 80×24 Tab switches between the tree and the detail; long names end in an ellipsis', async () => {
		const longName: FakeNode = {id: '', name: 'long', children: [{id: 'x', name: `A very long name ${'that goes on '.repeat(10)}`, summary: 'Detail text.'}]};
		const {screen, press} = await open(new FakeServices({long: longName}), {columns: 80, rows: 24, depth: 'summary'});
		press('l');
		let text = await screen.waitFor('A very long name');
		const lines = text.split('\n');
		expect(lines).toHaveLength(24);
		expect(lines[22]).toMatch(/^└.*┘$/u);
		expect(rowWith(text, 'A very long name')).toMatch(/…\s*│$/u);
		press('j\t');
		text = await screen.waitFor('Detail text.');
		expect(text).not.toContain('▾ long');
		press('\t');
		await screen.waitFor('▾ long');
	});

	test('a resize re-lays out the whole screen with nothing of the old layout left', async () => {
		const {screen, press, resize} = await open(new FakeServices({summary, knowledge}), {columns: 120, rows: 34});
		press('jljl');
		await screen.waitFor('API debugging');
		resize(80, 24);
		let // A frame is written top to bottom: once its last rule is there, all of it is.
		text = await screen.waitFor(/^└.{78}┘$/mu);
		let lines = text.split('\n');
		expect(lines.slice(0, 23).every((line) => /^[┌│├└].*[┐│┤┘]$/u.test(line) && line.length === 80)).toBe(true);
		expect(lines[23]).toBe('');
		resize(130, 40);
		text = await screen.waitFor(/^└.{128}┘$/mu);
		lines = text.split('\n');
		expect(lines.slice(0, 39).every((line) => line.length === 130)).toBe(true);
		expect(text).toContain('API debugging');
	});

	test('without colour the output has no colour codes, but keeps the selection visible', async () => {
		const {screen, press} = await open(new FakeServices({summary, knowledge}), {color: false});
		press('jl/x\r');
		await screen.waitFor('no hits');
		expect(screen.raw).not.toMatch(/\u001b\[(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9]+)*m/u);
		expect(screen.raw).toContain('\u001b[7m');
	});

	test('text from the services is drawn inert', async () => {
		const hostile: FakeNode = {
			id: '',
			name: 'root',
			summary: 'clip \u001b]52;c;ZXZpbA==\u0007 clear \u001b[2J title \u001b]0;pwned\u0007 csi \u009b31m bidi \u202eevil\u202c',
			children: [{id: 'x\u001b[2J', name: 'child \u001b]0;pwned\u0007 \u009b1m\u2066name\u2069'}],
		};
		const {screen, press} = await open(new FakeServices({hostile}), {depth: 'summary'});
		press('l');
		const text = await screen.waitFor('child');
		expect(text).toContain('child  name');
		for (const bad of ['\u001b]52', '\u001b[2J', '\u001b]0;', '\u009b', '\u202e', '\u2066']) expect(screen.raw).not.toContain(bad);
	});

	test('q quits with 0 and leaves the alternate screen', async () => {
		const rendered = await renderApp(new FakeServices({summary, knowledge}));
		expect(await rendered.quit()).toBe(0);
		expect(rendered.screen.raw.startsWith('\u001b[?1049h')).toBe(true);
		expect(rendered.screen.raw.endsWith('\u001b[?1049l')).toBe(true);
	});
});

test('frame slugs, objectives and plans from files are drawn inert', async () => {
	const frames = new FakeFrames();
	await frames.down({slug: 'bad\u001b]0;t\u0007slug', objective: 'clear \u001b[2J objective', context: ''});
	const rendered = await renderApp(new FakeServices({summary, knowledge}, frames));
	await rendered.screen.waitFor('badslug');
	rendered.press('p');
	await rendered.screen.waitFor('clear  objective');
	for (const bad of ['\u001b]0;', '\u001b[2J']) expect(rendered.screen.raw).not.toContain(bad);
	await rendered.quit();
});

test('a domain with nothing here (no knowledge folder) is a quiet empty row, not a warning on every screen; its detail says why', async () => {
	const services = new FakeServices({summary, knowledge});
	const walk = services.walk.bind(services);
	services.walk = (domain, id, depth, page) => {
		if (domain === 'knowledge') throw new DrillError('not_found', 'the knowledge folder /home/ana/.agents/knowledge does not exist', 'point --knowledge at a folder of markdown files (default .agents/knowledge)');
		return walk(domain, id, depth, page);
	};
	const rendered = await renderApp(services);
	const text = await rendered.screen.waitFor('· knowledge');
	expect(text).not.toMatch(/! knowledge|does not exist/u);
	expect(await rendered.quit()).toBe(0);
});
