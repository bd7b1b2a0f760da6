/**
 * The commands the built CLI starts from its light bundle (light-script.ts): the entry (entry.ts)
 * decides by this list alone, before it loads anything.
 */
export const lightCommandNames = ['usage'] as const;

export type LightCommandName = (typeof lightCommandNames)[number];

/** Whether `drill ARGV…` starts with a light command's name (flags before the name go the full way). */
export function startsWithLightCommand(argv: readonly string[]): boolean {
	return (lightCommandNames as readonly string[]).includes(argv[0] ?? '');
}
