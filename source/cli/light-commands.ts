/**
 * What the built CLI starts from its light bundle (light-script.ts): the commands named here, and
 * the explorer. The entry (entry.ts) decides by argv alone, before it loads anything.
 */
export const lightCommandNames = ['usage'] as const;

export type LightCommandName = (typeof lightCommandNames)[number];

/** Whether `drill ARGV…` starts with a light command's name (flags before the name go the full way). */
export function startsWithLightCommand(argv: readonly string[]): boolean {
	return (lightCommandNames as readonly string[]).includes(argv[0] ?? '');
}

/**
 * Whether the light bundle may take `drill ARGV…`: a light command, or nothing but flags first
 * (the explorer, unless the flag table finds a command's name after them; the bundle checks).
 */
export function mayStartLight(argv: readonly string[]): boolean {
	return startsWithLightCommand(argv) || argv.length === 0 || argv[0]!.startsWith('-');
}
