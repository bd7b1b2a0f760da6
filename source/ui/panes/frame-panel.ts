import type {AppState} from '../app-state.js';
import {segment} from '../segments.js';
import type {PlanAction} from '../services.js';
import type {Line, Theme} from '../theme.js';
import {addTo} from '../../core/arrays.js';

function bySink(plan: PlanAction[]): Array<[string, PlanAction[]]> {
	const groups = new Map<string, PlanAction[]>();
	for (const action of plan) addTo(groups, action.sink, action);
	return [...groups];
}

/** The frame separator: the cursor's path of frames and the pending plan, counted by sink. */
export function frameBar(state: AppState, paint: Theme): {left: Line; right: Line} {
	const {frames} = state;
	if (!frames.available) return {left: [segment('frames: not available in this build', paint('dim'))], right: []};
	if (frames.error) return {left: [segment('frames: ', paint('dim')), segment(frames.error, paint('error'))], right: []};
	const status = frames.status;
	if (!status) return {left: [segment('frames: reading…', paint('dim'))], right: []};
	const left: Line = [];
	if (!status.cursor || status.path.length === 0) left.push(segment('frame: none', paint('dim')), segment('  (d drills down from the selected node)', paint('dim')));
	else {
		left.push(segment('frame ', paint('dim')));
		status.path.forEach((frame, index) => {
			if (index > 0) left.push(segment(' › ', paint('dim')));
			left.push(segment(frame.id.slice(0, 6), paint('accent')), segment(` ${frame.slug}`, index === status.path.length - 1 ? paint('title') : undefined));
		});
	}
	const groups = bySink(status.plan);
	const counted = groups.map(([sink, actions]) => `${sink} ${actions.length}`).join(', ');
	const right: Line = [segment(`plan: ${status.plan.length} action${status.plan.length === 1 ? '' : 's'}${counted ? ` (${counted})` : ''}`, paint('dim'))];
	return {left, right};
}

/** The expanded panel (p): the objective, then the plan's actions grouped by sink. */
export function framePanel(state: AppState, height: number, paint: Theme): Line[] {
	const status = state.frames.status;
	if (!status) return [];
	const lines: Line[] = [[segment('objective  ', paint('dim')), segment(status.objective ?? '—')]];
	for (const [sink, actions] of bySink(status.plan)) {
		for (const action of actions) lines.push([segment(`${sink.padEnd(17)} `, paint('accent')), segment(action.action), segment(`  ${action.scope} · ${action.owner} · ${action.evidence}`, paint('dim'))]);
	}
	if (status.plan.length === 0) lines.push([segment('no pending prevention actions', paint('dim'))]);
	return lines.slice(0, height);
}
