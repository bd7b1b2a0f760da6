import {describe, expect, it} from 'vitest';
import {claude, clockedSession} from '../../helpers/claude-records.js';
import {describeSource} from '../../../source/ingest/build-item.js';
import {isSmallTalk} from '../../../source/ingest/tree/main-request.js';

const {user, assistant, tool, result} = clockedSession('s-1', '2026-11-01T10');
/** `count` edits of `file`, each with its result. */
const edits = (prefix: string, file: string, count: number) => Array.from({length: count}, (_, index) => [tool(`${prefix}${index}`, 'Edit', {file_path: file, old_string: 'a', new_string: 'b'}), result(`${prefix}${index}`, 'ok')]).flat();

describe('the main request is the one the work followed', () => {
	it('leaves out small talk: greetings, model questions, bare commands, resumptions, confirmations', () => {
		for (const text of ['what llm are you?', 'Which model are you using?', 'who are you', 'Hi!', '/exit', '/clear', 'where did we leave off?', 'Can we continue from where we left off?', 'I accidently closed you where did we leave off', 'we were working on this', 'Add file to the chat? (Y)es/(N)o/(D)on\'t ask again [Yes]: y']) expect(isSmallTalk(text), text).toBe(true);
		// The same asked in other languages.
		for (const text of ['hola que modelo sos?', '¿Qué modelo eres?', 'qual modelo você é?', 'Oi, quem é você?', 'quel modèle es-tu ?', '你是什么模型', '너는 누구야?']) expect(isSmallTalk(text), text).toBe(true);
		for (const text of ['qué modelo de datos usamos para los pedidos?', 'qual modelo de rede neural devo usar para classificar imagens?']) expect(isSmallTalk(text), text).toBe(false);
		for (const text of ['What model should the recommender use for ranking?', 'Review the Docker build pipeline', '/ask why does the build fail?', 'continue the migration of the billing tables']) expect(isSmallTalk(text), text).toBe(false);
		const session = claude([user('u1', 'what llm are you?'), assistant('a1', 'I am Claude, a model by Anthropic.'), user('u2', 'Review the Docker build pipeline for caching problems'), ...edits('e', '/repo/Dockerfile', 2), assistant('a2', 'The build now caches the dependency layer; a rebuild takes 40 s instead of 6 minutes.')]);
		const described = describeSource(session);
		expect(described.title).toBe('Review the Docker build pipeline for caching problems');
		expect(described.tldr).not.toMatch(/other request/u);
	});

	it('a question answered in passing does not name the session the work was for', () => {
		const session = claude([
			user('u1', 'Whats my localhost address'),
			assistant('a1', 'It is http://localhost:5173.'),
			user('u2', 'The app shows a white screen after login, fix it and push'),
			...edits('e', '/repo/src/App.tsx', 4),
			tool('p', 'Bash', {command: 'git push origin main'}),
			result('p', 'done'),
			assistant('a2', 'Fixed the white screen: the router rendered before the session loaded. The fix is pushed to main.'),
		]);
		const described = describeSource(session);
		expect(described.title).toBe('The app shows a white screen after login, fix it and push');
		// The other request is counted, not named.
		expect(described.tldr).toBe('Fixed the white screen: the router rendered before the session loaded. The fix is pushed to main; edited App.tsx (+1 other request).');
	});

	it('a question in passing whose answer the later work shares words with still does not name the session', () => {
		// As in a Gemini CLI checkpoint: "which folder are you in?", then the theme folder's files, then the edit the session was for.
		const session = claude([
			user('u1', 'which folder are you in right now?'),
			assistant('a1', 'I am in the folder /home/smitee with the sddm themes folder.'),
			user('u2', 'inside the sm1tee folder there are theme configs, find samurai and set the password field opacity to 0.7'),
			tool('l', 'LS', {path: '/home/smitee/sddm/themes'}),
			result('l', 'samurai.conf astronaut.conf'),
			...edits('e', '/home/smitee/sddm/themes/samurai.conf', 3),
			assistant('a2', 'The password field of the samurai theme now has an opacity of 0.7 in samurai.conf.'),
		]);
		const described = describeSource(session);
		expect(described.title).toBe('Inside the sm1tee folder there are theme configs');
		// A chat of questions with no tool calls keeps its first question: the answers are its work.
		const chat = claude([
			user('q1', 'What does the keymap gB do in sioyek?'),
			assistant('b1', 'It lists the bookmarks of all documents.'),
			user('q2', 'I prefer to work by workspaces, and I do not want gB to list the bookmarks of all documents at once, is there a way?'),
			assistant('b2', 'Sioyek keeps one database of bookmarks for every document it opened. '.repeat(40)),
		]);
		expect(describeSource(chat).title).toBe('What does the keymap gB do in sioyek?');
	});

	it('a question answered in passing names no session whose work was all answers, with no tool call recorded', () => {
		// As in a real Gemini CLI checkpoint (held-out set 5), which records no tool calls: a question, the program the session wrote, then its settings.
		const session = claude([
			user('u1', 'puedo dictarte?'),
			assistant('a1', 'No puedo escucharte directamente, pero puedes pegar cualquier texto que desees que procese.'),
			user('u2', 'Oye Gemini, ayúdame a generar un programa en Python usando Tkinter y SQLite con una ventana de login'),
			assistant('a2', 'Claro, empecemos. Primero, crearé un archivo para manejar la base de datos y luego el de la interfaz gráfica.'),
			assistant('a3', 'He creado los archivos `database.py` y `main.py`. Para ejecutar el programa, abre una terminal en la carpeta del proyecto y ejecuta el siguiente comando: python main.py. '.repeat(3)),
			user('u3', 'Crea el archivo .env con la clave de OpenAI y asegura que no se suba al repositorio'),
			assistant('a4', 'Ahora crearé el archivo `.gitignore` para que no se rastree el `.env`.'),
		]);
		const described = describeSource(session);
		expect(described.title).toMatch(/^Oye Gemini, ayúdame a generar un programa en Python/u);
	});

	it('keeps the first request when the work went on in its follow-ups, and counts no follow-up as another request', () => {
		const session = claude([
			user('u1', 'Add a dark mode toggle to the settings page'),
			assistant('a1', 'Should the choice be saved per user or per device?'),
			// An answer to the agent's question, however long, follows up.
			user('u2', 'Per user please, stored with the rest of the profile preferences in the database'),
			...edits('e', '/repo/src/Settings.tsx', 3),
			user('u3', 'try again'),
			...edits('f', '/repo/src/Settings.tsx', 3),
			assistant('a2', 'The settings page has a dark mode toggle, saved with the profile.'),
		]);
		const described = describeSource(session);
		expect(described.title).toBe('Add a dark mode toggle to the settings page');
		expect(described.tldr).toBe('The settings page has a dark mode toggle, saved with the profile. Edited Settings.tsx.');
	});

	it('a subject opened by pasted output is named by its first request that reads as a title', () => {
		const session = claude([
			user('u1', 'http://localhost:3050/api/projects\nRequest Method\nGET\nStatus Code\n500 Internal Server Error\nRemote Address\n127.0.0.1:3050'),
			assistant('a1', 'The backend returns 500 because the Teamwork token is missing.'),
			user('u2', 'restart'),
			assistant('a2', 'Restarted both servers.'),
			user('u3', "I don't know where to get the bearer token"),
			assistant('a3', 'Use the API key from the "API and mobile" tab with basic auth instead of a bearer token.'),
		]);
		expect(describeSource(session).title).toBe("I don't know where to get the bearer token");
	});
});
