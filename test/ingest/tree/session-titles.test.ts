import {describe, expect, it} from 'vitest';
import {describeSource} from '../../../source/ingest/build-item.js';
import {CodexReader} from '../../../source/ingest/formats/codex.js';
import {reviewAsProse} from '../../../source/ingest/formats/codex-review.js';
import {readChatGptConversation} from '../../../source/ingest/formats/chatgpt.js';
import {GeminiChatReader} from '../../../source/ingest/formats/gemini-chat.js';
import {reportOutcome} from '../../../source/ingest/tree/closing-report.js';
import {requestTitle} from '../../../source/ingest/tree/titles.js';
import {assistant, claude, user} from '../../helpers/claude-records.js';

const line = (record: object) => JSON.stringify(record);
const session = [user('u1', 'How do I run this?'), assistant('a1', 'I deployed the **billing-api** to `staging` and all 42 tests pass.')];

describe("the agent's own title comes first", () => {
	it('Claude Code: the last ai-title, a rename above it, drill’s own title kept', () => {
		const parsed = claude([...session, {type: 'ai-title', aiTitle: 'Deploy draft', sessionId: 's-1'}, {type: 'ai-title', aiTitle: 'Deploy billing-api to staging', sessionId: 's-1'}]);
		const described = describeSource(parsed);
		expect(described.title).toBe('Deploy billing-api to staging');
		expect(parsed.facts.provenance?.agent_title).toBe('Deploy billing-api to staging');
		expect(parsed.facts.provenance?.own_title).toBe('How do I run this?');
		const renamed = claude([...session, {type: 'ai-title', aiTitle: 'Deploy billing-api to staging'}, {type: 'custom-title', customTitle: 'Billing release'}]);
		expect(describeSource(renamed).title).toBe('Billing release');
	});

	it('Claude Code: a summary titles the session only when its leaf is one of its messages', () => {
		const own = claude([{type: 'summary', summary: 'Billing API staging deploy', leafUuid: 'a1'}, ...session]);
		expect(describeSource(own).title).toBe('Billing API staging deploy');
		const earlier = claude([{type: 'summary', summary: 'An earlier session about invoices', leafUuid: 'zz-other'}, ...session]);
		expect(earlier.facts.provenance?.agent_title).toBeUndefined();
		expect(describeSource(earlier).title).toBe('How do I run this?');
	});

	it('a greeting is no title: the request after it is', () => {
		const greeted = claude([user('u1', 'Hi'), assistant('a1', 'Hello! How can I help you today?'), user('u2', 'Add a dark mode toggle to the settings page'), assistant('a2', 'The settings page now has a dark mode toggle, saved per user.')]);
		expect(describeSource(greeted).title).toBe('Add a dark mode toggle to the settings page');
		// A greeting and nothing else: it is what the session was.
		expect(describeSource(claude([user('u1', 'hi'), assistant('a1', 'Hello! How can I help you today?')])).title).toBe('Hi');
	});

	it('Gemini chat summary, Codex thread name, ChatGPT title', () => {
		const gemini = new GeminiChatReader([]);
		gemini.value({sessionId: 'g-1', startTime: '2026-11-01T10:00:00Z', summary: 'Speed up atlas search', messages: [{id: 'm1', type: 'user', content: 'the search page is slow'}, {id: 'm2', type: 'gemini', content: 'I added an index on names.'}]});
		const geminiParsed = gemini.finish();
		expect(describeSource(geminiParsed).title).toBe('Speed up atlas search');
		expect(geminiParsed.facts.provenance?.agent_title).toBe('Speed up atlas search');

		const codex = new CodexReader([]);
		const records = [
			{timestamp: '2026-11-01T10:00:00Z', type: 'session_meta', payload: {id: 'c-1', cwd: '/src/ledger'}},
			{timestamp: '2026-11-01T10:00:01Z', type: 'event_msg', payload: {type: 'user_message', message: 'the nightly job double-counts refunds'}},
			{timestamp: '2026-11-01T10:00:02Z', type: 'event_msg', payload: {type: 'thread_name_updated', thread_name: 'Refund double-count fix'}},
			{timestamp: '2026-11-01T10:00:03Z', type: 'event_msg', payload: {type: 'agent_message', message: 'Fixed: partial refunds are now counted once.'}},
		];
		records.forEach((record, index) => codex.push(line(record), index + 1));
		const codexParsed = codex.finish();
		expect(describeSource(codexParsed).title).toBe('Refund double-count fix');
		expect(codexParsed.facts.provenance?.own_title).toBe('The nightly job double-counts refunds');

		const chat = readChatGptConversation(
			{title: 'Redis memory at maxmemory', create_time: 1_700_000_000, mapping: {a: {id: 'a', parent: null, children: ['b'], message: null}, b: {id: 'b', parent: 'a', children: [], message: {author: {role: 'user'}, content: {content_type: 'text', parts: ['our redis is full']}}}}},
			'conversation 1',
			[],
		);
		expect(chat?.source.facts.provenance?.agent_title).toBe('Redis memory at maxmemory');
		expect(describeSource(chat!.source).title).toBe('Redis memory at maxmemory');
	});
});

