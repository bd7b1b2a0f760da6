import {describe, expect, it} from 'vitest';
import {isInjectedContext, isRealRequest} from '../../../source/ingest/formats/requests.js';
import {isNoiseTitle, isPlaceholderTitle, requestTitle} from '../../../source/ingest/tree/titles.js';

describe('titles', () => {
	it("knows an agent's name for an untitled session from a title (Crush's \"New Session\", \"Untitled Session\")", () => {
		for (const name of ['New Session', 'Untitled Session', 'new chat', 'Untitled.']) expect(isPlaceholderTitle(name), name).toBe(true);
		for (const title of ['New session handling in the auth flow', 'Hello', 'Fix the Untitled Session bug']) expect(isPlaceholderTitle(title), title).toBe(false);
	});

	it('never takes raw JSON, injected context, a refusal, a title attempt or a placeholder', () => {
		for (const noise of [
			'Write {"file_path":"/Users/ana/src/app.ts","content":"…"}',
			'{"type":"tool_use","name":"Bash"}',
			'[{"role":"user"}]',
			'This session is being continued from a previous conversation that ran out of context.',
			"I'm sorry, but I can't help with creating a title for this conversation.",
			'I cannot determine a title without more context',
			"Here's a concise title for the conversation: Debugging",
			'Title: Fixing the cache',
			'Sure! Here is a summary',
			'New chat',
			'Untitled',
			'<environment_context>\n<cwd>/repo</cwd>',
			'==> 200 OK 0.031s /api/v1/items?limit=50&offset=100',
			'---',
			'Hi',
			'Hello there!',
			'Привет',
		]) {
			expect(isNoiseTitle(noise), noise).toBe(true);
		}
		for (const title of ['Fix RateCache race with single-flight', 'Paper', 'Hi-DPI scaling on the login page', 'Why is the docs build failing on CI?', '¿Puedes revisar esta función?']) expect(isNoiseTitle(title), title).toBe(false);
	});

	it('makes a title of a request: its first sentence that says something, cut at a clause or a word boundary', () => {
		expect(requestTitle('The `convert.test.ts` suite keeps failing on CI, maybe 1 run in 10. Can you look?')).toBe('The convert.test.ts suite keeps failing on CI, maybe 1 run in 10');
		expect(requestTitle('Nice. Can you add a changelog entry? We use Keep a Changelog.')).toBe('Add a changelog entry?');
		expect(requestTitle('Yes, go ahead. Keep the public API the same.')).toBe('Keep the public API the same');
		expect(requestTitle('[image]\n\nThis is our Redis dashboard from last night. Memory climbs to the limit.')).toBe('This is our Redis dashboard from last night');
		expect(requestTitle('```\nTypeError: x is undefined\n```\nWhy does this crash when the list is empty and the user has no saved filters at all in their profile settings page?')).toBe('Why does this crash when the list is empty and the user has no saved filters…');
		expect(requestTitle('I need weekly active users for the last 12 weeks from the events table (user_id, event_name, occurred_at), grouped by week.')).toBe('I need weekly active users for the last 12 weeks from the events table');
		expect(requestTitle('/ask why do we keep a separate table?')).toBe('Why do we keep a separate table?');
		expect(requestTitle('Paper')).toBe('Paper');
		expect(requestTitle('This session is being continued from a previous conversation that ran out of context. The conversation is summarized below.')).toBeUndefined();
		expect(requestTitle('{"a": 1}')).toBeUndefined();
	});

	it('titles by what the request asks, not by what only points at it', () => {
		// Cursor's "Fix in Chat" prompt: the error it quotes is the subject.
		expect(requestTitle("For the code present, we get this error:\n```\nModule '\"./maze\"' declares 'ICONS' locally, but it is not exported.\n```\nHow can I resolve this? If you propose a fix, please make it concise.")).toBe("Module '\"./maze\"' declares 'ICONS' locally, but it is not exported.");
		// A sentence that only announces what follows gives way to it.
		expect(requestTitle('i am thinking system that will do the following:\n\neach fetch result for each source will be stored in redis with some TTL. if cache expires – fetch sources.')).toBe('Each fetch result for each source will be stored in redis with some TTL');
		// Claude Code's plan-mode prompt: the plan's heading names it, not the line that hands it over.
		expect(requestTitle('Implement the following plan:\n\n# Plan: Profile Site Full Content Update\n\n## Context\nUpdate the site with real data.')).toBe('Profile Site Full Content Update');
		expect(requestTitle('Implement the following plan:\n\n# Rediseño de ITeP: De YAML flat a modelo relacional\n\n## Contexto\nITeP maneja proyectos.')).toBe('Rediseño de ITeP: De YAML flat a modelo relacional');
		// A request typed wholly as a quote is still the request.
		expect(requestTitle('> Create Flask routes for user registration and login using JWT authentication.\n> Create a model called "Monitor" with fields: id, url.')).toBe('Create Flask routes for user registration and login using JWT authentication');
		// A link is where, not what.
		expect(requestTitle('@https://github.com/ox01024/arxiv_follow/actions/runs/15952551595/job/44994519118  换一个模型 模型配额不够了')).toBe('换一个模型 模型配额不够了');
		// A bare greeting is no part of a title; an editor's mention of a Windows path is the file.
		expect(requestTitle('hello i have this project where setup.sh builds a point to point topology')).toBe('I have this project where setup.sh builds a point to point topology');
		expect(requestTitle('@c:\\Users\\Gabo\\Downloads\\cursor_error_en_el_index.md ')).toBe('cursor_error_en_el_index.md');
		// Lines copied from a screen are context; the error among them is the subject.
		expect(requestTitle("Import Results\nImport Complete\nSuccessfully created: 1 tickets\n\nDuplicates skipped: 0\n\nErrors: 1\n\nRow 3: 'res.users' object has no attribute 'message_subscribe' after upload")).toBe("Row 3: 'res.users' object has no attribute 'message_subscribe' after upload");
		// A long absolute path is its file's name; a pasted image's placeholder is nothing; a path with spaces is not cut.
		expect(requestTitle('in document_library module, in particular X:\\03_ACG\\Custom_Addons\\document_library\\models\\graph_sync.py, I have the option to ignore documents inside folder UNDER REVIEW at line 348, remove that')).toBe('In document_library module, in particular graph_sync.py');
		// A path that starts inside a word is relative: kept whole.
		expect(requestTitle('Kernel/drivers/media/platform/rockchip/cif/dev.c 解释一下这个驱动的作用')).toBe('Kernel/drivers/media/platform/rockchip/cif/dev.c 解释一下这个驱动的作用');
		expect(requestTitle('why does /home/ana/src/app/main.py crash at start?')).toBe('Why does main.py crash at start?');
		expect(requestTitle('there is commit in a some module that [Image #1] alter all css, look the field all looks highlight')).toBe('There is commit in a some module that alter all css');
		expect(requestTitle('i need this document udpated D:\\0 - Downloads\\ACG Timeline.xlsx, basis in my custom fields a need a realistic timeline of events')).toBe('I need this document udpated D:\\0 - Downloads\\ACG Timeline.xlsx');
		// "幫我" (help me) opens many Chinese requests and names nothing.
		expect(requestTitle('幫我移除 worktree fix-role-page-total')).toBe('移除 worktree fix-role-page-total');
		expect(requestTitle('帮我')).toBe('帮我');
		// "named below" is part of the request, not an announcement.
		expect(requestTitle('Write the on-call runbook section for the service named below.\nService: ledger-sync')).toBe('Write the on-call runbook section for the service named below');
	});

	it('tells a request from injected context and a bare acknowledgement', () => {
		expect(isInjectedContext('<user_instructions>\nAlways use pnpm.\n</user_instructions>')).toBe(true);
		expect(isInjectedContext('# AGENTS.md instructions for /repo\n\n…')).toBe(true);
		expect(isInjectedContext('Caveat: The messages below were generated by the user while running local commands.')).toBe(true);
		expect(isInjectedContext('Can you check the environment context?')).toBe(false);
		for (const ack of ['yes', 'ok go ahead', 'Perfect, thanks 🙏', 'continue', 'LGTM!', 'Perfecto, gracias']) expect(isRealRequest(ack), ack).toBe(false);
		for (const request of ['yes, and also add a test for the empty list', 'fix it', 'Paper']) expect(isRealRequest(request), request).toBe(true);
	});
});
