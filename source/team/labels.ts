import {hostname, userInfo} from 'node:os';
import {DrillError} from '../core/errors.js';

/**
 * Who pushes: the `machine` and `user` labels every item carries in the team archive, and that a
 * pulled item keeps. By default this machine's host name (its first label) and the login name;
 * `$DRILL_MACHINE` and `$DRILL_USER` set others (two stores on one machine that must not be
 * told apart, a CI runner's stable name).
 */
export interface Labels {
	machine: string;
	user: string;
}

const labelPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/u;

export function checkLabel(kind: 'machine' | 'user', value: string, from: string): string {
	if (!labelPattern.test(value)) {
		throw new DrillError('bad_argument', `${from} ${JSON.stringify(value.slice(0, 80))} is not a ${kind} name`, `use 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. ${kind === 'machine' ? 'laptop-ana' : 'ana'})`);
	}
	return value;
}

function loginName(): string {
	try {
		return userInfo().username;
	} catch {
		return '';
	}
}

/** A name as a label: characters a label may not hold become "-". */
const asLabel = (name: string, fallback: string) => name.replace(/[^A-Za-z0-9._-]+/gu, '-').replace(/^[^A-Za-z0-9]+/u, '').slice(0, 64) || fallback;

export function localLabels(env: NodeJS.ProcessEnv = process.env): Labels {
	const machine = env.DRILL_MACHINE ? checkLabel('machine', env.DRILL_MACHINE, 'DRILL_MACHINE') : asLabel(hostname().split('.')[0] ?? '', 'machine');
	const user = env.DRILL_USER ? checkLabel('user', env.DRILL_USER, 'DRILL_USER') : asLabel(env.USER || loginName(), 'user');
	return {machine, user};
}

/** The local item id of an item pulled from another machine: `{user}@{machine}/{item_id}` (never one of this machine's own ids). */
export function pulledItemId(labels: Labels, itemId: string): string {
	return `${labels.user}@${labels.machine}/${itemId}`;
}