describe('own titles name the subject, not the boilerplate', () => {
	it('skips templates, IDE and hook notices, pasted output, greetings and warm-ups', () => {
		expect(requestTitle('## User Input\n\n```text\n$ARGUMENTS\n```\n\nYou **MUST** consider the user input before proceeding (if not empty).\n\nAdd dark mode to the settings page')).toBe('Add dark mode to the settings page');
		expect(requestTitle('<ide_opened_file>The user opened the file /src/app.ts in the IDE. This may or may not be related.</ide_opened_file>\nWhy does the login form reset on submit?')).toBe('Why does the login form reset on submit?');
		expect(requestTitle('The user opened the file /src/app.ts in the IDE.')).toBeUndefined();
		expect(requestTitle('<system-reminder>Remember the rules.</system-reminder>')).toBeUndefined();
		expect(requestTitle('On branch main\nChanges not staged for commit:\n  modified: src/a.ts') ?? '').not.toMatch(/^On branch/u);
		expect(requestTitle('This is a web application written using the Phoenix web framework.\n\n## Project guidelines')).toBeUndefined();
		expect(requestTitle('Hi!\n\nThe export button crashes the admin page')).toBe('The export button crashes the admin page');
		expect(requestTitle('Warmup')).toBeUndefined();
	});

	// Met in public logs: spec-kit prompts in Codex, figma-to-code harnesses in Gemini CLI, a shell word typed to Claude Code.
	it('takes what was typed under a template\'s User Input heading, and skips roles, labelled links and shell words', () => {
		expect(requestTitle('## User Input\n\n```text\nAdd a leaderboard page that ranks players by wins\n```\n\nYou **MUST** consider the user input before proceeding (if not empty).\n\n## Outline')).toBe('Add a leaderboard page that ranks players by wins');
		expect(requestTitle('You are an expert frontend software engineer.\n\nBuild the pricing page from this Figma design.')).toBe('Build the pricing page from this Figma design');
		expect(requestTitle('Figma URL: https://www.figma.com/design/abc/def?node-id=1\n\nImplement the checkout screen as a React component.')).toBe('Implement the checkout screen as a React component');
		for (const typed of ['dir', 'clear', 'history', 'git status']) expect(requestTitle(typed), typed).toBeUndefined();
	});

	it('names a pasted error when the error is the subject', () => {
		const trace = 'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    import requests\nModuleNotFoundError: No module named \'requests\'';
		expect(requestTitle(trace)).toBe("ModuleNotFoundError: No module named 'requests'");
	});

	it('cuts a long request at a word boundary within 80 characters', () => {
		const title = requestTitle('Please refactor the payment reconciliation service so that partial refunds coming from the Stripe webhook are never counted twice in the nightly totals')!;
		expect(title.length).toBeLessThanOrEqual(80);
		expect(title).toMatch(/\p{L}…$/u);
	});
});

