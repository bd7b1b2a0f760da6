import {expect, test} from 'vitest';
import {AppController} from '../../source/ui/controller.js';
import {nodeKey, selectedNode} from '../../source/ui/tree-state.js';
import {FakeServices} from './fake-services.js';

const trees = {
	summary: {id: '', name: 'summary', children: [{id: 'ns', name: 'ns', children: [{id: 'ns:new', name: 'Newest item'}, {id: 'ns:old', name: 'Older item'}]}]},
	knowledge: {id: '', name: 'knowledge', children: [{id: 'a', name: 'a'}, {id: 'b', name: 'b'}]},
	drills: {id: '', name: 'drills', children: [{id: 'a1b2c3', name: 'api-debug'}]},
};

test('the first screen reads only the summary domain; the other rows are read once the first frame is out', async () => {
	const services = new FakeServices(trees);
	services.newest.set('summary', 'ns:new');
	const controller = new AppController(services, {size: {columns: 100, rows: 30}, color: false, storeCheckMs: 0});
	controller.start();
	// What the first render sees: the cursor on the newest item, no walk of another domain yet.
	expect(selectedNode(controller.getState().tree)?.id).toBe('ns:new');
	expect(new Set(services.walks.map((walk) => walk.domain))).toEqual(new Set(['summary']));
	expect(controller.getState().tree.nodes.get(nodeKey('drills', ''))?.total).toBeUndefined();
	await controller.idle();
	expect(controller.getState().tree.nodes.get(nodeKey('drills', ''))?.total).toBe(1);
	expect(controller.getState().tree.nodes.get(nodeKey('knowledge', ''))?.total).toBe(2);
	// Still closed, and the cursor did not move.
	expect(controller.getState().tree.nodes.get(nodeKey('drills', ''))?.expanded).toBeFalsy();
	expect(selectedNode(controller.getState().tree)?.id).toBe('ns:new');
	controller.dispose();
});

test('opened at a domain, every row is read before the first frame (the reveal may need any of them)', () => {
	const services = new FakeServices(trees);
	const controller = new AppController(services, {size: {columns: 100, rows: 30}, color: false, storeCheckMs: 0, initial: {domain: 'knowledge'}});
	controller.start();
	expect(new Set(services.walks.map((walk) => walk.domain))).toEqual(new Set(['summary', 'knowledge', 'drills']));
	controller.dispose();
});
