import {createHash} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, readFileSync, rmSync} from 'node:fs';
import {homedir, tmpdir} from 'node:os';
import path from 'node:path';
import type {DrillConfig} from '../core/registry.js';
import {parseItems} from '../store/interchange.js';
import {createRuntime} from '../runtime.js';
import {schemaVersion} from '../store/schema.js';
import {SummaryStore} from '../store/summary-store.js';

/**
 * The demo that `npm start` opens: the fixtures' summaries imported into a store in a cache folder
 * (never the repository), the fixtures' knowledge folder, and a copy of the fixtures' drills.
 * Built once; rebuilt when the fixtures or the store schema change.
 */
export interface DemoStore extends DrillConfig {
	/** False when an up-to-date demo was already there. */
	built: boolean;
}

const sourceKey = 'demo_source';
/** Bump when the demo's contents change in a way the fixtures' hash does not show. */
const demoVersion = 2;

/** `$DRILL_DEMO_DIR`, else the user's cache folder, else the system's temp folder. */
export function demoCacheDir(env: NodeJS.ProcessEnv = process.env): string {
	if (env.DRILL_DEMO_DIR) return path.resolve(env.DRILL_DEMO_DIR);
	const cache = env.XDG_CACHE_HOME || (homedir() ? path.join(homedir(), '.cache') : '');
	return path.join(cache || tmpdir(), 'drill', 'demo');
}

function inside(parent: string, child: string): boolean {
	const relative = path.relative(parent, child);
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function buildDemoStore(options: {fixtures: string; cacheDir?: string; repository?: string}): DemoStore {
	const fixtures = path.resolve(options.fixtures);
	let cacheDir = path.resolve(options.cacheDir ?? demoCacheDir());
	// A cache folder pointed into the repository would be committed by accident: use temp instead.
	if (options.repository && inside(path.resolve(options.repository), cacheDir)) cacheDir = path.join(tmpdir(), 'drill-demo');
	const summaries = path.join(fixtures, 'summaries.json');
	const text = readFileSync(summaries, 'utf8');
	const hash = createHash('sha256').update(`${schemaVersion}\u0000${demoVersion}\u0000`).update(text).digest('hex');
	const storePath = path.join(cacheDir, 'store.db');
	const drillsRoot = path.join(cacheDir, 'drills');
	const knowledgeDir = path.join(fixtures, 'knowledge');
	const config = {storePath, knowledgeDir, drillsRoot};
	if (existsSync(storePath)) {
		let current: string | undefined;
		try {
			const store = SummaryStore.open(storePath);
			current = store.getMeta(sourceKey);
			store.close();
		} catch {
			current = undefined;
		}
		if (current === hash) return {...config, built: false};
	}
	mkdirSync(cacheDir, {recursive: true});
	// The store, SQLite's files beside it and its root pack file (store/root-pack-file.ts).
	for (const suffix of ['', '-wal', '-shm', '-roots']) rmSync(storePath + suffix, {force: true});
	rmSync(drillsRoot, {recursive: true, force: true});
	const fixtureDrills = path.join(fixtures, 'drills');
	if (existsSync(fixtureDrills)) cpSync(fixtureDrills, drillsRoot, {recursive: true});
	else mkdirSync(drillsRoot, {recursive: true});
	const {items} = parseItems(text);
	const store = createRuntime(config).openWritableStore();
	try {
		store.db.transaction(() => {
			for (const item of items) store.writeItem(item);
		})();
		store.setMeta(sourceKey, hash);
	} finally {
		store.close();
	}
	return {...config, built: true};
}
