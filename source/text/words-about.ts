const unspacedLetters = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** About how many words a text has: Chinese and Japanese write words without spaces, about two letters each ("已安装 font-maple-mono" is three, "已完成。" two). */
export function wordsAbout(text: string): number {
	return text.split(/\s+/u).filter(Boolean).length + Math.floor((text.match(unspacedLetters)?.length ?? 0) / 2);
}
