import {Box, Text} from 'ink';
import {memo, useSyncExternalStore} from 'react';
import type {AppController} from './controller.js';
import {screenModel, type Column} from './screen.js';
import {sameLine} from './segments.js';
import {toAnsi, type Line, type Style} from './theme.js';

/**
 * One line of styled pieces. Lines that did not change are not re-rendered. An empty line is
 * drawn as a space: Ink gives an empty Text no height, and every line below it would move up.
 */
const ScreenLine = memo(
	function ScreenLine({line}: {line: Line}) {
		return <Text wrap="truncate">{toAnsi(line) || ' '}</Text>;
	},
	(before, after) => sameLine(before.line, after.line),
);

function Pane({column, border}: {column: Column; border: Style}) {
	const dividerColour = column.divider === 'focusBorder' ? 'cyan' : border.color;
	return (
		<Box width={column.width + 2 + (column.divider ? 1 : 0)} paddingX={1} flexDirection="column" borderStyle="single" borderTop={false} borderBottom={false} borderRight={false} borderLeft={Boolean(column.divider)} borderColor={border.color ? dividerColour : undefined}>
			{column.lines.map((line, index) => (
				<ScreenLine key={index} line={line} />
			))}
		</Box>
	);
}

/**
 * The whole app on screen. All state lives in the controller; this component lays out the blocks
 * it computes: full-width rules, and bordered regions whose columns hold only their visible lines.
 */
export function App({controller}: {controller: AppController}) {
	const state = useSyncExternalStore(controller.subscribe, controller.getState);
	const screen = screenModel(state);
	return (
		<Box flexDirection="column" width={screen.width}>
			{screen.blocks.map((block, index) =>
				block.kind === 'rule' ? (
					<ScreenLine key={index} line={block.line} />
				) : (
					<Box key={index} height={block.height} flexDirection="row" borderStyle="single" borderTop={false} borderBottom={false} borderColor={screen.border.color}>
						{block.columns.map((column, at) => (
							<Pane key={at} column={column} border={screen.border} />
						))}
					</Box>
				),
			)}
		</Box>
	);
}
