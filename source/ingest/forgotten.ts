import {forgottenSources, isUnder} from '../store/forgotten.js';
import type {SummaryStore} from '../store/summary-store.js';
import type {SourceFile} from './io/walk-sources.js';
import type {IngestReport} from './report.js';
import {realPath} from './io/real-path.js';


/** What `drill forget` forgot, read once per ingest run: those files (and conversations) are left out and counted. */
export class ForgottenSources {
	private readonly sources: string[];

	constructor(store: SummaryStore) {
		this.sources = forgottenSources(store);
	}

	has(uri: string): boolean {
		return this.sources.some((source) => isUnder(uri, source));
	}

	keep(files: SourceFile[], report: IngestReport): SourceFile[] {
		if (this.sources.length === 0) return files;
		return files.filter((file) => {
			if (!this.has(realPath(file.path))) return true;
			report.forgotten++;
			return false;
		});
	}
}
