// What a bot can say, in each table language: several phrasings of each kind of line, so two bots
// (or one bot on two days) rarely say the same words. A phrase names only the seats it is given.

import type { Seat } from "@misto/engine";

/** The languages of a table, as the web app's (packages/web/src/i18n/types.ts). */
export const TALK_LANGUAGES = ["ru", "uk", "en"] as const;
export type TalkLanguage = (typeof TALK_LANGUAGES)[number];

type One = (a: Seat) => string;
type Two = (a: Seat, b: Seat) => string;

export interface Phrases {
  /** The commissar opens his claim. */
  readonly commissar: readonly string[];
  /** A check in the commissar's claim. */
  readonly checkBlack: readonly One[];
  readonly checkRed: readonly One[];
  /** The doctor: he healed `a` on a night nobody died. */
  readonly heal: readonly One[];
  /** `a` voted against `b`, whom a claim cleared: `a` is suspect. */
  readonly votedCleared: readonly Two[];
  /** `b` voted against `a` and died the next night: `a` is suspect. */
  readonly accuserKilled: readonly Two[];
  /** Claimer `b` named `a` black: the speaker follows the claim. */
  readonly claimedBlack: readonly Two[];
  /** `a` voted against `b`: a plain suspicion (a vote is public). */
  readonly votedAgainst: readonly Two[];
  /** `a` claimed the speaker black, and the speaker says he is red: `a` lies. */
  readonly liar: readonly One[];
  /** The speaker was voted against and says he is red. */
  readonly defence: readonly string[];
}

const ru: Phrases = {
  commissar: [
    "Я комиссар.",
    "Открываюсь: я комиссар.",
    "Комиссар — я, слушайте.",
    "Скажу прямо: я комиссар.",
  ],
  checkBlack: [(a) => `${a} — чёрный.`, (a) => `Проверил ${a}: чёрный.`, (a) => `У меня ${a} чёрный.`],
  checkRed: [(a) => `${a} — красный.`, (a) => `Проверил ${a}: красный.`, (a) => `У меня ${a} красный.`],
  heal: [
    (a) => `Я доктор, ночью лечил ${a} — и никто не умер.`,
    (a) => `Доктор здесь: этой ночью я стоял на ${a}.`,
    (a) => `Ночь прошла без смертей: я, доктор, лечил ${a}.`,
  ],
  votedCleared: [
    (a, b) => `${a} голосовал против ${b}, а ${b} проверен красным. Подозреваю ${a}.`,
    (a, b) => `Зачем ${a} голосовал в красного ${b}? Для меня ${a} под вопросом.`,
    (a, b) => `${a} голосовал в ${b}, которого проверили красным. Смотрю на ${a}.`,
  ],
  accuserKilled: [
    (a, b) => `${b} голосовал против ${a} и этой ночью погиб. ${a}, есть что сказать?`,
    (a, b) => `${b} ставил на ${a} — и ночью его убрали. Подозреваю ${a}.`,
    (a, b) => `Убит ${b}, который голосовал в ${a}. Смотрите на ${a}.`,
  ],
  claimedBlack: [
    (a, b) => `Комиссар ${b} назвал ${a} чёрным. Я голосую за ${a}.`,
    (a, b) => `Есть чёрная проверка от ${b} на ${a} — выставляю ${a}.`,
    (a, b) => `${b} проверил ${a} чёрным, так что ${a} — мой выбор.`,
  ],
  votedAgainst: [
    (a, b) => `${a} голосовал против ${b}. Мне это не нравится.`,
    (a, b) => `Голос ${a} в ${b} странный. Присмотрюсь к ${a}.`,
    (a, b) => `Не понимаю голос ${a} против ${b}. ${a}, объясни.`,
  ],
  liar: [
    (a) => `${a} лжёт: я красный. Лжекомиссар — ${a}.`,
    (a) => `Я не чёрный. ${a} — не комиссар, голосуйте за ${a}.`,
    (a) => `${a} врёт про меня. Значит, чёрный — ${a}.`,
  ],
  defence: [
    "Я красный, не тратьте на меня голоса.",
    "Это не я. Ищите в другом месте.",
    "Я за город, вы ошибаетесь.",
  ],
};

