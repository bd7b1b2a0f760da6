/**
 * The two stopword lists, each for its own job (lowercase):
 * - `topicStopwords`: words that carry no topic — function words of English and of a few other
 *   languages people commonly write in, the filler of chat ("thanks", "ok", "let's") and the noise
 *   of code and paths. Ingest drops them when it picks keywords, titles and summary sentences.
 * - `searchStopwords`: English function words only. Search drops them from queries and from the
 *   terms its indexes and semantic model are built on: in an OR query each matches most of the
 *   store, costing time without changing the ranking. A word such as "file", "new" or "good" can
 *   be what a person searches for, so this list stays short (changing it changes every ranking:
 *   measure with `npm run eval` before).
 */
const english = `a about above across after afterwards again against all almost alone along already also although always am among
amongst an and another any anybody anyhow anyone anything anyway anywhere are aren't around as at back be became because become
becomes becoming been before beforehand behind being below beside besides between beyond both but by can can't cannot could
couldn't did didn't do does doesn't doing don't done down during each either else elsewhere enough etc even ever every everyone
everything everywhere except few for former formerly from further had hadn't has hasn't have haven't having he he'd he'll he's
hence her here here's hereafter hereby herein hers herself him himself his how how's however i i'd i'll i'm i've ie if in
indeed instead into is isn't it it's its itself just least less let let's like likely may maybe me meanwhile might mine more
moreover most mostly much must mustn't my myself namely neither never nevertheless next no nobody none noone nor not nothing now
nowhere of off often on once one ones only onto or other others otherwise our ours ourselves out over own per perhaps please
quite rather really same say says said see seem seemed seeming seems shall shan't she she'd she'll she's should shouldn't since
so some somehow someone something sometime sometimes somewhere still such than that that's the their theirs them themselves
then thence there there's thereafter thereby therefore therein thereupon these they they'd they'll they're they've thing things
this those though through throughout thru thus to together too toward towards under unless until up upon us very via was wasn't
we we'd we'll we're we've well were weren't what what's whatever when when's whence whenever where where's whereafter whereas
whereby wherein whereupon wherever whether which while whither who who's whoever whole whom whose why why's will with within
without won't would wouldn't yet you you'd you'll you're you've your yours yourself yourselves
also get gets got getting go goes going gone make makes made making use used uses using want wants wanted need needs needed
know knows knew think thinks thought look looks looked let lets put puts take takes took way ways lot lots bit kind sort yes
yeah yep nope ok okay sure thanks thank thx cheers hi hello hey great good nice fine right actually basically probably
definitely simply just first second new old now then today tomorrow yesterday e.g i.e vs via etc s t d ll m re ve can will
one two three four five six seven eight nine ten also`;

const spanish = `a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ellos
en entre era es esa esas ese eso esos esta estaba estado estas este esto estos fue ha hay la las le les lo los mas me mi mis
mucho muy más mí nada ni no nos nosotros o os otra otro para pero poco por porque que qué quien se sea ser si sin sobre son su
sus también te tiene tienen todo todos tu tus un una uno unos y ya yo puedes puede esta está están`;

const french = `au aux avec ce ces cette dans de des du elle en et eux il ils je la le les leur lui ma mais me mes moi mon ne nos
notre nous on ou où par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c'est est sont été être
avoir ont`;

const german = `aber als am an auch auf aus bei bin bis bist da das dass dein dem den der des die doch dort du durch ein eine
einem einen einer eines er es für hat hatte ich ihr im in ist ja jede kann kein man mit nach nicht noch nun oder sein sich sie
sind so über um und uns unter vom von vor war was weil wenn wie wir wird zu zum zur`;

const portuguese = `ao aos as com como da das de do dos e ela elas ele eles em entre essa esse isso esta este eu foi há isto
mais mas me meu minha muito na nas não no nos o os ou para pela pelo por quando que se sem ser seu sua são também te um uma você`;

// Words of code and paths that say nothing about what a passage is about.
const code = `src lib dist bin build js jsx ts tsx mjs cjs json yaml yml md txt html css http https www com org net io localhost
usr home tmp var etc dev null undefined true false none nil const let var function return import export default async await new
this self string number boolean void type interface class public private static def elif else fi println printf todo fixme
file_path old_string new_string command description stdout stderr`;

export const topicStopwords: ReadonlySet<string> = new Set(
	[english, spanish, french, german, portuguese, code]
		.join(' ')
		.split(/\s+/u)
		.filter(Boolean)
		.flatMap((word) => (word.includes("'") ? [word, word.replace(/'/gu, '’'), word.replace(/'/gu, '')] : [word])),
);

export const searchStopwords: ReadonlySet<string> = new Set(
	`a about above after again against all also am an and any are aren't as at be because been before being below between both
	but by can cannot could did do does doing done down during each either else ever every few for from further had has have having
	he her here hers herself him himself his how however i if in into is it its itself just let may me might more most must my
	myself no nor not now of off on once only or other otherwise our ours ourselves out over own per rather same shall she should
	since so some such than that the their theirs them themselves then there therefore these they this those though through thus
	to too under until up upon us very via was we were what whatever when where whether which while who whom whose why will
	with within without would yet you your yours yourself yourselves`
		.split(/\s+/u)
		.filter(Boolean),
);
