/**
 * Loads `runApp` (and with it Ink, React and yoga) the way an explorer on a terminal needs it:
 * - Ink decides once, when it loads, whether it runs in CI (CI, CONTINUOUS_INTEGRATION or any
 *   CI_* variable), and then prints only the last frame and ignores resizes. The app runs only on
 *   a terminal (or for a key playback that records frames), so those variables are hidden while
 *   Ink loads and put back at once.
 * - Yoga's WebAssembly loader checks `typeof fetch` before decoding its inline binary, and on Node
 *   that first touch of `fetch` loads the whole undici HTTP client (~80 ms of a ~400 ms start).
 *   With `fetch` hidden while yoga initialises, the loader decodes the inline binary directly;
 *   `fetch` is put back, still unloaded.
 */
export function loadRunApp(): Promise<typeof import('./run-app.js')> {
	// run-app.js imports Ink itself only when the app starts: loaded here first, it is loaded as described.
	return withInkEnvironment(async () => {
		await import('./ink-app.js');
		return import('./run-app.js');
	});
}

/** Runs `load` (an import that brings Ink and yoga) with the environment described above. */
export async function withInkEnvironment<T>(load: () => Promise<T>): Promise<T> {
	const ci = Object.entries(process.env).filter(([name]) => name === 'CI' || name === 'CONTINUOUS_INTEGRATION' || name.startsWith('CI_'));
	for (const [name] of ci) delete process.env[name];
	const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
	if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', {value: undefined, configurable: true, writable: true});
	try {
		return await load();
	} finally {
		if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', fetch);
		for (const [name, value] of ci) process.env[name] = value;
	}
}
