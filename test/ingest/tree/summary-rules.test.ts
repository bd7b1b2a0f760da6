import {describe, expect, it} from 'vitest';
import {claude, clockedSession} from '../../helpers/claude-records.js';
import {describeSource} from '../../../source/ingest/build-item.js';
import {foldSentence, tldrSentences} from '../../../source/ingest/shared-sentences.js';
import {withoutEditBlocks} from '../../../source/ingest/tree/edit-blocks.js';
import {reportOutcome} from '../../../source/ingest/tree/closing-report.js';
import {gistWithNames, requestNames} from '../../../source/ingest/tree/request-names.js';

// Issue 34, the title and TLDR rules of pipeline ingest-21. Every fixture here is written for the test.
const {user, assistant, calls} = clockedSession('s-r', '2026-11-02T09');

describe('rule 1: a one-word status report does not open the TLDR', () => {
	it('the outcome sentence after "Fixed." or "Done." opens it, in English and in other languages', () => {
		expect(reportOutcome('Fixed. The importer now skips rows without an account id, and the nightly job finished in 4 minutes.')).toMatch(/^The importer now skips rows/u);
		expect(reportOutcome('Complete! Both migrations ran against staging and the orders table has its new index.')).toMatch(/^Both migrations ran/u);
		expect(reportOutcome('Listo. El formulario de registro ya valida el correo antes de enviarlo al servidor.')).toMatch(/^El formulario de registro/u);
		expect(reportOutcome('Fertig. Der Export schreibt jetzt UTF-8 mit BOM, damit Excel die Umlaute richtig zeigt.')).toMatch(/^Der Export schreibt/u);
		expect(reportOutcome('Готово. Скрипт резервного копирования теперь удаляет архивы старше семи дней.')).toMatch(/^Скрипт резервного копирования/u);
		expect(reportOutcome('完成！已把登录页的按钮颜色改成品牌蓝色，并更新了快照测试。')).toMatch(/^已把登录页/u);
		// The status word alone on its line, the report on the next.
		expect(reportOutcome('Done.\n\nThe retry queue drains within a minute after the broker restarts.')).toMatch(/^The retry queue drains/u);
	});

	it('a word that only looks like a status opens a sentence as before', () => {
		expect(reportOutcome('Done means merged in this project, so the branch was merged into main after review.')).toMatch(/^Done means merged/u);
	});
});

describe('rule 2: a short label followed by a list is one sentence', () => {
	it('"Changes:" and its items become one sentence of at most 30 words', () => {
		const report = ['Changes:', '- the cache key now includes the locale', '- stale entries expire after ten minutes', '- the warm-up job runs at boot', '', 'Let me know if you want more.'].join('\n');
		const outcome = reportOutcome(report);
		expect(outcome).toBe('Changes: the cache key now includes the locale; stale entries expire after ten minutes; the warm-up job runs at boot.');
		const long = ['Summary:', ...Array.from({length: 4}, (_, index) => `- step ${index + 1} rewrote the parser module so that every token of the grammar carries its source position and file name`)].join('\n');
		const sentence = reportOutcome(long);
		expect(sentence.startsWith('Summary: step 1 rewrote')).toBe(true);
		expect(sentence.split(/\s+/u).length).toBeLessThanOrEqual(30);
	});

	it('a short question or a bold line over a list is a label too, a list item never is', () => {
		const steps = ['**Ready to start?**', '1. Open the console at https://console.example.net', '2. Click "Create bucket"', '3. Name it media-uploads', '', 'Tell me when the bucket exists.'].join('\n');
		expect(reportOutcome(steps)).toMatch(/^Ready to start\? Open the console at https:\/\/console\.example\.net; Click "Create bucket"; Name it media-uploads\./u);
		expect(reportOutcome('**Spec Update**\n- Wrote the retry rules into spec.md\n- Logged the open questions')).toBe('Spec Update: Wrote the retry rules into spec.md; Logged the open questions.');
		// Items alone: the first two are the outcome, as before.
		expect(reportOutcome('- Installed the Maple Mono fonts with Homebrew\n- Wrote the terminal config with the new font family\n- Reloaded the terminal')).toBe('Installed the Maple Mono fonts with Homebrew. Wrote the terminal config with the new font family.');
	});

	it('a label with no list after it is no sentence', () => {
		expect(reportOutcome('Changes:\n\nThe login page loads the session before it renders.')).toBe('The login page loads the session before it renders.');
	});
});

