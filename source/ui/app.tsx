import {Box, Text} from 'ink';
import {memo, useSyncExternalStore} from 'react';
import type {AppController} from './controller.js';
import {screenLines} from './screen.js';
import {sameLine} from './segments.js';
import type {Line} from './theme.js';

/** One screen row. Rows that did not change are not re-rendered. */
const ScreenLine = memo(
	function ScreenLine({line}: {line: Line}) {
		return (
			<Text>
				{line.map((piece, index) =>
					piece.style ? (
						<Text key={index} color={piece.style.color} bold={piece.style.bold} dimColor={piece.style.dim} inverse={piece.style.inverse} underline={piece.style.underline}>
							{piece.text}
						</Text>
					) : (
						piece.text
					),
				)}
			</Text>
		);
	},
	(before, after) => sameLine(before.line, after.line),
);

/**
 * The whole app on screen. All state lives in the controller; this component only draws the
 * lines it computes (already windowed, cut and padded to the terminal's width).
 */
export function App({controller}: {controller: AppController}) {
	const state = useSyncExternalStore(controller.subscribe, controller.getState);
	const lines = screenLines(state);
	return (
		<Box flexDirection="column">
			{lines.map((line, index) => (
				<ScreenLine key={index} line={line} />
			))}
		</Box>
	);
}
