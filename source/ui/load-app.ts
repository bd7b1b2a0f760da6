/**
 * Loads `runApp` (and with it Ink, React and yoga) as fast as Node 20 allows. Yoga's WebAssembly
 * loader checks `typeof fetch` before decoding its inline binary, and on Node that first touch
 * of `fetch` loads the whole undici HTTP client (~80 ms of a ~400 ms start). With `fetch` hidden
 * while yoga initialises, the loader decodes the inline binary directly; `fetch` is put back,
 * still unloaded, before anything else runs.
 */
export async function loadRunApp(): Promise<typeof import('./run-app.js')> {
	const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
	if (!descriptor?.configurable) return import('./run-app.js');
	Object.defineProperty(globalThis, 'fetch', {value: undefined, configurable: true, writable: true});
	try {
		return await import('./run-app.js');
	} finally {
		Object.defineProperty(globalThis, 'fetch', descriptor);
	}
}
