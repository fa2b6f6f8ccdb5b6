import type { Repeat } from "../vocabulary.ts";
import { DAY, HOUR, MINUTE } from "../time/units.ts";

// The widget's built-in messages in the languages the build knows: the default done message, the
// two statuses, the line under a postponed countdown's struck date, and the words that start and end a
// repeating countdown's rule (the weekday, month and time after it come from Intl, so the words need
// no grammatical case: "Weekly · Friday · 17:00"). The build writes the ones of a countdown's `lang` into its widget and page; the
// widget itself carries no table (its labels, numbers, plurals and dates come from the browser's
// Intl). A language not listed here gets English messages and Intl's labels.
// Over 400 lines: one table, a few lines for each language the build knows.

interface Messages {
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
  /** The badge's words once the target is reached (for an hour), and after. */
  liveNow: string;
  ended: string;
  /** What an email image says in place of the count (src/images/notice-image.ts); the badge of an unknown slug says `notFound` too. */
  notices: Record<Notice, string>;
}

/** The notices an email image may give instead of a countdown (an `<img>` shows no JSON): no such countdown, the live data unreadable, a refused start, busy, a link too long. */
export type Notice =
  | "notFound"
  | "unavailable"
  | "start_required"
  | "invalid_start"
  | "start_in_future"
  | "start_too_old"
  | "busy"
  | "badLink";

