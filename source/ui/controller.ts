import {depths, type Depth} from '../core/depth.js';
import {DrillError} from '../core/errors.js';
import {initialState, type AppState, type Focus, type Size} from './app-state.js';
import {dialogKey, downDialog, fieldValue, focusedField, upDialog, type DialogState} from './dialog-state.js';
import {FuzzyIndex} from './fuzzy.js';
import {commandFor, type Command, type KeyContext} from './key-table.js';
import {decodeKeys, type Key} from './keys.js';
import {layout} from './layout.js';
import {scrollLimits} from './screen.js';
import {editInput, emptyInput, inputOf, insertText} from './line-input.js';
import {cleanFrameStatus, cleanResult, cleanView, errorText} from './inert-views.js';
import {resultRows} from './query-results.js';
import {findMethods, type PlanAction, type Services} from './services.js';
import {oneLine} from './text.js';
import {nodeKey, reveal, selectedNode, treeReducer, type TreeAction, type TreeNode} from './tree-state.js';

export interface ControllerOptions {
	size: Size;
	color: boolean;
	depth?: Depth;
	/** Where to open: a domain, a node in it, and a query to run. */
	initial?: {domain?: string; node?: string; query?: string};
	/** Writes an OSC 52 clipboard sequence (the app's stdout). */
	copy?: (text: string) => void;
	quit?: (code: number) => void;
	/** Children loaded when a node is opened, and per background step after that. */
	firstPage?: number;
	pageSize?: number;
}

/** Children listed in the detail pane; a wider node says how many more there are. */
const detailChildren = 200;
const filterDelayMs = 40;
const spinnerMs = 90;

/** A node id as it may be shown: inert, and '' spelled out. */
const shownId = (node: TreeNode) => (node.id === '' ? "''" : oneLine(node.id));

/**
 * Owns the app's state and every effect: keys come in (whole chunks, decoded here), are looked up
 * in the key table and applied in order, synchronously, and listeners hear of the result once
 * per chunk. Nothing reads state captured by an old render, so no key is lost to a stale handler.
 */
export class AppController {
	private state: AppState;
	private readonly listeners = new Set<() => void>();
	private pendingInput = '';
	private escapeTimer: NodeJS.Timeout | undefined;
	private searchSequence = 0;
	private searchAbort: AbortController | undefined;
	private filterSequence = 0;
	private filterTimer: NodeJS.Timeout | undefined;
	private jumpWhenFiltered = false;
	private fuzzy: FuzzyIndex | undefined;
	private readonly loadQueue: string[] = [];
	private loadScheduled = false;
	private spinnerTimer: NodeJS.Timeout | undefined;
	private busy = 0;
	private readonly idleWaiters: Array<() => void> = [];
	private disposed = false;
	private readonly firstPage: number;
	private readonly pageSize: number;

	constructor(
		private readonly services: Services,
		private readonly options: ControllerOptions,
	) {
		this.state = initialState(options.size, options.color, options.depth ?? 'index', services.frames.available);
		this.firstPage = options.firstPage ?? 500;
		this.pageSize = options.pageSize ?? 1000;
	}

	getState = (): AppState => this.state;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	private emit(): void {
		if (this.disposed) return;
		for (const listener of this.listeners) listener();
	}

	private set(patch: Partial<AppState>): void {
		this.state = {...this.state, ...patch};
	}

	private tree(action: TreeAction): void {
		this.set({tree: treeReducer(this.state.tree, action)});
	}

	private get quiet(): boolean {
		return this.busy === 0 && !this.filterTimer && !this.loadScheduled;
	}

