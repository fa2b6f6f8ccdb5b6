// The widget's built-in messages in the languages the build knows: the default done message and the
// two statuses. The build writes the ones of a countdown's `lang` into its widget and page; the
// widget itself carries no table (its labels, numbers, plurals and dates come from the browser's
// Intl). A language not listed here gets English messages and Intl's labels.

export interface Messages {
  done: string;
  postponed: string;
  cancelled: string;
}

const MESSAGES: Record<string, Messages> = {
  en: { done: "The countdown has ended.", postponed: "Postponed", cancelled: "Cancelled" },
  ar: { done: "انتهى العد التنازلي.", postponed: "مؤجل", cancelled: "أُلغي" },
  cs: { done: "Odpočet skončil.", postponed: "Odloženo", cancelled: "Zrušeno" },
  da: { done: "Nedtællingen er slut.", postponed: "Udsat", cancelled: "Aflyst" },
  de: { done: "Der Countdown ist abgelaufen.", postponed: "Verschoben", cancelled: "Abgesagt" },
  es: { done: "La cuenta atrás ha terminado.", postponed: "Aplazado", cancelled: "Cancelado" },
  fi: { done: "Lähtölaskenta on päättynyt.", postponed: "Siirretty", cancelled: "Peruttu" },
  fr: { done: "Le compte à rebours est terminé.", postponed: "Reporté", cancelled: "Annulé" },
  he: { done: "הספירה לאחור הסתיימה.", postponed: "נדחה", cancelled: "בוטל" },
  hi: { done: "उलटी गिनती समाप्त हो गई।", postponed: "स्थगित", cancelled: "रद्द" },
  it: { done: "Il conto alla rovescia è terminato.", postponed: "Rinviato", cancelled: "Annullato" },
  ja: { done: "カウントダウンは終了しました。", postponed: "延期", cancelled: "中止" },
  ko: { done: "카운트다운이 끝났습니다.", postponed: "연기됨", cancelled: "취소됨" },
  nb: { done: "Nedtellingen er over.", postponed: "Utsatt", cancelled: "Avlyst" },
  nl: { done: "Het aftellen is voorbij.", postponed: "Uitgesteld", cancelled: "Geannuleerd" },
  pl: { done: "Odliczanie zakończone.", postponed: "Przełożone", cancelled: "Odwołane" },
  pt: { done: "A contagem regressiva terminou.", postponed: "Adiado", cancelled: "Cancelado" },
  ru: { done: "Обратный отсчёт завершён.", postponed: "Перенесено", cancelled: "Отменено" },
  sv: { done: "Nedräkningen är slut.", postponed: "Uppskjutet", cancelled: "Inställt" },
  tr: { done: "Geri sayım sona erdi.", postponed: "Ertelendi", cancelled: "İptal edildi" },
  uk: { done: "Зворотний відлік завершено.", postponed: "Перенесено", cancelled: "Скасовано" },
  zh: { done: "倒计时已结束。", postponed: "已延期", cancelled: "已取消" },
};

/** The messages of a language tag: its own, its language's (`pt-BR` -> `pt`), or English. */
export function messagesFor(lang: string): Messages {
  const language = lang.toLowerCase().split("-")[0]!;
  return MESSAGES[lang.toLowerCase()] ?? MESSAGES[language] ?? MESSAGES.en!;
}
