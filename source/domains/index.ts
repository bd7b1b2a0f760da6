import type {DomainRegistry} from '../core/registry.js';
import type {SummaryStore} from '../store/summary-store.js';
import {DrillsDrillable} from './drills.js';
import {KnowledgeDrillable} from './knowledge.js';
import {SummaryDrillable} from './summary.js';

/** What the built-in domains take from the runtime beyond the configured paths. */
export interface DomainStores {
	/** The runtime's summary store for reading (opened on first use, closed by the runtime). */
	summary: () => SummaryStore;
}

/** The built-in domains. A new domain is one file in this folder and one line here. */
export function registerDomains(registry: DomainRegistry, stores: DomainStores): void {
	registry.registerDrillable('summary', () => new SummaryDrillable(stores.summary));
	registry.registerDrillable('knowledge', (config) => new KnowledgeDrillable(config.knowledgeDir));
	registry.registerDrillable('drills', (config) => new DrillsDrillable(config.drillsRoot));
}
