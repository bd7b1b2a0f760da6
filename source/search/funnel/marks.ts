/** Private-use marks around matched words; replaced by the caller's highlight at the end. */
export const markOpen = '\uE000';
export const markClose = '\uE001';
const marks = /[\uE000\uE001]/gu;

export function highlight(text: string, open: string, close: string): string {
	return text.replace(/\uE000/gu, open).replace(/\uE001/gu, close);
}

export function unmarked(text: string): string {
	return text.replace(marks, '');
}
