import {createWriteStream} from 'node:fs';
import {once} from 'node:events';
import {Prose, random, topics, uuid, writeLines} from './prose.js';

/**
 * Sessions of the other agent formats for the ingest benchmark, shaped as their tools write them
 * (the same seeded prose as the Claude Code sessions): a Codex CLI rollout, a Gemini CLI
 * stream-json log, an aider chat history of several sessions, and Claude agent events.
 */

type Emit = (record: Record<string, unknown>) => Promise<void>;

/** Writes JSON lines until `targetBytes`, calling `turn` for each request. */
async function jsonSession(file: string, targetBytes: number, seed: number, turn: (emit: Emit, prose: Prose, topic: number, next: () => number, clock: () => string) => Promise<void>, start?: (emit: Emit, clock: () => string, next: () => number) => Promise<void>): Promise<number> {
	const next = random(seed);
	const prose = new Prose(next);
	let time = Date.parse('2026-10-14T09:00:00Z') + Math.floor(next() * 1e10);
	const clock = () => new Date((time += 1000 + Math.floor(next() * 20_000))).toISOString();
	return writeLines(file, async (write) => {
		let bytes = 0;
		const emit: Emit = async (record) => {
			const line = JSON.stringify(record);
			bytes += line.length + 1;
			await write(line);
		};
		await start?.(emit, clock, next);
		let topic = Math.floor(next() * topics.length);
		while (bytes < targetBytes) {
			if (next() < 0.3) topic = Math.floor(next() * topics.length);
			await turn(emit, prose, topic, next, clock);
		}
	});
}

export function writeCodexRollout(file: string, targetBytes: number, seed: number): Promise<number> {
	return jsonSession(
		file,
		targetBytes,
		seed,
		async (emit, prose, topic, next, clock) => {
			const line = (type: string, payload: Record<string, unknown>) => emit({timestamp: clock(), type, payload});
			const ask = prose.paragraph(topic, 1 + Math.floor(next() * 3));
			await line('turn_context', {cwd: '/home/ana/src/ledger', approval_policy: 'on-request', model: 'gpt-5-codex', effort: 'medium'});
			await line('response_item', {type: 'message', role: 'user', content: [{type: 'input_text', text: ask}]});
			await line('event_msg', {type: 'user_message', message: ask, images: []});
			for (let step = 1 + Math.floor(next() * 6); step > 0; step--) {
				const summary = prose.paragraph(topic, 2);
				await line('response_item', {type: 'reasoning', summary: [{type: 'summary_text', text: summary}], encrypted_content: 'gAAAAABpB3kY2c1f'});
				await line('event_msg', {type: 'agent_reasoning', text: summary});
				const callId = `call_${uuid(next).slice(0, 12)}`;
				await line('response_item', {type: 'function_call', name: 'shell', arguments: JSON.stringify({command: ['bash', '-lc', `pnpm vitest run test/${prose.pick(topics[topic]!)}.test.ts`], workdir: '/home/ana/src/ledger'}), call_id: callId});
				const output = prose.log(next() < 0.05 ? 400 : 5 + Math.floor(next() * 40), topic);
				await line('response_item', {type: 'function_call_output', call_id: callId, output: JSON.stringify({output, metadata: {exit_code: 0, duration_seconds: 1.2}})});
				await line('event_msg', {type: 'token_count', info: {total_token_usage: {input_tokens: 9812, output_tokens: 214}}});
			}
			const answer = prose.paragraph(topic);
			await line('response_item', {type: 'message', role: 'assistant', content: [{type: 'output_text', text: answer}]});
			await line('event_msg', {type: 'agent_message', message: answer});
		},
		async (emit, clock, next) => {
			const now = clock();
			await emit({timestamp: now, type: 'session_meta', payload: {id: uuid(next), timestamp: now, cwd: '/home/ana/src/ledger', originator: 'codex_cli_rs', cli_version: '0.46.0', source: 'cli', model_provider: 'openai'}});
		},
	);
}

