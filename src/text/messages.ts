import type { Repeat } from "../time/occurrence.ts";

// The widget's built-in messages in the languages the build knows: the default done message, the
// two statuses, the line under a postponed countdown's struck date, and the words that start and end a
// repeating countdown's rule (the weekday, month and time after it come from Intl, so the words need
// no grammatical case: "Weekly · Friday · 17:00"). The build writes the ones of a countdown's `lang` into its widget and page; the
// widget itself carries no table (its labels, numbers, plurals and dates come from the browser's
// Intl). A language not listed here gets English messages and Intl's labels.

export interface Messages {
  /** An evergreen countdown, where a date would be: "{duration} from your first visit". */
  evergreen: string;
  done: string;
  postponed: string;
  cancelled: string;
  /** Under a postponed countdown's struck date. */
  newDate: string;
  /** A repeating countdown's last day: "until {date}". */
  until: string;
  /** A repeating countdown's rule, before its weekday, day or date and its time: "Weekly · Friday · 17:00". */
  every: Record<Repeat, string>;
}

const MESSAGES: Record<string, Messages> = {
  en: { evergreen: "{duration} from your first visit", done: "The countdown has ended.", postponed: "Postponed", cancelled: "Cancelled", newDate: "New date to be announced", until: "until {date}", every: { daily: "Daily", weekly: "Weekly", monthly: "Monthly", yearly: "Yearly" } },
  ar: { evergreen: "{duration} من زيارتك الأولى", done: "انتهى العد التنازلي.", postponed: "مؤجل", cancelled: "أُلغي", newDate: "سيُعلن عن الموعد الجديد لاحقًا", until: "حتى {date}", every: { daily: "يوميًا", weekly: "أسبوعيًا", monthly: "شهريًا", yearly: "سنويًا" } },
  cs: { evergreen: "{duration} od vaší první návštěvy", done: "Odpočet skončil.", postponed: "Odloženo", cancelled: "Zrušeno", newDate: "Nový termín bude oznámen", until: "do {date}", every: { daily: "Denně", weekly: "Týdně", monthly: "Měsíčně", yearly: "Ročně" } },
  da: { evergreen: "{duration} fra dit første besøg", done: "Nedtællingen er slut.", postponed: "Udsat", cancelled: "Aflyst", newDate: "Ny dato følger", until: "indtil {date}", every: { daily: "Dagligt", weekly: "Ugentligt", monthly: "Månedligt", yearly: "Årligt" } },
  de: { evergreen: "{duration} ab Ihrem ersten Besuch", done: "Der Countdown ist abgelaufen.", postponed: "Verschoben", cancelled: "Abgesagt", newDate: "Neuer Termin folgt", until: "bis {date}", every: { daily: "Täglich", weekly: "Wöchentlich", monthly: "Monatlich", yearly: "Jährlich" } },
  es: { evergreen: "{duration} desde tu primera visita", done: "La cuenta atrás ha terminado.", postponed: "Aplazado", cancelled: "Cancelado", newDate: "Nueva fecha por anunciar", until: "hasta el {date}", every: { daily: "Cada día", weekly: "Cada semana", monthly: "Cada mes", yearly: "Cada año" } },
  fi: { evergreen: "{duration} ensimmäisestä käynnistäsi", done: "Lähtölaskenta on päättynyt.", postponed: "Siirretty", cancelled: "Peruttu", newDate: "Uusi ajankohta ilmoitetaan myöhemmin", until: "{date} asti", every: { daily: "Päivittäin", weekly: "Viikoittain", monthly: "Kuukausittain", yearly: "Vuosittain" } },
  fr: { evergreen: "{duration} à partir de votre première visite", done: "Le compte à rebours est terminé.", postponed: "Reporté", cancelled: "Annulé", newDate: "Nouvelle date à venir", until: "jusqu’au {date}", every: { daily: "Chaque jour", weekly: "Chaque semaine", monthly: "Chaque mois", yearly: "Chaque année" } },
  he: { evergreen: "{duration} מהביקור הראשון שלך", done: "הספירה לאחור הסתיימה.", postponed: "נדחה", cancelled: "בוטל", newDate: "מועד חדש יפורסם בהמשך", until: "עד {date}", every: { daily: "מדי יום", weekly: "מדי שבוע", monthly: "מדי חודש", yearly: "מדי שנה" } },
  hi: { evergreen: "आपकी पहली विज़िट से {duration}", done: "उलटी गिनती समाप्त हो गई।", postponed: "स्थगित", cancelled: "रद्द", newDate: "नई तारीख़ की घोषणा बाद में होगी", until: "{date} तक", every: { daily: "प्रतिदिन", weekly: "साप्ताहिक", monthly: "मासिक", yearly: "वार्षिक" } },
  it: { evergreen: "{duration} dalla tua prima visita", done: "Il conto alla rovescia è terminato.", postponed: "Rinviato", cancelled: "Annullato", newDate: "Nuova data da definire", until: "fino al {date}", every: { daily: "Ogni giorno", weekly: "Ogni settimana", monthly: "Ogni mese", yearly: "Ogni anno" } },
  ja: { evergreen: "初回訪問から{duration}", done: "カウントダウンは終了しました。", postponed: "延期", cancelled: "中止", newDate: "新しい日程は追って発表します", until: "{date}まで", every: { daily: "毎日", weekly: "毎週", monthly: "毎月", yearly: "毎年" } },
  ko: { evergreen: "첫 방문부터 {duration}", done: "카운트다운이 끝났습니다.", postponed: "연기됨", cancelled: "취소됨", newDate: "새 일정은 추후 공지됩니다", until: "{date}까지", every: { daily: "매일", weekly: "매주", monthly: "매월", yearly: "매년" } },
  nb: { evergreen: "{duration} fra ditt første besøk", done: "Nedtellingen er over.", postponed: "Utsatt", cancelled: "Avlyst", newDate: "Ny dato kommer", until: "til {date}", every: { daily: "Daglig", weekly: "Ukentlig", monthly: "Månedlig", yearly: "Årlig" } },
  nl: { evergreen: "{duration} vanaf je eerste bezoek", done: "Het aftellen is voorbij.", postponed: "Uitgesteld", cancelled: "Geannuleerd", newDate: "Nieuwe datum volgt", until: "tot {date}", every: { daily: "Dagelijks", weekly: "Wekelijks", monthly: "Maandelijks", yearly: "Jaarlijks" } },
  pl: { evergreen: "{duration} od pierwszej wizyty", done: "Odliczanie zakończone.", postponed: "Przełożone", cancelled: "Odwołane", newDate: "Nowy termin zostanie ogłoszony", until: "do {date}", every: { daily: "Codziennie", weekly: "Co tydzień", monthly: "Co miesiąc", yearly: "Co roku" } },
  pt: { evergreen: "{duration} a partir da sua primeira visita", done: "A contagem regressiva terminou.", postponed: "Adiado", cancelled: "Cancelado", newDate: "Nova data a anunciar", until: "até {date}", every: { daily: "Todos os dias", weekly: "Todas as semanas", monthly: "Todos os meses", yearly: "Todos os anos" } },
  ru: { evergreen: "{duration} с вашего первого визита", done: "Обратный отсчёт завершён.", postponed: "Перенесено", cancelled: "Отменено", newDate: "Новая дата будет объявлена", until: "до {date}", every: { daily: "Ежедневно", weekly: "Еженедельно", monthly: "Ежемесячно", yearly: "Ежегодно" } },
  sv: { evergreen: "{duration} från ditt första besök", done: "Nedräkningen är slut.", postponed: "Uppskjutet", cancelled: "Inställt", newDate: "Nytt datum meddelas senare", until: "till {date}", every: { daily: "Dagligen", weekly: "Varje vecka", monthly: "Varje månad", yearly: "Varje år" } },
  tr: { evergreen: "İlk ziyaretinizden itibaren {duration}", done: "Geri sayım sona erdi.", postponed: "Ertelendi", cancelled: "İptal edildi", newDate: "Yeni tarih daha sonra duyurulacak", until: "{date} tarihine kadar", every: { daily: "Her gün", weekly: "Her hafta", monthly: "Her ay", yearly: "Her yıl" } },
  uk: { evergreen: "{duration} від вашого першого відвідування", done: "Зворотний відлік завершено.", postponed: "Перенесено", cancelled: "Скасовано", newDate: "Нову дату буде оголошено", until: "до {date}", every: { daily: "Щодня", weekly: "Щотижня", monthly: "Щомісяця", yearly: "Щороку" } },
  zh: { evergreen: "自首次访问起{duration}", done: "倒计时已结束。", postponed: "已延期", cancelled: "已取消", newDate: "新日期待定", until: "至{date}", every: { daily: "每天", weekly: "每周", monthly: "每月", yearly: "每年" } },
};

/** The messages of a language tag: its own, its language's (`pt-BR` -> `pt`), or English. */
export function messagesFor(lang: string): Messages {
  const language = lang.toLowerCase().split("-")[0]!;
  return MESSAGES[lang.toLowerCase()] ?? MESSAGES[language] ?? MESSAGES.en!;
}

/**
 * An evergreen countdown's duration where a date would be, in its language: "3 days from your first
 * visit"; the duration in its largest whole unit (days, hours or minutes), as Intl words it.
 */
export const evergreenWords = (durationMs: number, lang: string): string => messagesFor(lang).evergreen.replace("{duration}", durationWords(durationMs, lang));

/** A duration in its largest whole unit, as Intl words it: "3 days", "36 Stunden", "90 minutes". */
export function durationWords(durationMs: number, lang: string): string {
  const [unit, size] = (([["day", 864e5], ["hour", 36e5]] as const).find(([, size]) => durationMs % size == 0) ?? ["minute", 6e4]) as [string, number];
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(Math.floor(durationMs / size));
}