describe('the TLDR is the outcome', () => {
	it("takes the closing report's outcome, markdown removed, past cheers and offers", () => {
		const outcome = reportOutcome('Perfect!\n\n## Summary\n\nI fixed the **race** in `RateCache.refresh()` and added a CHANGELOG entry:\n- **src/rates.ts**: single-flight refresh\n- `test/convert.test.ts` passes 40/40\n\nLet me know if you want more.');
		expect(outcome).toBe('I fixed the race in RateCache.refresh() and added a CHANGELOG entry: src/rates.ts: single-flight refresh; test/convert.test.ts passes 40/40.');
		expect(outcome).not.toMatch(/\*\*|`|#/u);
		expect(outcome.split(/\s+/u).length).toBeLessThanOrEqual(60);
		// aider's own notes in an answer are no outcome.
		expect(reportOutcome('Use --no-stream for accurate caching costs.\n\nThe login now redirects back to the account page.')).toBe('The login now redirects back to the account page.');
	});

	it('a session item: the outcome of the last answer; a stopped one says so', () => {
		expect(describeSource(claude(session)).tldr).toBe('I deployed the billing-api to staging and all 42 tests pass.');
		const stopped = claude([...session, user('u2', 'Now roll it out to production'), user('u3', '[Request interrupted by user]')]);
		expect(describeSource(stopped).tldr).toMatch(/^Stopped by the person before the work was done: Now roll it out to production/u);
		const unanswered = claude([...session, user('u2', 'Now roll it out to production')]);
		expect(describeSource(unanswered).tldr).toMatch(/^Ended with no answer/u);
		// What the work before the stop came to is not lost.
		expect(describeSource(unanswered).tldr).toBe('Ended with no answer to the last request: Now roll it out to production. Before that: I deployed the billing-api to staging and all 42 tests pass.');
		expect(describeSource(stopped).tldr).toMatch(/ Before that: I deployed the billing-api to staging/u);
	});

	it("Codex's review report is read as its verdict and findings, never as raw JSON", () => {
		const codex = new CodexReader([]);
		const review = {findings: [{title: '[P1] Unsupported format errors return wrong payload shape', body: 'The endpoint wraps the error in detail.', priority: 1, code_location: {absolute_file_path: '/repo/backend/app/api/stt.py', line_range: {start: 11, end: 22}}}], overall_correctness: 'patch is incorrect', overall_explanation: 'Unsupported formats return a payload that does not match the schema.'};
		const records = [
			{timestamp: '2026-11-01T10:00:00Z', type: 'session_meta', payload: {id: 'c-2', cwd: '/src/voice'}},
			{timestamp: '2026-11-01T10:00:01Z', type: 'event_msg', payload: {type: 'user_message', message: "Review the code changes against the base branch 'main'."}},
			{timestamp: '2026-11-01T10:00:03Z', type: 'event_msg', payload: {type: 'agent_message', message: JSON.stringify(review, null, 2)}},
		];
		records.forEach((record, index) => codex.push(line(record), index + 1));
		const described = describeSource(codex.finish());
		expect(described.tldr).toBe('Review: patch is incorrect. Unsupported formats return a payload that does not match the schema.');
		expect(described.tldr).not.toMatch(/[{}"]/u);
		// Not a review report: left as it is.
		expect(reviewAsProse('{"findings": "none"}')).toBe('{"findings": "none"}');
		expect(reviewAsProse('{"findings": [')).toBe('{"findings": [');
	});

	it('says what was done, not what the agent was about to do', () => {
		// A Cursor export's answer: narration between its tool calls, then the report.
		expect(reportOutcome("I'll first scan the workspace to see if there's an existing Node project. Then I'll create a small todo list.\n\n```javascript\nmodule.exports = {};\n```\n\nI initialized a Node project and installed Cypress latest, then scaffolded a sample e2e spec.")).toBe('I initialized a Node project and installed Cypress latest, then scaffolded a sample e2e spec.');
		expect(reportOutcome('Checking the contract for a function to get all transfers:\n\nLet me read the dashboard.\n\nThe dashboard now lists every transfer, newest first.')).toBe('The dashboard now lists every transfer, newest first.');
		// Narration alone is still better than nothing; "please let me know" is an offer.
		expect(reportOutcome("I will operate within the gemini branch. Please let me know what you'd like me to do.")).toBe('I will operate within the gemini branch.');
		// A sentence that ends in a colon with only code after it still says something, unless it only introduces.
		expect(reportOutcome('The skill documents useTemplateRef() for Vue 3.5 and later:\n\n```ts\nconst el = useTemplateRef("el")\n```')).toBe('The skill documents useTemplateRef() for Vue 3.5 and later.');
		expect(reportOutcome("Here's the updated file:\n\n```ts\nexport {}\n```")).toBe('');
		// A closing offer in another language is no outcome either (a Gemini CLI answer's last line, in Russian; Italian, Portuguese).
		expect(reportOutcome('Программа готова.\n\nЗапустите ее и пользуйтесь.\n\n```bash\npython /home/smitee/audio_manager.py\n```\n\nЕсли захотите, я могу создать для нее "ярлык" в меню приложений.')).toBe('Запустите ее и пользуйтесь.');
		expect(reportOutcome('Ho aggiornato il file di configurazione. Se vuoi, posso aggiungere anche i test.')).toBe('Ho aggiornato il file di configurazione.');
		expect(reportOutcome('O deploy foi concluído com sucesso. Se quiser, posso configurar o domínio.')).toBe('O deploy foi concluído com sucesso.');
		// A Chinese or Japanese sentence has no spaces, and is still long enough to say something; "已完成。" ("Done.") is not.
		expect(reportOutcome('ファイルの内容を確認しましたが、特に変更する必要はありません。')).toBe('ファイルの内容を確認しましたが、特に変更する必要はありません。');
		expect(reportOutcome('已完成。\n\n两份文档已更新完成。')).toBe('两份文档已更新完成。');
		// A sentence that ends with a CJK stop gets no second one.
		expect(reportOutcome('剛才的 ESLint 修正已經 commit 並 push 到遠端了，沒有其他未提交的變更。')).toBe('剛才的 ESLint 修正已經 commit 並 push 到遠端了，沒有其他未提交的變更。');
	});

	it('a "yes" lets the work go on; the answers after it are the outcome', () => {
		const upgraded = claude([user('u1', 'Can you upgrade all modules?'), assistant('a1', 'Based on your Docker setup, I can upgrade all modules with the -u all flag. Shall I?'), user('u2', 'yes'), assistant('a2', "I'll upgrade all modules now."), assistant('a3', 'The upgrade was killed (exit code 137): the container ran out of memory after 30 of 224 modules.')]);
		expect(describeSource(upgraded).tldr).toBe('The upgrade was killed (exit code 137): the container ran out of memory after 30 of 224 modules.');
		// A thank-you closes it: what came after is not the outcome.
		const thanked = claude([...session, user('u2', 'thanks!'), assistant('a2', "You're welcome! Happy to help.")]);
		expect(describeSource(thanked).tldr).toBe('I deployed the billing-api to staging and all 42 tests pass.');
	});

	it('adds the commits the session made, unless its report already names them', () => {
		const commit = (uuid: string, message: string) => ({type: 'assistant', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:02:00Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'tool_use', id: `t-${uuid}`, name: 'Bash', input: {command: `git add -A && git commit -m "${message}"`}}]}});
		const result = (uuid: string) => user(uuid, [{type: 'tool_result', tool_use_id: `t-${uuid.replace('r', 'a')}`, content: '[main 1a2b3c4] done'}]);
		const unnamed = claude([user('u1', 'Fix the flaky FX test'), commit('a1', 'Fix RateCache race'), result('r1'), assistant('a2', 'The convert test passes 40 times in a row now.')]);
		// The hash git printed joins the subject the call named.
		expect(describeSource(unnamed).tldr).toBe('The convert test passes 40 times in a row now. Committed Fix RateCache race (1a2b3c4).');
		const named = claude([user('u1', 'Fix the flaky FX test'), commit('a1', 'Fix RateCache race'), result('r1'), assistant('a2', 'Committed the fix as “Fix RateCache race”; the convert test passes.')]);
		expect(describeSource(named).tldr).toBe('Committed the fix as “Fix RateCache race”; the convert test passes.');
	});

	it('a session that worked to the end with no closing report says what the work came to', () => {
		const toolUse = (uuid: string, name: string, input: object) => ({type: 'assistant', uuid, sessionId: 's-1', timestamp: '2026-11-01T10:02:00Z', message: {role: 'assistant', model: 'claude-x', content: [{type: 'tool_use', id: `t-${uuid}`, name, input}]}});
		const toolResult = (uuid: string, output: string) => user(uuid, [{type: 'tool_result', tool_use_id: `t-${uuid.replace('r', 'a')}`, content: output}]);
		const worked = claude([
			...session,
			user('u2', 'Now build the login page from the Figma design'),
			toolUse('a2', 'Write', {file_path: '/repo/src/pages/Login.tsx', content: 'export {}'}),
			toolResult('r2', 'ok'),
			toolUse('a3', 'Edit', {file_path: '/repo/src/App.tsx', old_string: 'a', new_string: 'b'}),
			toolResult('r3', 'ok'),
			toolUse('a4', 'Bash', {command: 'git init && git add . && git commit -m "Login page"\ngit push -u origin main -f'}),
			toolResult('r4', 'done'),
			toolUse('a5', 'Bash', {command: 'ls -la'}),
			toolResult('r5', 'total 0'),
		]);
		// "How do I run this?" was asked in passing; the work followed the login page, which names the session.
		const described = describeSource(worked);
		expect(described.title).toBe('Now build the login page from the Figma design');
		expect(described.tldr).toBe('Ended with no closing report; it edited 2 files (Login.tsx, App.tsx) and last ran git push -u origin main -f. Before that: I deployed the billing-api to staging and all 42 tests pass; committed Login page (+1 other request).');
		// With no tool call after the request, it still ended unanswered.
		expect(describeSource(claude([...session, user('u2', 'Now roll it out to production')])).tldr).toMatch(/^Ended with no answer to the last request: /u);
	});
});