export function writeGeminiStream(file: string, targetBytes: number, seed: number): Promise<number> {
	return jsonSession(
		file,
		targetBytes,
		seed,
		async (emit, prose, topic, next, clock) => {
			await emit({type: 'message', timestamp: clock(), role: 'user', content: prose.paragraph(topic, 1 + Math.floor(next() * 3))});
			for (let step = 1 + Math.floor(next() * 6); step > 0; step--) {
				for (const chunk of prose.paragraph(topic, 2).split(/(?<=\. )/u)) await emit({type: 'message', timestamp: clock(), role: 'assistant', content: chunk, delta: true});
				const id = `run_shell_command-${Math.floor(next() * 1e12)}`;
				await emit({type: 'tool_use', timestamp: clock(), tool_name: 'run_shell_command', tool_id: id, parameters: {command: `npm test -- ${prose.pick(topics[topic]!)}`, description: prose.sentence(topic)}});
				await emit({type: 'tool_result', timestamp: clock(), tool_id: id, status: 'success', output: prose.log(next() < 0.05 ? 400 : 5 + Math.floor(next() * 40), topic)});
			}
		},
		async (emit, clock, next) => {
			await emit({type: 'init', timestamp: clock(), session_id: uuid(next), model: 'gemini-2.5-pro'});
		},
	);
}

export function writeAgentEvents(file: string, targetBytes: number, seed: number): Promise<number> {
	let n = 0;
	return jsonSession(file, targetBytes, seed, async (emit, prose, topic, next, clock) => {
		const event = (type: string, fields: Record<string, unknown>) => emit({id: `sevt_${++n}_0`, type, processed_at: clock(), ...fields});
		await event('user.message', {content: [{type: 'text', text: prose.paragraph(topic, 1 + Math.floor(next() * 3))}]});
		await event('session.status_running', {});
		for (let step = 1 + Math.floor(next() * 6); step > 0; step--) {
			await event('span.model_request_start', {});
			await event('agent.message', {content: [{type: 'text', text: prose.paragraph(topic, 2)}]});
			await event('agent.tool_use', {name: 'bash', input: {command: `grep -rn ${prose.pick(topics[topic]!)} src/`}});
			await event('agent.tool_result', {tool_use_id: `sevt_${n - 1}_0`, content: [{type: 'text', text: prose.log(next() < 0.05 ? 400 : 5 + Math.floor(next() * 40), topic)}], is_error: false});
			await event('span.model_request_end', {model_usage: {input_tokens: 9812, output_tokens: 214}});
		}
		await event('session.status_idle', {stop_reason: {type: 'end_turn'}});
	});
}

/** An aider chat history: sessions of requests, answers with SEARCH/REPLACE edits, and aider's own output. */
export async function writeAiderHistory(file: string, targetBytes: number, seed: number): Promise<number> {
	const next = random(seed);
	const prose = new Prose(next);
	const stream = createWriteStream(file);
	let bytes = 0;
	const out = async (text: string) => {
		bytes += Buffer.byteLength(text) + 1;
		if (!stream.write(`${text}\n`)) await once(stream, 'drain');
	};
	let day = 1;
	while (bytes < targetBytes) {
		await out(`\n# aider chat started at 2026-10-${String(1 + (day++ % 28)).padStart(2, '0')} 10:${String(day % 60).padStart(2, '0')}:04\n`);
		await out('> Aider v0.86.1  \n> Main model: anthropic/claude-sonnet-4-20250514 with diff edit format  \n> Git repo: .git with 58 files  ');
		let topic = Math.floor(next() * topics.length);
		for (let turn = 0; turn < 3 + Math.floor(next() * 20) && bytes < targetBytes; turn++) {
			if (next() < 0.3) topic = Math.floor(next() * topics.length);
			await out(`\n${prose.paragraph(topic, 1 + Math.floor(next() * 3)).split('. ').map((line) => `#### ${line}  `).join('\n')}\n`);
			const name = prose.pick(topics[topic]!);
			await out(`${prose.paragraph(topic)}\n\nsrc/${name}.py\n\`\`\`python\n<<<<<<< SEARCH\n${prose.log(3 + Math.floor(next() * 20), topic)}\n=======\n${prose.log(3 + Math.floor(next() * 20), topic)}\n>>>>>>> REPLACE\n\`\`\`\n`);
			await out(`> Applied edit to src/${name}.py  \n> Commit ${Math.floor(next() * 0xfffffff).toString(16).padStart(7, '0')} fix: ${prose.sentence(topic).slice(0, 50)}  `);
			if (next() < 0.3) await out(`\n#### /run pytest -q  \n${prose.log(5 + Math.floor(next() * 30), topic).split('\n').map((line) => `> ${line}  `).join('\n')}`);
		}
	}
	stream.end();
	await once(stream, 'finish');
	return bytes;
}
