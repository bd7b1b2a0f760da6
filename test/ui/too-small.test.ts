import {expect, test} from 'vitest';
import {initialState} from '../../source/ui/app-state.js';
import {displayWidth} from '../../source/ui/text.js';
import {screenModel, screenText} from '../../source/ui/screen.js';

test('a terminal below 40×10 says what drill needs, in lines that fit, instead of fragments of the panes', () => {
	const rows = screenText(screenModel(initialState({columns: 10, rows: 3}, false, 'summary', false)));
	expect(rows.length).toBeLessThanOrEqual(2);
	expect(rows.every((row) => displayWidth(row) <= 10)).toBe(true);
	expect(rows.map((row) => row.trim()).join(' ')).toBe('drill needs');
	const wider = screenText(screenModel(initialState({columns: 39, rows: 9}, false, 'summary', false))).map((row) => row.trim()).join(' ');
	expect(wider).toBe('drill needs 40×10; this terminal is 39×9. Enlarge it, or press q to quit');
	expect(screenText(screenModel(initialState({columns: 1, rows: 1}, false, 'summary', false)))).toHaveLength(1);
	// At the minimum, the panes.
	expect(screenText(screenModel(initialState({columns: 40, rows: 10}, false, 'summary', false))).join('\n')).not.toContain('drill needs');
});
