/** One match in the detail pane's laid-out lines: the line and its inclusive column range. */
export interface PaneMatch {
	line: number;
	start: number;
	end: number;
}
