import {DrillError} from '../core/errors.js';
import {hint, run} from '../core/hint.js';
import type {Drillables} from '../core/registry.js';

/**
 * A node id that does not exist in one domain but does in another (a knowledge unit path asked
 * for in the summary domain, a drill's sha in knowledge) gets a hint that names the domain it
 * belongs to; any other error is returned as it is.
 */
export function withDomainHint(drillables: Drillables, domain: string, nodeId: string, error: unknown): unknown {
	if (!(error instanceof DrillError) || (error.code !== 'not_found' && error.code !== 'bad_node_id') || nodeId === '') return error;
	for (const other of drillables.availableDomains()) {
		if (other === domain) continue;
		try {
			drillables.walk(other, nodeId, 'index', {limit: 1});
		} catch {
			continue;
		}
		const better = new DrillError(error.code, error.message, hint`${JSON.stringify(nodeId)} is a node of domain "${other}": ${run('walk', {domain: other, node_id: nodeId})}`);
		if (error.details) better.details = error.details;
		return better;
	}
	return error;
}
