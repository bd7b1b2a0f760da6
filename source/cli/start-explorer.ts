/**
 * The explorer on a terminal, from opening the store to the last key. The build makes this module
 * and all it loads one CommonJS bundle (dist/explorer-script.cjs, see scripts/build.mjs), which
 * dist/explorer.js runs with V8's code cache (cli/explorer.ts): everything the first frame needs
 * is one file, compiled once per build, not ~40 shared chunks that Node resolves, reads, links and
 * compiles one by one. That bundle has its own copy of every class, so nothing but plain data (and
 * the `beforeInk` hook) crosses into it and nothing but an exit code comes out: its errors are
 * reported here, by its own `reportError`. Ink, React and yoga are not in that file: they load
 * (an ES module of their own) once the first frame is drawn without them (`paintFirstFrame`, see
 * ui/run-app.ts). So do the store's writer (the search indexer) and the node actions (`r`, `x`,
 * `D`, which bring the agents' resume rules), initialised only here, in `loadView`: nothing before
 * the first frame writes or acts, and one asked for while they load (a key typed ahead of Ink) is
 * refused with a line saying to try again.
 */
import type {Depth} from '../core/depth.js';
import {DrillError} from '../core/errors.js';
import type {DrillConfig} from '../core/registry.js';
import {runtimeOver, type StoreWriter} from '../runtime-parts.js';
import {withInkEnvironment} from '../ui/load-app.js';
import {runApp} from '../ui/run-app.js';
import {createServices} from '../ui/services.js';
import type {ActService} from '../act/node-actions.js';
import type {Scheme} from '../ui/theme.js';
import {reportError} from './output.js';

export interface ExplorerStart {
	config: DrillConfig;
	color: boolean;
	theme: Scheme;
	depth?: Depth;
	initial: {domain?: string; node?: string; query?: string};
	maxChars?: number;
	/** Awaited once the first frame is drawn, before Ink loads (the shipped build hands Ink over here, see explorer.ts). */
	beforeInk?: () => Promise<void>;
}

let writer: StoreWriter | undefined;
let actions: ActService | undefined;

const stillStarting = (what: string) => new DrillError('store_busy', `the explorer is still starting: ${what}`, 'try again in a moment');

async function loadWriter(): Promise<void> {
	writer ??= (await import('../search/indexing/indexer.js')).openIndexedStore;
}

function loadedWriter(): StoreWriter {
	if (!writer) throw stillStarting('nothing can be written to the store yet');
	return writer;
}

/** `r`, `x` and `D` (act/node-actions.ts), loaded after the first frame; until then a key for them says so. */
function laterActions(): ActService {
	const loaded = (): ActService => {
		if (!actions) throw stillStarting('r, x and D are not ready yet');
		return actions;
	};
	return {
		resumePlan: (domain, nodeId) => loaded().resumePlan(domain, nodeId),
		exportNode: (domain, nodeId, folder) => loaded().exportNode(domain, nodeId, folder),
		forgetPlan: (domain, nodeId) => loaded().forgetPlan(domain, nodeId),
		forget: (domain, nodeId) => loaded().forget(domain, nodeId),
	};
}

export async function startExplorer(start: ExplorerStart, streams: {stdout: NodeJS.WriteStream; stderr: NodeJS.WriteStream}): Promise<number> {
	try {
		const runtime = runtimeOver(start.config, loadedWriter);
		const services = createServices(runtime, laterActions());
		const {domain} = start.initial;
		if (domain !== undefined && !services.availableDomains().includes(domain)) {
			services.close();
			throw new DrillError('unknown_domain', `unknown domain ${JSON.stringify(domain)}`, `registered: ${services.availableDomains().join(', ')}`);
		}
		try {
			const loadView = async () => {
				const loadInk = async () => {
					await start.beforeInk?.();
					return import('../ui/ink-app.js');
				};
				const [view, , act] = await Promise.all([withInkEnvironment(loadInk), loadWriter(), import('../act/node-actions.js')]);
				actions = act.actOver(runtime);
				return view;
			};
			return await runApp({services, stdin: process.stdin, stdout: streams.stdout, color: start.color, theme: start.theme, depth: start.depth, initial: start.initial, maxChars: start.maxChars, paintFirstFrame: true, loadView});
		} finally {
			services.close();
		}
	} catch (error) {
		return reportError(error, false, streams);
	}
}