describe('rule 3: a short opening question is skipped when a later request led to more work', () => {
	it('names the session by the request the most work followed, though the question had tool calls of its own', () => {
		const session = claude([
			user('u1', 'whats my localhost address'),
			...calls('n', 'Bash', {command: 'ip addr show'}, 3),
			assistant('a1', 'Your machine answers on 192.168.1.20; the dev server listens on http://localhost:5173.'),
			user('u2', 'The dashboard shows a white screen after login, find the cause and fix it'),
			...calls('e', 'Edit', {file_path: '/repo/src/Dashboard.tsx', old_string: 'a', new_string: 'b'}, 5),
			assistant('a2', 'The dashboard rendered before the session loaded; it now waits for the session, and the white screen is gone.'),
		]);
		const described = describeSource(session);
		expect(described.title).toBe('The dashboard shows a white screen after login, find the cause and fix it');
		expect(described.tldr).toMatch(/\+1 other request/u);
	});

	it('never names a session by a pasted error in the question\'s place', () => {
		const session = claude([
			user('u1', 'what is this CLI?'),
			...calls('q', 'Bash', {command: 'mycli --version'}, 2),
			assistant('a1', 'It is the deploy CLI of this repository, version 2.1.'),
			user('u2', 'ana@cloudshell:~/app$ mycli deploy --tag latest\nERROR: (mycli.deploy) Invalid value for [--tag]: must name a registry'),
			...calls('e', 'Edit', {file_path: '/repo/deploy.sh', old_string: 'a', new_string: 'b'}, 4),
			assistant('a2', 'The tag now names the registry path, and the deploy goes through.'),
		]);
		expect(describeSource(session).title).not.toMatch(/ERROR|cloudshell/u);
	});

	it('keeps a longer opening request that ends in a question mark, though a later one led to more work', () => {
		const session = claude([
			user('u1', 'Make the page title use the gradient text style from the theme?'),
			...calls('g', 'Edit', {file_path: '/repo/src/styles.css', old_string: 'a', new_string: 'b'}, 2),
			assistant('a1', 'The page title now uses the gradient text style.'),
			user('u2', 'The header box is so thin now that nobody can read the links in it'),
			...calls('h', 'Edit', {file_path: '/repo/src/header.css', old_string: 'a', new_string: 'b'}, 4),
			assistant('a2', 'The header is 64 px tall again and its links are readable.'),
		]);
		expect(describeSource(session).title).toBe('Make the page title use the gradient text style from the theme?');
	});

	it('keeps the opening question when it led to the most work', () => {
		const session = claude([
			user('u1', 'why does the dashboard show a white screen after login?'),
			...calls('e', 'Edit', {file_path: '/repo/src/Dashboard.tsx', old_string: 'a', new_string: 'b'}, 5),
			assistant('a1', 'The dashboard rendered before the session loaded; it now waits for the session.'),
			user('u2', 'Also bump the version number in the package manifest for the release'),
			...calls('v', 'Edit', {file_path: '/repo/package.json', old_string: '1.0.0', new_string: '1.0.1'}, 1),
			assistant('a2', 'The version is 1.0.1 now.'),
		]);
		expect(describeSource(session).title).toBe('Why does the dashboard show a white screen after login?');
	});
});

describe("rule 4: aider's SEARCH/REPLACE blocks are code", () => {
	const answer = [
		'To add the install steps I will update the readme.',
		'',
		'README.md',
		'```markdown',
		'<<<<<<< SEARCH',
		'# Weather CLI',
		'=======',
		'# Weather CLI',
		'',
		'```bash',
		'pip install -r requirements.txt',
		'```',
		'',
		'Run the forecast for a city with the command below.',
		'>>>>>>> REPLACE',
		'```',
	].join('\n');

	it('leaves out the markers and the lines between them, a fence inside them too', () => {
		const prose = withoutEditBlocks(answer);
		expect(prose).not.toMatch(/SEARCH|REPLACE|={7}|pip install|Run the forecast/u);
		expect(prose).toContain('To add the install steps');
		// A setext heading's rule outside any edit block stays.
		expect(withoutEditBlocks('Title\n=======\n\nText.')).toBe('Title\n=======\n\nText.');
	});

	it('never quotes them in a TLDR', () => {
		const outcome = reportOutcome(answer);
		expect(outcome).not.toMatch(/SEARCH|REPLACE|pip install|Run the forecast/u);
		expect(outcome).toMatch(/install steps/u);
	});
});

describe('rule 5: a sentence in brackets is a whole sentence in the shared-sentence drop', () => {
	it('a stop inside brackets splits no sentence', () => {
		expect(tldrSentences('Moved the cron job to the worker (see the deploy log. It names the new host.) The queue drains again.')).toEqual([
			'Moved the cron job to the worker (see the deploy log. It names the new host.)',
			'The queue drains again.',
		]);
	});

	it('a sentence in brackets is folded as the sentence it holds', () => {
		expect(foldSentence('(As AGENTS.md asks, I ran the linters before finishing.)')).toBe(foldSentence('As AGENTS.md asks, I ran the linters before finishing.'));
		expect(foldSentence('Fixed the parser (and its tests).')).toBe('fixed the parser (and its tests)');
		expect(foldSentence('(a) and (b).')).toBe('(a) and (b)');
	});
});

describe('rule 6: a quoted single word is a name', () => {
	it('is named unless a file of the session holds it', () => {
		const request = 'The "Checkout" button does nothing on mobile Safari, can you look at why the click is lost?';
		expect(requestNames(request)).toEqual(['Checkout']);
		expect(requestNames(request, [], ['src/components/Checkout.tsx'])).toEqual([]);
		expect(gistWithNames('The button does nothing on mobile Safari', request, 'mobile safari button')).toBe('The button does nothing on mobile Safari (Checkout)');
	});

	it('leaves out quoted phrases and common words', () => {
		expect(requestNames('Reply "yes please" or "the" when asked, then write “ok”.')).toEqual([]);
	});
});