const MESSAGES: Record<string, Messages> = {
  en: {
    evergreen: "{duration} from your first visit",
    done: "The countdown has ended.",
    postponed: "Postponed",
    cancelled: "Cancelled",
    newDate: "New date to be announced",
    until: "until {date}",
    every: { daily: "Daily", weekly: "Weekly", monthly: "Monthly", yearly: "Yearly" },
    liveNow: "live now",
    ended: "ended",
    notices: {
      notFound: "Countdown not found",
      unavailable: "Countdown unavailable, back shortly",
      "start_required": "Add ?start= to this image's link",
      "invalid_start": "Start date not filled in or unreadable",
      "start_in_future": "Start date is in the future",
      "start_too_old": "Start date is over a year ago",
      busy: "Busy right now, open again shortly",
      badLink: "Image link too long: send each option once",
    },
  },
  ar: {
    evergreen: "{duration} من زيارتك الأولى",
    done: "انتهى العد التنازلي.",
    postponed: "مؤجل",
    cancelled: "أُلغي",
    newDate: "سيُعلن عن الموعد الجديد لاحقًا",
    until: "حتى {date}",
    every: { daily: "يوميًا", weekly: "أسبوعيًا", monthly: "شهريًا", yearly: "سنويًا" },
    liveNow: "مباشر الآن",
    ended: "انتهى",
    notices: {
      notFound: "لم يُعثر على العد التنازلي",
      unavailable: "العد التنازلي غير متاح، يعود قريبًا",
      "start_required": "أضف ?start= إلى رابط هذه الصورة",
      "invalid_start": "تاريخ البدء فارغ أو غير مقروء",
      "start_in_future": "تاريخ البدء في المستقبل",
      "start_too_old": "تاريخ البدء قبل أكثر من عام",
      busy: "مشغول الآن، افتحها بعد قليل",
      badLink: "رابط الصورة طويل جدًا: أرسل كل خيار مرة واحدة",
    },
  },
  cs: {
    evergreen: "{duration} od vaší první návštěvy",
    done: "Odpočet skončil.",
    postponed: "Odloženo",
    cancelled: "Zrušeno",
    newDate: "Nový termín bude oznámen",
    until: "do {date}",
    every: { daily: "Denně", weekly: "Týdně", monthly: "Měsíčně", yearly: "Ročně" },
    liveNow: "právě živě",
    ended: "skončilo",
    notices: {
      notFound: "Odpočet nenalezen",
      unavailable: "Odpočet není dostupný, brzy zpět",
      "start_required": "Přidejte ?start= do odkazu tohoto obrázku",
      "invalid_start": "Datum začátku chybí nebo je nečitelné",
      "start_in_future": "Datum začátku je v budoucnosti",
      "start_too_old": "Datum začátku je starší než rok",
      busy: "Právě zaneprázdněno, otevřete znovu za chvíli",
      badLink: "Odkaz obrázku je příliš dlouhý: každou volbu jednou",
    },
  },
  da: {
    evergreen: "{duration} fra dit første besøg",
    done: "Nedtællingen er slut.",
    postponed: "Udsat",
    cancelled: "Aflyst",
    newDate: "Ny dato følger",
    until: "indtil {date}",
    every: { daily: "Dagligt", weekly: "Ugentligt", monthly: "Månedligt", yearly: "Årligt" },
    liveNow: "live nu",
    ended: "slut",
    notices: {
      notFound: "Nedtællingen blev ikke fundet",
      unavailable: "Nedtællingen er utilgængelig, tilbage snart",
      "start_required": "Tilføj ?start= til billedets link",
      "invalid_start": "Startdato mangler eller er ulæselig",
      "start_in_future": "Startdatoen ligger i fremtiden",
      "start_too_old": "Startdatoen er over et år siden",
      busy: "Optaget lige nu, åbn igen om lidt",
      badLink: "Billedlinket er for langt: hver indstilling én gang",
    },
  },
  de: {
    evergreen: "{duration} ab Ihrem ersten Besuch",
    done: "Der Countdown ist abgelaufen.",
    postponed: "Verschoben",
    cancelled: "Abgesagt",
    newDate: "Neuer Termin folgt",
    until: "bis {date}",
    every: { daily: "Täglich", weekly: "Wöchentlich", monthly: "Monatlich", yearly: "Jährlich" },
    liveNow: "jetzt live",
    ended: "abgelaufen",
    notices: {
      notFound: "Countdown nicht gefunden",
      unavailable: "Countdown nicht verfügbar, gleich wieder da",
      "start_required": "Fügen Sie ?start= zum Link dieses Bildes hinzu",
      "invalid_start": "Startdatum fehlt oder ist unlesbar",
      "start_in_future": "Startdatum liegt in der Zukunft",
      "start_too_old": "Startdatum liegt über ein Jahr zurück",
      busy: "Gerade ausgelastet, bitte gleich erneut öffnen",
      badLink: "Bildlink zu lang: jede Option nur einmal senden",
    },
  },
  es: {
    evergreen: "{duration} desde tu primera visita",
    done: "La cuenta atrás ha terminado.",
    postponed: "Aplazado",
    cancelled: "Cancelado",
    newDate: "Nueva fecha por anunciar",
    until: "hasta el {date}",
    every: { daily: "Cada día", weekly: "Cada semana", monthly: "Cada mes", yearly: "Cada año" },
    liveNow: "en directo",
    ended: "terminada",
    notices: {
      notFound: "Cuenta atrás no encontrada",
      unavailable: "Cuenta atrás no disponible, vuelve en breve",
      "start_required": "Añade ?start= al enlace de esta imagen",
      "invalid_start": "Fecha de inicio vacía o ilegible",
      "start_in_future": "La fecha de inicio está en el futuro",
      "start_too_old": "La fecha de inicio es de hace más de un año",
      busy: "Ocupado ahora, vuelve a abrirla en un momento",
      badLink: "Enlace de imagen demasiado largo: cada opción una vez",
    },
  },
  fi: {
    evergreen: "{duration} ensimmäisestä käynnistäsi",
    done: "Lähtölaskenta on päättynyt.",
    postponed: "Siirretty",
    cancelled: "Peruttu",
    newDate: "Uusi ajankohta ilmoitetaan myöhemmin",
    until: "{date} asti",
    every: { daily: "Päivittäin", weekly: "Viikoittain", monthly: "Kuukausittain", yearly: "Vuosittain" },
    liveNow: "käynnissä nyt",
    ended: "päättynyt",
    notices: {
      notFound: "Lähtölaskentaa ei löytynyt",
      unavailable: "Lähtölaskenta ei ole saatavilla, palaa pian",
      "start_required": "Lisää ?start= tämän kuvan linkkiin",
      "invalid_start": "Aloituspäivä puuttuu tai on lukukelvoton",
      "start_in_future": "Aloituspäivä on tulevaisuudessa",
      "start_too_old": "Aloituspäivästä on yli vuosi",
      busy: "Kiireinen juuri nyt, avaa pian uudelleen",
      badLink: "Kuvan linkki on liian pitkä: kukin valinta kerran",
    },
  },
  fr: {
    evergreen: "{duration} à partir de votre première visite",
    done: "Le compte à rebours est terminé.",
    postponed: "Reporté",
    cancelled: "Annulé",
    newDate: "Nouvelle date à venir",
    until: "jusqu’au {date}",
    every: { daily: "Chaque jour", weekly: "Chaque semaine", monthly: "Chaque mois", yearly: "Chaque année" },
    liveNow: "en direct",
    ended: "terminé",
    notices: {
      notFound: "Compte à rebours introuvable",
      unavailable: "Compte à rebours indisponible, de retour sous peu",
      "start_required": "Ajoutez ?start= au lien de cette image",
      "invalid_start": "Date de début absente ou illisible",
      "start_in_future": "La date de début est dans le futur",
      "start_too_old": "La date de début date de plus d’un an",
      busy: "Occupé, rouvrez dans un instant",
      badLink: "Lien d’image trop long : chaque option une seule fois",
    },
  },
  he: {
    evergreen: "{duration} מהביקור הראשון שלך",
    done: "הספירה לאחור הסתיימה.",
    postponed: "נדחה",
    cancelled: "בוטל",
    newDate: "מועד חדש יפורסם בהמשך",
    until: "עד {date}",
    every: { daily: "מדי יום", weekly: "מדי שבוע", monthly: "מדי חודש", yearly: "מדי שנה" },
    liveNow: "בשידור חי",
    ended: "הסתיים",
    notices: {
      notFound: "הספירה לאחור לא נמצאה",
      unavailable: "הספירה לאחור אינה זמינה, תחזור בקרוב",
      "start_required": "הוסיפו ?start= לקישור של התמונה",
      "invalid_start": "תאריך ההתחלה חסר או לא קריא",
      "start_in_future": "תאריך ההתחלה בעתיד",
      "start_too_old": "תאריך ההתחלה לפני יותר משנה",
      busy: "עמוס כרגע, פתחו שוב בעוד רגע",
      badLink: "קישור התמונה ארוך מדי: כל אפשרות פעם אחת",
    },
  },
  hi: {
    evergreen: "आपकी पहली विज़िट से {duration}",
    done: "उलटी गिनती समाप्त हो गई।",
    postponed: "स्थगित",
    cancelled: "रद्द",
    newDate: "नई तारीख़ की घोषणा बाद में होगी",
    until: "{date} तक",
    every: { daily: "प्रतिदिन", weekly: "साप्ताहिक", monthly: "मासिक", yearly: "वार्षिक" },
    liveNow: "अभी लाइव",
    ended: "समाप्त",
    notices: {
      notFound: "उलटी गिनती नहीं मिली",
      unavailable: "उलटी गिनती अभी उपलब्ध नहीं, जल्द लौटेगी",
      "start_required": "इस छवि के लिंक में ?start= जोड़ें",
      "invalid_start": "आरंभ तिथि खाली है या पढ़ी नहीं जा सकती",
      "start_in_future": "आरंभ तिथि भविष्य में है",
      "start_too_old": "आरंभ तिथि एक साल से पुरानी है",
      busy: "अभी व्यस्त, थोड़ी देर में फिर खोलें",
      badLink: "छवि का लिंक बहुत लंबा: हर विकल्प एक बार",
    },
  },
  it: {
    evergreen: "{duration} dalla tua prima visita",
    done: "Il conto alla rovescia è terminato.",
    postponed: "Rinviato",
    cancelled: "Annullato",
    newDate: "Nuova data da definire",
    until: "fino al {date}",
    every: { daily: "Ogni giorno", weekly: "Ogni settimana", monthly: "Ogni mese", yearly: "Ogni anno" },
    liveNow: "in diretta",
    ended: "terminato",
    notices: {
      notFound: "Conto alla rovescia non trovato",
      unavailable: "Conto alla rovescia non disponibile, torna a breve",
      "start_required": "Aggiungi ?start= al link di questa immagine",
      "invalid_start": "Data di inizio mancante o illeggibile",
      "start_in_future": "La data di inizio è nel futuro",
      "start_too_old": "La data di inizio risale a oltre un anno fa",
      busy: "Occupato, riapri tra poco",
      badLink: "Link dell’immagine troppo lungo: ogni opzione una volta",
    },
  },
  ja: {
    evergreen: "初回訪問から{duration}",
    done: "カウントダウンは終了しました。",
    postponed: "延期",
    cancelled: "中止",
    newDate: "新しい日程は追って発表します",
    until: "{date}まで",
    every: { daily: "毎日", weekly: "毎週", monthly: "毎月", yearly: "毎年" },
    liveNow: "ライブ中",
    ended: "終了",
    notices: {
      notFound: "カウントダウンが見つかりません",
      unavailable: "カウントダウンは一時的に利用できません",
      "start_required": "この画像のリンクに ?start= を追加してください",
      "invalid_start": "開始日が未入力か読み取れません",
      "start_in_future": "開始日が未来になっています",
      "start_too_old": "開始日が1年以上前です",
      busy: "混雑中です。しばらくしてから開いてください",
      badLink: "画像のリンクが長すぎます：各オプションは1回だけ",
    },
  },
  ko: {
    evergreen: "첫 방문부터 {duration}",
    done: "카운트다운이 끝났습니다.",
    postponed: "연기됨",
    cancelled: "취소됨",
    newDate: "새 일정은 추후 공지됩니다",
    until: "{date}까지",
    every: { daily: "매일", weekly: "매주", monthly: "매월", yearly: "매년" },
    liveNow: "라이브 중",
    ended: "종료",
    notices: {
      notFound: "카운트다운을 찾을 수 없습니다",
      unavailable: "카운트다운을 사용할 수 없습니다. 곧 돌아옵니다",
      "start_required": "이 이미지 링크에 ?start=를 추가하세요",
      "invalid_start": "시작 날짜가 비어 있거나 읽을 수 없습니다",
      "start_in_future": "시작 날짜가 미래입니다",
      "start_too_old": "시작 날짜가 1년 이상 지났습니다",
      busy: "지금은 바쁩니다. 잠시 후 다시 여세요",
      badLink: "이미지 링크가 너무 깁니다: 각 옵션은 한 번만",
    },
  },
  nb: {
    evergreen: "{duration} fra ditt første besøk",
    done: "Nedtellingen er over.",
    postponed: "Utsatt",
    cancelled: "Avlyst",
    newDate: "Ny dato kommer",
    until: "til {date}",
    every: { daily: "Daglig", weekly: "Ukentlig", monthly: "Månedlig", yearly: "Årlig" },
    liveNow: "direkte nå",
    ended: "over",
    notices: {
      notFound: "Fant ikke nedtellingen",
      unavailable: "Nedtellingen er utilgjengelig, tilbake snart",
      "start_required": "Legg til ?start= i bildets lenke",
      "invalid_start": "Startdato mangler eller er uleselig",
      "start_in_future": "Startdatoen er i fremtiden",
      "start_too_old": "Startdatoen er over ett år siden",
      busy: "Opptatt akkurat nå, åpne igjen snart",
      badLink: "Bildelenken er for lang: hvert valg én gang",
    },
  },
  nl: {
    evergreen: "{duration} vanaf je eerste bezoek",
    done: "Het aftellen is voorbij.",
    postponed: "Uitgesteld",
    cancelled: "Geannuleerd",
    newDate: "Nieuwe datum volgt",
    until: "tot {date}",
    every: { daily: "Dagelijks", weekly: "Wekelijks", monthly: "Maandelijks", yearly: "Jaarlijks" },
    liveNow: "nu live",
    ended: "afgelopen",
    notices: {
      notFound: "Aftelklok niet gevonden",
      unavailable: "Aftelklok niet beschikbaar, zo terug",
      "start_required": "Voeg ?start= toe aan de link van deze afbeelding",
      "invalid_start": "Startdatum ontbreekt of is onleesbaar",
      "start_in_future": "Startdatum ligt in de toekomst",
      "start_too_old": "Startdatum ligt meer dan een jaar terug",
      busy: "Nu bezet, open zo opnieuw",
      badLink: "Afbeeldingslink te lang: elke optie één keer",
    },
  },
  pl: {
    evergreen: "{duration} od pierwszej wizyty",
    done: "Odliczanie zakończone.",
    postponed: "Przełożone",
    cancelled: "Odwołane",
    newDate: "Nowy termin zostanie ogłoszony",
    until: "do {date}",
    every: { daily: "Codziennie", weekly: "Co tydzień", monthly: "Co miesiąc", yearly: "Co roku" },
    liveNow: "na żywo",
    ended: "zakończone",
    notices: {
      notFound: "Nie znaleziono odliczania",
      unavailable: "Odliczanie niedostępne, wróci wkrótce",
      "start_required": "Dodaj ?start= do linku tego obrazu",
      "invalid_start": "Brak daty początkowej lub jest nieczytelna",
      "start_in_future": "Data początkowa jest w przyszłości",
      "start_too_old": "Data początkowa jest sprzed ponad roku",
      busy: "Zajęte, otwórz ponownie za chwilę",
      badLink: "Link obrazu za długi: każda opcja raz",
    },
  },
  pt: {
    evergreen: "{duration} a partir da sua primeira visita",
    done: "A contagem regressiva terminou.",
    postponed: "Adiado",
    cancelled: "Cancelado",
    newDate: "Nova data a anunciar",
    until: "até {date}",
    every: { daily: "Todos os dias", weekly: "Todas as semanas", monthly: "Todos os meses", yearly: "Todos os anos" },
    liveNow: "ao vivo",
    ended: "terminou",
    notices: {
      notFound: "Contagem regressiva não encontrada",
      unavailable: "Contagem regressiva indisponível, volta em breve",
      "start_required": "Adicione ?start= ao link desta imagem",
      "invalid_start": "Data de início em falta ou ilegível",
      "start_in_future": "A data de início está no futuro",
      "start_too_old": "A data de início é de há mais de um ano",
      busy: "Ocupado, abra de novo daqui a pouco",
      badLink: "Link da imagem longo demais: cada opção uma vez",
    },
  },
  ru: {
    evergreen: "{duration} с вашего первого визита",
    done: "Обратный отсчёт завершён.",
    postponed: "Перенесено",
    cancelled: "Отменено",
    newDate: "Новая дата будет объявлена",
    until: "до {date}",
    every: { daily: "Ежедневно", weekly: "Еженедельно", monthly: "Ежемесячно", yearly: "Ежегодно" },
    liveNow: "в эфире",
    ended: "завершён",
    notices: {
      notFound: "Обратный отсчёт не найден",
      unavailable: "Обратный отсчёт недоступен, скоро вернётся",
      "start_required": "Добавьте ?start= в ссылку на это изображение",
      "invalid_start": "Дата начала не указана или не читается",
      "start_in_future": "Дата начала в будущем",
      "start_too_old": "Дата начала более года назад",
      busy: "Сейчас занято, откройте чуть позже",
      badLink: "Ссылка на изображение слишком длинная: каждый параметр один раз",
    },
  },
  sv: {
    evergreen: "{duration} från ditt första besök",
    done: "Nedräkningen är slut.",
    postponed: "Uppskjutet",
    cancelled: "Inställt",
    newDate: "Nytt datum meddelas senare",
    until: "till {date}",
    every: { daily: "Dagligen", weekly: "Varje vecka", monthly: "Varje månad", yearly: "Varje år" },
    liveNow: "live nu",
    ended: "slut",
    notices: {
      notFound: "Nedräkningen hittades inte",
      unavailable: "Nedräkningen är inte tillgänglig, tillbaka snart",
      "start_required": "Lägg till ?start= i bildens länk",
      "invalid_start": "Startdatum saknas eller är oläsligt",
      "start_in_future": "Startdatumet ligger i framtiden",
      "start_too_old": "Startdatumet är mer än ett år sedan",
      busy: "Upptagen just nu, öppna igen snart",
      badLink: "Bildlänken är för lång: varje alternativ en gång",
    },
  },
  tr: {
    evergreen: "İlk ziyaretinizden itibaren {duration}",
    done: "Geri sayım sona erdi.",
    postponed: "Ertelendi",
    cancelled: "İptal edildi",
    newDate: "Yeni tarih daha sonra duyurulacak",
    until: "{date} tarihine kadar",
    every: { daily: "Her gün", weekly: "Her hafta", monthly: "Her ay", yearly: "Her yıl" },
    liveNow: "şimdi canlı",
    ended: "bitti",
    notices: {
      notFound: "Geri sayım bulunamadı",
      unavailable: "Geri sayım kullanılamıyor, birazdan döner",
      "start_required": "Bu görselin bağlantısına ?start= ekleyin",
      "invalid_start": "Başlangıç tarihi eksik veya okunamıyor",
      "start_in_future": "Başlangıç tarihi gelecekte",
      "start_too_old": "Başlangıç tarihi bir yıldan eski",
      busy: "Şu an meşgul, birazdan tekrar açın",
      badLink: "Görsel bağlantısı çok uzun: her seçenek bir kez",
    },
  },
  uk: {
    evergreen: "{duration} від вашого першого відвідування",
    done: "Зворотний відлік завершено.",
    postponed: "Перенесено",
    cancelled: "Скасовано",
    newDate: "Нову дату буде оголошено",
    until: "до {date}",
    every: { daily: "Щодня", weekly: "Щотижня", monthly: "Щомісяця", yearly: "Щороку" },
    liveNow: "наживо",
    ended: "завершено",
    notices: {
      notFound: "Зворотний відлік не знайдено",
      unavailable: "Зворотний відлік недоступний, скоро повернеться",
      "start_required": "Додайте ?start= до посилання на це зображення",
      "invalid_start": "Дату початку не вказано або не читається",
      "start_in_future": "Дата початку в майбутньому",
      "start_too_old": "Дата початку понад рік тому",
      busy: "Зараз зайнято, відкрийте трохи згодом",
      badLink: "Посилання на зображення задовге: кожен параметр один раз",
    },
  },
  zh: {
    evergreen: "自首次访问起{duration}",
    done: "倒计时已结束。",
    postponed: "已延期",
    cancelled: "已取消",
    newDate: "新日期待定",
    until: "至{date}",
    every: { daily: "每天", weekly: "每周", monthly: "每月", yearly: "每年" },
    liveNow: "直播中",
    ended: "已结束",
    notices: {
      notFound: "未找到倒计时",
      unavailable: "倒计时暂不可用，稍后恢复",
      "start_required": "请在此图片链接中添加 ?start=",
      "invalid_start": "开始日期未填写或无法读取",
      "start_in_future": "开始日期在未来",
      "start_too_old": "开始日期超过一年前",
      busy: "当前繁忙，请稍后再打开",
      badLink: "图片链接过长：每个选项只发送一次",
    },
  },
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
export const evergreenWords = (durationMs: number, lang: string): string =>
  messagesFor(lang).evergreen.replace("{duration}", durationWords(durationMs, lang));

/** A duration in its largest whole unit, as Intl words it: "3 days", "36 Stunden", "90 minutes". */
export function durationWords(durationMs: number, lang: string): string {
  const [unit, size] = ((
    [
      ["day", DAY],
      ["hour", HOUR],
    ] as const
  ).find(([, size]) => durationMs % size == 0) ?? ["minute", MINUTE]) as [string, number];
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "long" }).format(
    Math.floor(durationMs / size),
  );
}
