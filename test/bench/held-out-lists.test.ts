import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const evalDir = path.resolve('bench/eval');
const publicNuggets = path.resolve('fixtures/summaries/public');

/** The held-out set scripts that stage their logs with sessions-from-list.sh, and their nugget folders. */
const heldOutSets = ['heldout', 'heldout2', 'heldout3', 'heldout5', 'heldout6', 'heldout7', 'heldout8', 'heldout9', 'heldout10', 'heldout11', 'heldout12'];

type ListLine = {agent: string; repo: string; rev: string; logPath: string; name: string};

/** The lines of a script's `<<'LIST'` block, without blank lines and comments. */
function listLines(script: string): string[] {
	const text = readFileSync(path.join(evalDir, script), 'utf8');
	const block = /<<'LIST'\n([\s\S]*?)\nLIST\n/u.exec(text)?.[1] ?? '';
	return block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** The file name sessions-from-list.sh writes a log under, as that script computes it. */
function stagedName(agent: string, repo: string, logPath: string): string {
	const base = path.basename(logPath);
	if (agent === 'claude-code') return base;
	if (agent === 'codex') return `${repo.split('/')[0]}.${base}`;
	return `${repo.split('/')[1]!.slice(0, 40)}.${base.replace(/^\./u, '')}`;
}

function parse(line: string): ListLine {
	const [agent = '', repo = '', rev = '', logPath = '', name] = line.split(/\s+/u);
	return {agent, repo, rev, logPath, name: name ?? stagedName(agent, repo, logPath)};
}

type Entry = {file: string; item?: string; nuggets: string[][]};

describe('held-out set lists', () => {
	for (const set of heldOutSets) {
		it(`${set}: every line names a repository, a commit and a log, and every nugget entry a staged log`, () => {
			const lines = listLines(`summaries-${set}.sh`).map(parse);
			expect(lines.length).toBeGreaterThan(0);
			for (const line of lines) {
				expect(line.repo).toMatch(/^[\w.-]+\/[\w.-]+$/u);
				expect(line.rev).toMatch(/^(?:[0-9a-f]{40}|HEAD)$/u);
				expect(line.logPath).not.toBe('');
			}
			const folder = path.join(publicNuggets, set);
			for (const file of readdirSync(folder).filter((name) => /^nuggets-.+\.json$/u.test(name))) {
				const agent = file.slice('nuggets-'.length, -'.json'.length);
				const staged = new Set(lines.filter((line) => line.agent === agent).map((line) => line.name));
				// Cursor chats of held-out 1 and 2 are saved from the index by id, not from a list line.
				if (staged.size === 0) continue;
				const entries = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Entry[];
				for (const entry of entries) {
					expect(staged, `${set}/${file}: ${entry.file}`).toContain(entry.file);
					expect(entry.nuggets).toHaveLength(3);
					for (const alternatives of entry.nuggets) expect(alternatives.length).toBeGreaterThan(0);
				}
			}
		});
	}

	/** The scripts made in order, from held-out 6 on: each is checked against every script but itself and those after it. */
	const ordered = ['summaries-heldout6.sh', 'summaries-heldout7.sh', 'summaries-heldout8.sh', 'summaries-heldout9.sh', 'summaries-heldout10.sh', 'summaries-heldout11.sh', 'summaries-heldout12.sh'];

	/** The owners of every repository listed by the scripts made before `script`: held-out 6 before 7 before 8 … before 12. */
	function ownersBefore(script: string): Set<string> {
		const later = ordered.slice(ordered.indexOf(script));
		const earlier = readdirSync(evalDir)
			.filter((name) => name.endsWith('.sh') && !later.includes(name))
			.flatMap((name) => listLines(name))
			.map((line) => line.split(/\s+/u)[1] ?? '')
			.filter((repo) => repo.includes('/'));
		expect(earlier.length).toBeGreaterThan(100);
		return new Set(earlier.map((repo) => repo.split('/')[0]!.toLowerCase()));
	}

	for (const set of ['heldout6', 'heldout7', 'heldout8', 'heldout9', 'heldout10', 'heldout11', 'heldout12']) {
		it(`${set} shares no repository and no owner with any earlier list`, () => {
			const owners = ownersBefore(`summaries-${set}.sh`);
			const repos = listLines(`summaries-${set}.sh`).map((line) => parse(line).repo);
			for (const repo of repos) expect(owners, repo).not.toContain(repo.split('/')[0]!.toLowerCase());
		});

		it(`${set} writes its nuggets in lower case, as the eval compares them`, () => {
			const folder = path.join(publicNuggets, set);
			for (const file of readdirSync(folder)) {
				const entries = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Entry[];
				for (const alternative of entries.flatMap((entry) => entry.nuggets.flat())) expect(alternative).toBe(alternative.toLowerCase());
			}
		});
	}

	// Held-out 10, 11 and 12 are strict, as ../shared/eval/nuggets is: each nugget is one specific thing in a few spellings.
	for (const set of ['heldout10', 'heldout11', 'heldout12']) {
		it(`${set} is strict: three nuggets per session, each of one to three alternatives, and at most three sessions of a person`, () => {
			const folder = path.join(publicNuggets, set);
			for (const file of readdirSync(folder)) {
				const entries = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Entry[];
				for (const entry of entries) {
					expect(entry.nuggets, `${file}: ${entry.file}`).toHaveLength(3);
					for (const alternatives of entry.nuggets) expect(alternatives.length, `${file}: ${entry.file}`).toBeLessThanOrEqual(3);
				}
			}
			const lines = listLines(`summaries-${set}.sh`).map(parse);
			const sessions = new Map<string, number>();
			for (const file of readdirSync(folder)) {
				const agent = file.slice('nuggets-'.length, -'.json'.length);
				const entries = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Entry[];
				for (const entry of entries) {
					const owner = lines.find((line) => line.agent === agent && line.name === entry.file)!.repo.split('/')[0]!.toLowerCase();
					sessions.set(owner, (sessions.get(owner) ?? 0) + 1);
				}
			}
			for (const [owner, count] of sessions) expect(count, owner).toBeLessThanOrEqual(3);
		});
	}
});