const uk: Phrases = {
  commissar: ["Я комісар.", "Відкриваюся: я комісар.", "Комісар — я, слухайте.", "Скажу прямо: я комісар."],
  checkBlack: [(a) => `${a} — чорний.`, (a) => `Перевірив ${a}: чорний.`, (a) => `У мене ${a} чорний.`],
  checkRed: [(a) => `${a} — червоний.`, (a) => `Перевірив ${a}: червоний.`, (a) => `У мене ${a} червоний.`],
  heal: [
    (a) => `Я лікар, уночі лікував ${a} — і ніхто не помер.`,
    (a) => `Лікар тут: цієї ночі я стояв на ${a}.`,
    (a) => `Ніч минула без смертей: я, лікар, лікував ${a}.`,
  ],
  votedCleared: [
    (a, b) => `${a} голосував проти ${b}, а ${b} перевірений червоним. Підозрюю ${a}.`,
    (a, b) => `Навіщо ${a} голосував у червоного ${b}? Для мене ${a} під питанням.`,
    (a, b) => `${a} голосував у ${b}, якого перевірили червоним. Дивлюся на ${a}.`,
  ],
  accuserKilled: [
    (a, b) => `${b} голосував проти ${a} і цієї ночі загинув. ${a}, що скажеш?`,
    (a, b) => `${b} ставив на ${a} — і вночі його прибрали. Підозрюю ${a}.`,
    (a, b) => `Убито ${b}, який голосував у ${a}. Дивіться на ${a}.`,
  ],
  claimedBlack: [
    (a, b) => `Комісар ${b} назвав ${a} чорним. Я голосую за ${a}.`,
    (a, b) => `Є чорна перевірка від ${b} на ${a} — виставляю ${a}.`,
    (a, b) => `${b} перевірив ${a} чорним, тож ${a} — мій вибір.`,
  ],
  votedAgainst: [
    (a, b) => `${a} голосував проти ${b}. Мені це не подобається.`,
    (a, b) => `Голос ${a} у ${b} дивний. Придивлюся до ${a}.`,
    (a, b) => `Не розумію голос ${a} проти ${b}. ${a}, поясни.`,
  ],
  liar: [
    (a) => `${a} бреше: я червоний. Лжекомісар — ${a}.`,
    (a) => `Я не чорний. ${a} — не комісар, голосуйте за ${a}.`,
    (a) => `${a} бреше про мене. Отже, чорний — ${a}.`,
  ],
  defence: [
    "Я червоний, не витрачайте на мене голоси.",
    "Це не я. Шукайте деінде.",
    "Я за місто, ви помиляєтеся.",
  ],
};

const en: Phrases = {
  commissar: [
    "I am the commissar.",
    "I'll open up: I'm the commissar.",
    "Commissar here, listen.",
    "Plainly: I am the commissar.",
  ],
  checkBlack: [(a) => `${a} is black.`, (a) => `I checked ${a}: black.`, (a) => `My check on ${a}: black.`],
  checkRed: [(a) => `${a} is red.`, (a) => `I checked ${a}: red.`, (a) => `My check on ${a}: red.`],
  heal: [
    (a) => `I'm the doctor; last night I healed ${a}, and nobody died.`,
    (a) => `Doctor here: I stood on ${a} last night.`,
    (a) => `A night without deaths: I, the doctor, healed ${a}.`,
  ],
  votedCleared: [
    (a, b) => `${a} voted against ${b}, and ${b} was checked red. I suspect ${a}.`,
    (a, b) => `Why did ${a} vote against red ${b}? ${a} is a question for me.`,
    (a, b) => `${a} voted for ${b}, who was checked red. I'm watching ${a}.`,
  ],
  accuserKilled: [
    (a, b) => `${b} voted against ${a} and died that night. ${a}, anything to say?`,
    (a, b) => `${b} went after ${a}, and was killed in the night. I suspect ${a}.`,
    (a, b) => `${b} was killed after voting for ${a}. Look at ${a}.`,
  ],
  claimedBlack: [
    (a, b) => `Commissar ${b} named ${a} black. My vote goes to ${a}.`,
    (a, b) => `There's a black check from ${b} on ${a}: I put up ${a}.`,
    (a, b) => `${b} checked ${a} black, so ${a} is my choice.`,
  ],
  votedAgainst: [
    (a, b) => `${a} voted against ${b}. I don't like it.`,
    (a, b) => `${a}'s vote for ${b} was odd. I'll keep an eye on ${a}.`,
    (a, b) => `I don't get ${a}'s vote against ${b}. ${a}, explain.`,
  ],
  liar: [
    (a) => `${a} is lying: I am red. ${a} is a false commissar.`,
    (a) => `I'm not black. ${a} is no commissar: vote for ${a}.`,
    (a) => `${a} lies about me, so ${a} is the black one.`,
  ],
  defence: [
    "I'm red, don't waste your votes on me.",
    "It wasn't me. Look elsewhere.",
    "I'm with the city, you've got it wrong.",
  ],
};

export const PHRASES: Readonly<Record<TalkLanguage, Phrases>> = { ru, uk, en };