	/** Resolves once no search, filter or background load is running (for tests and playback). */
	idle(): Promise<void> {
		if (this.quiet) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	private work<T>(promise: Promise<T>): Promise<T> {
		this.busy++;
		return promise.finally(() => {
			this.busy--;
			this.settleIdle();
		});
	}

	private settleIdle(): void {
		if (this.quiet) for (const resolve of this.idleWaiters.splice(0)) resolve();
	}

	// ── start-up ───────────────────────────────────────────────────────────────

	/** Lists the domains, opens at the requested place, runs the requested query, reads the frames. */
	start(): void {
		this.tree({type: 'roots', domains: this.services.availableDomains()});
		this.fitHeights();
		for (const key of this.state.tree.rows) this.loadPage(key, this.firstPage, false);
		// Start on the first domain that could be read (a missing knowledge folder is not a welcome).
		const readable = this.state.tree.rows.find((key) => !this.state.tree.nodes.get(key)?.error);
		if (readable) this.tree({type: 'select', key: readable});
		const {domain, node, query} = this.options.initial ?? {};
		if (domain !== undefined) this.revealNode(domain, node ?? '');
		else if (node !== undefined) this.note('--node needs --domain to say which tree it is in', 'error');
		this.syncDetail();
		if (query) {
			this.set({query: {...this.state.query, input: inputOf(query)}});
			this.runQuery(query);
		}
		void this.refreshFrames();
		this.emit();
	}

	dispose(): void {
		this.disposed = true;
		this.searchAbort?.abort();
		clearTimeout(this.filterTimer);
		clearTimeout(this.escapeTimer);
		clearInterval(this.spinnerTimer);
		this.filterSequence++;
		this.listeners.clear();
		for (const resolve of this.idleWaiters.splice(0)) resolve();
	}

	resize(size: Size): void {
		if (size.columns === this.state.size.columns && size.rows === this.state.size.rows) return;
		this.set({size});
		this.fitHeights();
		this.emit();
	}

	// ── input ──────────────────────────────────────────────────────────────────

	/** Raw terminal input: any number of keys, possibly ending in half an escape sequence. */
	input(raw: string): void {
		clearTimeout(this.escapeTimer);
		const {keys, rest} = decodeKeys(this.pendingInput + raw);
		this.pendingInput = rest;
		// A lone ESC is the Escape key unless the rest of a sequence follows at once.
		if (rest) this.escapeTimer = setTimeout(() => this.flushEscape(), 30);
		this.keys(keys);
	}

	private flushEscape(): void {
		const rest = this.pendingInput;
		this.pendingInput = '';
		if (rest === '\u001b') this.keys([{name: 'escape'}]);
	}

	keys(keys: Key[]): void {
		if (keys.length === 0 || this.disposed) return;
		if (this.state.message) this.set({message: undefined});
		for (const key of keys) {
			if (this.disposed) return;
			this.key(key);
		}
		this.fitHeights();
		this.syncDetail();
		this.emit();
	}

	private contexts(): KeyContext[] {
		const {mode, focus, dialog} = this.state;
		if (mode === 'help') return ['help'];
		if (mode === 'query' || mode === 'filter') return ['input'];
		if (mode === 'dialog' && dialog) return focusedField(dialog).kind === 'text' ? ['input', 'dialog'] : ['dialog', 'input'];
		return [focus, 'global'];
	}

	private key(key: Key): void {
		const command = commandFor(key.name, this.contexts());
		const {mode} = this.state;
		if (command === 'quit') return this.quit();
		if (mode === 'query' || mode === 'filter') return this.typing(key, command);
		if (mode === 'dialog') return this.dialogInput(key, command);
		if (mode === 'help') return this.helpInput(command);
		if (command) this.browse(command);
	}

	private quit(): void {
		this.options.quit?.(0);
	}

	// ── browsing ───────────────────────────────────────────────────────────────

	private browse(command: Command): void {
		const {focus} = this.state;
		switch (command) {
			case 'help':
				return this.set({mode: 'help', helpScroll: 0});
			case 'depthIndex':
			case 'depthSummary':
			case 'depthFull':
				return this.set({depth: command === 'depthIndex' ? 'index' : command === 'depthSummary' ? 'summary' : 'full'});
			case 'depthCycle':
				return this.set({depth: depths[(depths.indexOf(this.state.depth) + 1) % depths.length]!});
			case 'switchPane':
				return this.switchPane();
			case 'query':
				return this.set({mode: 'query', query: {...this.state.query, open: true, input: inputOf(this.state.query.input.value)}});
			case 'method':
				return this.cycleMethod();
			case 'togglePlan':
				return this.set({frames: {...this.state.frames, expanded: !this.state.frames.expanded}});
			default:
				break;
		}
		if (focus === 'detail') return this.detailCommand(command);
		if (focus === 'results') return this.resultsCommand(command);
		return this.treeCommand(command);
	}

	private switchPane(): void {
		const order: Focus[] = this.state.query.open && this.state.query.rows.length > 0 ? ['tree', 'detail', 'results'] : ['tree', 'detail'];
		const next = order[(order.indexOf(this.state.focus) + 1) % order.length]!;
		this.set({focus: next});
	}

	private treeCommand(command: Command): void {
		const tree = this.state.tree;
		const node = selectedNode(tree);
		const half = Math.max(1, Math.floor(tree.height / 2));
		switch (command) {
			case 'cursorDown':
				return this.tree({type: 'move', by: 1});
			case 'cursorUp':
				return this.tree({type: 'move', by: -1});
			case 'top':
				return this.tree({type: 'moveTo', row: 0});
			case 'bottom':
				return this.tree({type: 'moveTo', row: -1});
			case 'pageDown':
				return this.tree({type: 'page', by: tree.height});
			case 'pageUp':
				return this.tree({type: 'page', by: -tree.height});
			case 'halfDown':
				return this.tree({type: 'page', by: half});
			case 'halfUp':
				return this.tree({type: 'page', by: -half});
			case 'open':
				if (node) this.expand(node);
				return;
			case 'close':
				if (!node) return;
				if (node.expanded) return this.tree({type: 'collapse', key: node.key});
				if (node.parentKey) this.tree({type: 'select', key: node.parentKey});
				return;
			case 'filter':
				return this.set({mode: 'filter', filter: {...this.state.filter, input: inputOf(this.state.filter.input.value)}});
			case 'nextMatch':
			case 'previousMatch':
				return this.stepMatch(command === 'nextMatch' ? 1 : -1);
			case 'scope':
				return this.setScope(node);
			case 'drillDown':
				return this.openDialog('down', node);
			case 'drillUp':
				return this.openDialog('up', node);
			case 'copyId':
				return this.copyId(node);
			case 'closePanel':
				return this.set({filter: {...this.state.filter, matches: [], highlight: new Map(), index: 0, status: 'idle'}, query: {...this.state.query, open: false}});
			default:
				return;
		}
	}

	private detailCommand(command: Command): void {
		const {detail} = this.state;
		const page = Math.max(1, layout(this.state).bodyHeight - 2);
		const by: Partial<Record<Command, number>> = {cursorDown: 1, cursorUp: -1, pageDown: page, pageUp: -page, top: -Infinity, bottom: Infinity};
		const step = by[command];
		if (step === undefined) return;
		const scroll = Math.max(0, Math.min(scrollLimits(this.state).detail, detail.scroll + step));
		this.set({detail: {...detail, scroll}});
	}

	private resultsCommand(command: Command): void {
		const {query} = this.state;
		switch (command) {
			case 'cursorDown':
			case 'cursorUp': {
				const selected = Math.max(0, Math.min(query.rows.length - 1, query.selected + (command === 'cursorDown' ? 1 : -1)));
				return this.set({query: {...query, selected}});
			}
			case 'jump': {
				const row = query.rows[query.selected];
				if (!row) return;
				if (this.revealNode(row.domain, row.target)) this.set({focus: 'tree'});
				return;
			}
			case 'closePanel':
				return this.set({focus: 'tree', query: {...query, open: false}});
			default:
				return;
		}
	}

	private helpInput(command: Command | undefined): void {
		if (command === 'closePanel') return this.set({mode: 'browse'});
		if (command === 'cursorDown' || command === 'cursorUp') this.set({helpScroll: Math.max(0, Math.min(scrollLimits(this.state).help, this.state.helpScroll + (command === 'cursorDown' ? 3 : -3)))});
	}

	// ── the tree ───────────────────────────────────────────────────────────────

	/** Loads the next page of a node's children; false (with the error on the node) on failure. */
	private loadPage(key: string, limit: number, report = true): boolean {
		const node = this.state.tree.nodes.get(key);
		if (!node) return false;
		const offset = node.childKeys?.length ?? 0;
		try {
			const view = this.services.walk(node.domain, node.id, 'index', {offset, limit});
			this.tree({type: 'children', key, offset, children: view.children, total: view.children_total});
			return true;
		} catch (error) {
			this.tree({type: 'failed', key, error: errorText(error)});
			if (report) this.note(errorText(error), 'error');
			return false;
		}
	}

	private incomplete(node: TreeNode | undefined): boolean {
		return Boolean(node?.childKeys && node.total !== undefined && node.childKeys.length < node.total);
	}

	private expand(node: TreeNode): void {
		if (!node.hasChildren) return;
		if (!node.childKeys && !this.loadPage(node.key, this.firstPage)) return;
		this.tree({type: 'expand', key: node.key});
		this.loadRestLater(node.key);
	}

	/** Loads a wide node's remaining children a page at a time, between keys and frames. */
	private loadRestLater(key: string): void {
		if (!this.incomplete(this.state.tree.nodes.get(key)) || this.loadQueue.includes(key)) return;
		this.loadQueue.push(key);
		this.set({loading: this.loadQueue.length});
		this.scheduleLoad();
	}

	private scheduleLoad(): void {
		if (this.loadScheduled || this.loadQueue.length === 0) return;
		this.loadScheduled = true;
		setImmediate(() => {
			this.loadScheduled = false;
			if (this.disposed) return;
			const key = this.loadQueue[0]!;
			if (this.incomplete(this.state.tree.nodes.get(key))) this.loadPage(key, this.pageSize);
			// Done, or failed (the error is on the node): either way this node leaves the queue.
			if (!this.incomplete(this.state.tree.nodes.get(key)) || this.state.tree.nodes.get(key)?.error) this.loadQueue.shift();
			this.set({loading: this.loadQueue.length});
			this.emit();
			this.scheduleLoad();
			this.settleIdle();
		});
	}

	/**
	 * Opens the tree along a node's path and selects it: the node's breadcrumbs name every
	 * ancestor from the domain's root, so this works the same in every domain.
	 */
	revealNode(domain: string, id: string): boolean {
		try {
			if (!this.state.tree.nodes.has(nodeKey(domain, ''))) throw new DrillError('unknown_domain', `no domain ${JSON.stringify(domain)} in the tree`, `domains: ${this.services.availableDomains().join(', ')}`);
			let chain = [''];
			if (id !== '') {
				const view = this.services.walk(domain, id, 'index', {limit: 1});
				chain = [...view.breadcrumbs.map((crumb) => crumb.node_id), view.node_id];
				if (chain[0] !== '') chain.unshift('');
			}
			for (let step = 0; step + 1 < chain.length; step++) {
				const parentKey = nodeKey(domain, chain[step]!);
				const childKey = nodeKey(domain, chain[step + 1]!);
				const parent = this.state.tree.nodes.get(parentKey);
				if (!parent) throw new DrillError('not_found', `cannot open ${oneLine(chain[step]!)}`);
				while (!this.state.tree.nodes.has(childKey) && (!parent.childKeys || this.incomplete(parent))) {
					if (!this.loadPage(parentKey, parent.childKeys ? this.pageSize : this.firstPage)) return false;
				}
				if (!this.state.tree.nodes.has(childKey)) throw new DrillError('not_found', `${oneLine(chain[step + 1]!)} is not among the children of ${oneLine(chain[step]!) || domain}`);
				this.tree({type: 'expand', key: parentKey});
				this.loadRestLater(parentKey);
			}
			this.tree({type: 'select', key: nodeKey(domain, chain.at(-1)!)});
			return true;
		} catch (error) {
			this.note(errorText(error), 'error');
			return false;
		}
	}

	private syncDetail(): void {
		const node = selectedNode(this.state.tree);
		const {detail, depth} = this.state;
		if (!node || (detail.key === node.key && detail.depth === depth)) return;
		try {
			const view = cleanView(this.services.walk(node.domain, node.id, depth, {limit: detailChildren}));
			this.set({detail: {key: node.key, depth, view, scroll: detail.key === node.key ? detail.scroll : 0}});
		} catch (error) {
			this.set({detail: {key: node.key, depth, error: errorText(error), scroll: 0}});
		}
	}

	/** The tree pane's height follows the layout (terminal size, open panels). */
	private fitHeights(): void {
		const {bodyHeight} = layout(this.state);
		if (bodyHeight !== this.state.tree.height) this.tree({type: 'height', height: bodyHeight});
	}

	private note(text: string, kind: 'info' | 'error' = 'info'): void {
		this.set({message: {text, kind}});
	}

	private copyId(node: TreeNode | undefined): void {
		if (!node) return;
		this.options.copy?.(node.id);
		this.note(`copied ${node.id === '' ? `the ${node.domain} root id ''` : shownId(node)}`);
	}

	// ── search ─────────────────────────────────────────────────────────────────

	private cycleMethod(): void {
		const method = findMethods[(findMethods.indexOf(this.state.query.method) + 1) % findMethods.length]!;
		this.set({query: {...this.state.query, method}});
		this.note(`search method: ${method}`);
		if (this.state.query.submitted) this.runQuery(this.state.query.submitted);
	}

	private setScope(node: TreeNode | undefined): void {
		const namespace = node?.domain === 'summary' && node.id !== '' ? node.id.split(':')[0] : undefined;
		const scope = namespace && namespace !== this.state.query.scope ? namespace : undefined;
		this.set({query: {...this.state.query, scope}});
		this.note(scope ? `search scope: ${oneLine(scope)}` : 'search scope: all namespaces');
		if (this.state.query.submitted) this.runQuery(this.state.query.submitted);
	}

	/** Runs the funnel; a newer query aborts this one and its answer is dropped. */
	private runQuery(text: string): void {
		const sequence = ++this.searchSequence;
		this.searchAbort?.abort();
		const abort = new AbortController();
		this.searchAbort = abort;
		const {method, scope} = this.state.query;
		this.set({query: {...this.state.query, submitted: text, status: 'running', error: undefined, open: true}});
		this.spin();
		void this.work(
			this.services.find(text, {method, scope, signal: abort.signal}).then(
				(result) => {
					if (sequence !== this.searchSequence || this.disposed) return;
					const clean = cleanResult(result);
					const rows = resultRows(clean);
					this.set({query: {...this.state.query, status: 'done', result: clean, rows, selected: 0}});
					if (rows.length === 0 && this.state.focus === 'results') this.set({focus: 'tree'});
					this.fitHeights();
					this.emit();
				},
				(error: unknown) => {
					if (sequence !== this.searchSequence || this.disposed) return;
					this.set({query: {...this.state.query, status: 'failed', error: errorText(error), rows: [], result: undefined}});
					if (this.state.focus === 'results') this.set({focus: 'tree'});
					this.fitHeights();
					this.emit();
				},
			),
		);
	}

	/** Ticks the spinner while a search runs (a filter shows its progress instead). */
	private spin(): void {
		if (this.spinnerTimer) return;
		this.spinnerTimer = setInterval(() => {
			const running = this.state.query.status === 'running';
			if (!running || this.disposed) {
				clearInterval(this.spinnerTimer);
				this.spinnerTimer = undefined;
				return;
			}
			this.set({spinner: this.state.spinner + 1});
			this.emit();
		}, spinnerMs);
		this.spinnerTimer.unref?.();
	}

	// ── typing: the query box and the filter ───────────────────────────────────

	private typing(key: Key, command: Command | undefined): void {
		const isQuery = this.state.mode === 'query';
		const field = isQuery ? this.state.query.input : this.state.filter.input;
		if (command === 'submit') return isQuery ? this.submitQuery() : this.submitFilter();
		if (command === 'cancel') {
			if (isQuery) return this.set({mode: 'browse', query: {...this.state.query, open: this.state.query.status !== 'idle'}});
			return this.cancelFilter();
		}
		let input = field;
		if (!command && key.text !== undefined) input = insertText(field, key.text);
		else if (command) input = editInput(field, command);
		if (input === field) return;
		if (isQuery) return this.set({query: {...this.state.query, input}});
		this.set({filter: {...this.state.filter, input}});
		this.filterChanged();
	}

	private submitQuery(): void {
		const text = this.state.query.input.value.trim();
		if (!text) return this.set({mode: 'browse', query: {...this.state.query, open: this.state.query.status !== 'idle'}});
		this.set({mode: 'browse', focus: 'results'});
		this.runQuery(text);
	}

	private filterChanged(): void {
		clearTimeout(this.filterTimer);
		this.filterSequence++;
		const text = this.state.filter.input.value.trim();
		if (!text) {
			this.filterTimer = undefined;
			this.set({filter: {...this.state.filter, status: 'idle', matches: [], highlight: new Map(), index: 0}});
			this.settleIdle();
			return;
		}
		this.set({filter: {...this.state.filter, status: 'searching', progress: 0}});
		this.filterTimer = setTimeout(() => {
			this.filterTimer = undefined;
			void this.work(this.runFilter(text));
		}, filterDelayMs);
	}

	private async runFilter(text: string): Promise<void> {
		const sequence = ++this.filterSequence;
		const cancelled = () => sequence !== this.filterSequence || this.disposed;
		const nodes = this.state.tree.nodes;
		if (!this.fuzzy || this.fuzzy.size !== nodes.size) {
			const names = function* () {
				for (const node of nodes.values()) yield {key: node.key, name: node.name};
			};
			const index = await FuzzyIndex.collect(names(), cancelled);
			if (!index) return;
			this.fuzzy = index;
		}
		const searched = this.fuzzy.size;
		let shown = performance.now();
		const matches = await this.fuzzy.search(
			text,
			cancelled,
			(done, total) => {
				// A frame for the progress at most every 250 ms: frames are what typing waits for.
				if (sequence !== this.filterSequence || performance.now() - shown < 250) return;
				shown = performance.now();
				this.set({filter: {...this.state.filter, progress: done / total}});
				this.emit();
			},
		);
		if (!matches || sequence !== this.filterSequence || this.disposed) return;
		this.set({filter: {...this.state.filter, status: 'done', matches, highlight: new Map(matches.map((match) => [match.key, match.ranges])), index: 0, searched}});
		if (this.jumpWhenFiltered) {
			this.jumpWhenFiltered = false;
			this.showMatch(0);
			this.syncDetail();
		}
		this.emit();
	}

	private submitFilter(): void {
		this.set({mode: 'browse', focus: 'tree'});
		const {filter} = this.state;
		if (filter.status === 'searching') {
			this.jumpWhenFiltered = true;
			return;
		}
		if (filter.matches.length === 0) {
			if (filter.input.value.trim()) this.note(`no loaded name matches ${JSON.stringify(filter.input.value.trim())}`, 'error');
			return;
		}
		this.showMatch(0);
	}

	private cancelFilter(): void {
		clearTimeout(this.filterTimer);
		this.filterTimer = undefined;
		this.filterSequence++;
		this.jumpWhenFiltered = false;
		this.set({mode: 'browse', filter: {...this.state.filter, input: emptyInput, status: 'idle', matches: [], highlight: new Map(), index: 0}});
		this.settleIdle();
	}

	private showMatch(index: number): void {
		const match = this.state.filter.matches[index];
		if (!match) return;
		this.set({filter: {...this.state.filter, index}, tree: reveal(this.state.tree, match.key), focus: 'tree'});
	}

	private stepMatch(step: number): void {
		const count = this.state.filter.matches.length;
		if (count === 0) return this.note('no filter matches (f to filter)');
		this.showMatch((this.state.filter.index + step + count) % count);
	}

	// ── frames ─────────────────────────────────────────────────────────────────

	private async refreshFrames(): Promise<void> {
		if (!this.services.frames.available) return;
		await this.work(
			this.services.frames.status().then(
				(status) => this.set({frames: {...this.state.frames, status: cleanFrameStatus(status), error: undefined}}),
				(error: unknown) => this.set({frames: {...this.state.frames, error: errorText(error)}}),
			),
		);
		this.fitHeights();
		this.emit();
	}

	private openDialog(kind: 'down' | 'up', node: TreeNode | undefined): void {
		if (!this.services.frames.available) return this.note('frames are not available in this build (source/frames/ is not wired in yet)', 'error');
		if (kind === 'up' && !this.state.frames.status?.cursor) return this.note('no open frame to undrill (d drills down from the selected node)', 'error');
		if (kind === 'down') {
			if (!node) return;
			this.set({mode: 'dialog', dialog: downDialog(`Drilled from the ${node.domain} node ${shownId(node)} (${node.name}).`, `${node.domain} ${shownId(node)}`)});
		} else this.set({mode: 'dialog', dialog: upDialog()});
	}

	private dialogInput(key: Key, command: Command | undefined): void {
		const dialog = this.state.dialog;
		if (!dialog) return this.set({mode: 'browse'});
		const typed = !command && key.text !== undefined ? key.text : undefined;
		const outcome = dialogKey(dialog, command, typed);
		if (outcome.cancel) return this.set({mode: 'browse', dialog: undefined});
		this.set({dialog: outcome.dialog});
		if (outcome.submit) this.submitDialog(outcome.dialog);
	}

	private submitDialog(dialog: DialogState): void {
		const fail = (error: string) => this.set({dialog: {...dialog, error, busy: false}});
		let request: Promise<string>;
		if (dialog.kind === 'down') {
			const slug = fieldValue(dialog, 'slug').trim();
			const objective = fieldValue(dialog, 'objective').trim();
			if (!slug || !objective) return fail('a drill needs a slug and an objective');
			request = this.services.frames.down({slug, objective, context: dialog.context ?? ''});
		} else {
			const findings = fieldValue(dialog, 'findings').trim();
			const planFile = fieldValue(dialog, 'planFile').trim();
			if (!findings) return fail('undrilling needs findings');
			const plan: PlanAction[] = [...dialog.plan];
			const pending = fieldValue(dialog, 'action').trim();
			if (pending) {
				const action = {action: pending, scope: fieldValue(dialog, 'scope'), sink: fieldValue(dialog, 'sink'), owner: fieldValue(dialog, 'owner').trim(), evidence: fieldValue(dialog, 'evidence').trim()};
				if (!action.owner || !action.evidence) return fail('finish the action being entered (owner, evidence) or clear it');
				plan.push(action);
			}
			request = this.services.frames.up({findings, plan, ...(planFile ? {planFile} : {})});
		}
		this.set({dialog: {...dialog, busy: true, error: undefined}});
		void this.work(
			request.then(
				async (done) => {
					if (this.disposed) return;
					this.set({mode: 'browse', dialog: undefined});
					this.note(oneLine(done));
					await this.refreshFrames();
					this.emit();
				},
				(error: unknown) => {
					if (this.disposed) return;
					fail(errorText(error));
					this.emit();
				},
			),
		);
	}
}
